package org.oxisync.store.chunks;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fsyncs many files (or directories) at once, so that the file system groups them into a few journal commits (one
 * fdatasync at a time cost about 6.8 ms per chunk here: 9 MiB/s).
 *
 * <p>fsync blocks in the kernel, so it does not belong on a shared CPU pool: up to {@code threads} run at once on
 * this store's own threads, the caller's included. The threads are kept for {@link #KEEP_ALIVE_SECONDS} after their
 * last fsync (a busy run commits many batches a second; the soak benchmark's idle check samples threads 3 s after
 * a run) and then end: a fresh thread per batch (as before) cost a thread start, its thread-local set-up and
 * its exit for every commit; profiled with ten daemons (bench/README.md, "Many clients, one folder"), that churn was
 * about 7 % of their Java CPU. An idle client holds none of these threads.
 */
final class ConcurrentFsync {
    private static final Logger log = LoggerFactory.getLogger(ConcurrentFsync.class);
    static final long KEEP_ALIVE_SECONDS = 2;

    private final int threads;
    private final ThreadPoolExecutor pool;

    ConcurrentFsync(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        this.threads = threads;
        int helpers = Math.max(1, threads - 1); // the caller is one of the threads
        this.pool = new ThreadPoolExecutor(helpers, helpers, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "oxisync-chunk-fsync");
                    t.setDaemon(true);
                    return t;
                });
        this.pool.allowCoreThreadTimeOut(true);
    }

    /** The helper threads alive now (idle ones end after {@link #KEEP_ALIVE_SECONDS}). */
    int liveThreads() {
        return pool.getPoolSize();
    }

    /**
     * Fsyncs all {@code paths} (directories if {@code directories}) and returns when every one is done; the first
     * failure is thrown after all have finished. A directory that cannot be opened for fsync (Windows) is skipped:
     * the rename before it is still atomic there.
     */
    void forceAll(List<Path> paths, boolean directories) throws IOException {
        if (paths.size() <= 1) {
            for (Path p : paths) {
                force(p, directories);
            }
            return;
        }
        AtomicInteger next = new AtomicInteger();
        AtomicReference<IOException> failure = new AtomicReference<>();
        CountDownLatch finished = new CountDownLatch(paths.size());
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < paths.size(); i = next.getAndIncrement()) {
                try {
                    force(paths.get(i), directories);
                } catch (IOException | RuntimeException e) {
                    failure.compareAndSet(null, e instanceof IOException io ? io : new IOException(e));
                } finally {
                    finished.countDown();
                }
            }
        };
        int helpers = Math.min(threads, paths.size()) - 1;
        for (int t = 0; t < helpers; t++) {
            pool.execute(worker); // a helper that starts after the caller took every path finds nothing to do
        }
        worker.run();
        boolean interrupted = false;
        while (true) {
            try {
                finished.await(); // every path, not every helper: one still queued behind another batch is not waited for
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the fsyncs must finish before the batch may go on
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    private static void force(Path p, boolean directory) throws IOException {
        if (directory) {
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
                ch.force(true);
            } catch (IOException e) {
                log.debug("directory fsync not supported for {}", p, e);
            }
        } else {
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
                ch.force(false);
            }
        }
    }
}
