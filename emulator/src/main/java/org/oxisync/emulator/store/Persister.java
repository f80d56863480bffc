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
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the metadata snapshot ({@code metadata.json}) atomically (temp file, fsync, rename), at most
 * {@value #DELAY_MS} ms after a change, and once more on close. A crash loses at most that window.
 */
final class Persister implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Persister.class);
    static final long DELAY_MS = 50;

    private final Path file;
    private final Supplier<byte[]> snapshot;
    private final ScheduledExecutorService exec = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "emulator-persist");
        t.setDaemon(true);
        return t;
    });
    private final java.util.concurrent.atomic.AtomicBoolean scheduled = new java.util.concurrent.atomic.AtomicBoolean();
    private final Object writeLock = new Object();

    Persister(Path file, Supplier<byte[]> snapshot) {
        this.file = file;
        this.snapshot = snapshot;
    }

    /**
     * Lock-free on purpose: callers hold the tree lock, and the writer takes the tree lock to snapshot,
     * so taking a persister lock here could deadlock.
     */
    void markDirty() {
        if (scheduled.compareAndSet(false, true)) {
            try {
                exec.schedule(this::writeNow, DELAY_MS, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                scheduled.set(false); // closing: close() writes the final snapshot
            }
        }
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
        byte[] data = snapshot.get(); // takes the tree lock; no persister lock is held here
        synchronized (writeLock) {
            writeFile(data);
        }
    }

    private void writeFile(byte[] data) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
             OutputStream out = java.nio.channels.Channels.newOutputStream(ch)) {
            out.write(data);
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
