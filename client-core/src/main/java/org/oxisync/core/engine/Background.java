package org.oxisync.core.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * One step of a run on a daemon thread of its own, beside the run's thread: remote discovery beside the local scan,
 * the remote half of narrowing beside the local half. {@link #join()} gives its result or rethrows its failure as
 * the run would have met it on its own thread.
 *
 * @param <T> the step's result
 */
final class Background<T> {
    /** The step: may fail with an I/O error or a protocol (runtime) error. */
    @FunctionalInterface
    interface Step<T> {
        T run() throws IOException;
    }

    private final CompletableFuture<T> future;
    private final Thread thread;

    private Background(CompletableFuture<T> future, Thread thread) {
        this.future = future;
        this.thread = thread;
    }

    static <T> Background<T> start(String threadName, Step<T> step) {
        CompletableFuture<T> future = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                future.complete(step.run());
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        }, threadName);
        t.setDaemon(true);
        t.start();
        return new Background<>(future, t);
    }

    T join() throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for " + thread.getName());
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
            throw new IllegalStateException(thread.getName() + " failed", cause);
        }
    }

    /** {@link #join()} for a step that does no I/O. */
    T joinUnchecked() {
        try {
            return join();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
