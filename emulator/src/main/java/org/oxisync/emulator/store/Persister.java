package org.oxisync.emulator.store;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the metadata snapshot ({@code metadata.json}) atomically (temp file, fsync, rename) after a change, and
 * once more on close. A crash loses at most the window between two writes.
 *
 * <p>The window is {@value #DELAY_MS} ms, or {@value #SCALE} times the last write's duration when that is longer
 * (at most {@value #MAX_DELAY_MS} ms): every snapshot holds the whole tree, so with a fixed window a stream of
 * uploads into a large tree spent most of the emulator's CPU re-serializing it (10,000 small uploads: the largest
 * cost in a profile). Scaling the window keeps snapshots under about 1/{@value #SCALE} of one core whatever the
 * tree's size (with 10 instead of 40 they were still about a tenth of the emulator's CPU in that upload). The cap
 * was 2 s until a million-file tree (bulk seeded, bench/README.md "A million files") took about 20 s per snapshot,
 * all of it under the tree lock: with a 2 s cap the emulator answered requests less than a tenth of the time while a
 * client synced edits. The cap is now {@value #MAX_DELAY_MS} ms (that 20 s snapshot at most every 5 minutes); the
 * price is a longer window of writes a crash (not a stop: {@link #close} writes) can lose, only for trees whose
 * snapshot takes over 50 ms.
 *
 * <p>The snapshot is serialized straight into the temp file (under the tree lock, as the byte array it replaced
 * was built): at a million files that array was a few hundred MB, plus the copies of a growing buffer. A bulk
 * operation ({@link #hold}, {@link #release}) defers every write to one at its end.
 */
final class Persister implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Persister.class);
    static final long DELAY_MS = 50;
    static final long MAX_DELAY_MS = 300_000;
    static final long SCALE = 40;
    private volatile long lastWriteMillis;

    private final Path file;
    private final Snapshotter snapshot;
    private final AtomicInteger holds = new AtomicInteger();
    private final AtomicBoolean dirtyWhileHeld = new AtomicBoolean();
    private final ScheduledExecutorService exec = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "emulator-persist");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final Object writeLock = new Object();

    /** Writes the whole state as JSON, taking the tree lock itself. */
    @FunctionalInterface
    interface Snapshotter {
        void writeTo(OutputStream out) throws IOException;
    }

    Persister(Path file, Snapshotter snapshot) {
        this.file = file;
        this.snapshot = snapshot;
    }

    /**
     * Lock-free on purpose: callers hold the tree lock, and the writer takes the tree lock to snapshot,
     * so taking a persister lock here could deadlock.
     */
    void markDirty() {
        if (holds.get() > 0) {
            dirtyWhileHeld.set(true);
            return;
        }
        if (scheduled.compareAndSet(false, true)) {
            try {
                exec.schedule(this::writeNow, delayMillis(), TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                scheduled.set(false); // closing: close() writes the final snapshot
            }
        }
    }

    /** Defers writes until the matching {@link #release} (nested holds count). */
    void hold() {
        holds.incrementAndGet();
    }

    /** Ends a {@link #hold}; the last release writes once, now, if anything changed meanwhile. */
    void release() throws IOException {
        if (holds.decrementAndGet() == 0 && dirtyWhileHeld.getAndSet(false)) {
            write();
        }
    }

    /**
     * Seeds the window with how long a write of the loaded tree is expected to take (the caller passes how long
     * reading it took). Without it a restarted emulator holding a large tree wrote its first snapshot
     * {@value #DELAY_MS} ms after the first change, under the tree lock: at a million files that stopped every
     * request for 6-8 s in the middle of the first client run after a restart (a flight recording of
     * bench/scripts/e2e-edit-probe.sh, 2026-12-02), which a long-running emulator, like the real server, never does.
     */
    void expectWriteMillis(long millis) {
        if (lastWriteMillis == 0) {
            lastWriteMillis = Math.max(0, millis);
        }
    }

    long delayMillis() {
        return Math.min(MAX_DELAY_MS, Math.max(DELAY_MS, SCALE * lastWriteMillis));
    }

    private void writeNow() {
        scheduled.set(false);
        try {
            write();
        } catch (IOException e) {
            LOG.error("could not write the emulator metadata snapshot {}", file, e);
        }
    }

    void write() throws IOException {
        long start = System.nanoTime();
        synchronized (writeLock) {
            writeFile();
        }
        lastWriteMillis = (System.nanoTime() - start) / 1_000_000;
    }

    /** Lock order: the persister's write lock, then the tree lock (inside the snapshotter); never the reverse. */
    private void writeFile() throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            OutputStream out = new java.io.BufferedOutputStream(java.nio.channels.Channels.newOutputStream(ch), 1 << 16);
            snapshot.writeTo(out);
            out.flush();
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void close() throws IOException {
        exec.shutdown();
        try {
            exec.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        write();
    }
}
