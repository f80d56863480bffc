package org.oxisync.core.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.oxisync.core.remote.RemoteScan;

/**
 * Remote discovery on its own thread, so that it overlaps the local scan of a full run. {@link #join()} gives its
 * result or rethrows its failure as the engine would have met it on its own thread.
 */
final class BackgroundDiscovery {
    /** The discovery step: may fail with an I/O error or a protocol error, like {@code SyncEngine.discover}. */
    @FunctionalInterface
    interface Step {
        RemoteScan run() throws IOException;
    }

    private final CompletableFuture<RemoteScan> future;
    private final Thread thread;

    private BackgroundDiscovery(CompletableFuture<RemoteScan> future, Thread thread) {
        this.future = future;
        this.thread = thread;
    }

    static BackgroundDiscovery start(Step step) {
        CompletableFuture<RemoteScan> future = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                future.complete(step.run());
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        }, "oxisync-discover");
        t.setDaemon(true);
        t.start();
        return new BackgroundDiscovery(future, t);
    }

    RemoteScan join() throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while listing the server");
        } catch (ExecutionException | CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            if (cause instanceof RuntimeException re) { // OxiCloudException included
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("remote discovery failed", cause);
        }
    }

    /** Waits for the thread to end (after a stop or a failed scan), without rethrowing its outcome. */
    void awaitQuietly() {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
