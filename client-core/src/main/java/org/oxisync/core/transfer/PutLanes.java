package org.oxisync.core.transfer;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.oxisync.core.transfer.queue.ChunkQueue;
import org.oxisync.core.transfer.queue.CursorClearQueue;
import org.oxisync.protocol.ChunkSlice;

/**
 * The PUT side of one delta upload: the cursor-clear queue of missing chunks and {@code lanes} threads that take
 * batches of up to {@code batchBytes} (frame prefixes included) from it and send them, each lane on its own
 * connection. The producer (negotiation, or a commit's {@code still_missing} round) keeps running meanwhile.
 *
 * <p>A lane takes a batch only when a full one is queued, or any remainder once {@link #awaitDrained()} asks for
 * it. It checks {@code stopRequested} before each batch (a safe point: every finished PUT was recorded by the
 * sender). The first failure of any lane stops every lane from taking more batches (PUTs in flight finish) and is
 * rethrown to the producer by its next {@link #awaitRoom(int)} or {@link #awaitDrained()}.
 */
final class PutLanes implements AutoCloseable {
    /** Sends one batch and records it (resume state, counters); runs on a lane thread. */
    @FunctionalInterface
    interface Sender {
        void send(List<ChunkSlice> batch) throws TransferException;
    }

    private final ChunkQueue<ChunkSlice> queue = new CursorClearQueue<>(ChunkSlice::frameBytes);
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final long batchBytes;
    private final Sender sender;
    private final BooleanSupplier stopRequested;
    private final String what;
    private final List<Thread> threads = new ArrayList<>();
    private long queuedBytes;
    private int inFlight;
    private boolean flush;
    private boolean closed;
    private boolean stopped;
    private Throwable failure;

    /**
     * @param what names the transfer in the {@link TransferException.Stopped} message (the file's pair path)
     */
    PutLanes(int lanes, long batchBytes, Sender sender, BooleanSupplier stopRequested, String what) {
        if (lanes < 1) {
            throw new IllegalArgumentException("at least one PUT lane");
        }
        this.batchBytes = batchBytes;
        this.sender = Objects.requireNonNull(sender, "sender");
        this.stopRequested = Objects.requireNonNull(stopRequested, "stopRequested");
        this.what = what;
        for (int i = 0; i < lanes; i++) {
            Thread t = new Thread(this::lane, "oxisync-put-lane-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    void offer(ChunkSlice slice) {
        lock.lock();
        try {
            queue.offer(slice);
            queuedBytes += slice.frameBytes();
            if (queuedBytes >= batchBytes || flush) {
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Producer back-pressure: waits while {@code maxQueued} or more chunks wait and at least a full batch of them is
     * queued (less than a batch never blocks: the lanes wait for the producer then); rethrows a lane's failure.
     */
    void awaitRoom(int maxQueued) throws TransferException {
        lock.lock();
        try {
            while (failure == null && !stopped && queue.size() >= maxQueued && queuedBytes >= batchBytes) {
                await();
            }
            rethrow();
        } finally {
            lock.unlock();
        }
    }

    /** Sends whatever is queued, partial batches included, and waits until nothing is queued or in flight. */
    void awaitDrained() throws TransferException {
        lock.lock();
        try {
            flush = true;
            changed.signalAll();
            while (failure == null && !stopped && (!queue.isEmpty() || inFlight > 0)) {
                await();
            }
            flush = false;
            rethrow();
        } finally {
            lock.unlock();
        }
    }

    /** Lanes take no more batches; waits for the PUTs in flight to end. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true; // a lane ends after its current PUT: keep waiting, then restore the flag
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void lane() {
        while (true) {
            List<ChunkSlice> batch;
            lock.lock();
            try {
                while (!closed && failure == null && !stopped && queuedBytes < batchBytes
                        && !(flush && !queue.isEmpty())) {
                    changed.awaitUninterruptibly();
                }
                if (closed || failure != null || stopped) {
                    return;
                }
                if (stopRequested.getAsBoolean()) {
                    stopped = true;
                    changed.signalAll();
                    return;
                }
                batch = queue.drainBatch(batchBytes);
                for (ChunkSlice s : batch) {
                    queuedBytes -= s.frameBytes();
                }
                inFlight++;
            } finally {
                lock.unlock();
            }
            Throwable failed = null;
            try {
                sender.send(batch);
            } catch (Throwable t) { // handed to the producer, which rethrows it
                failed = t;
            }
            lock.lock();
            try {
                inFlight--;
                if (failed != null && failure == null) {
                    failure = failed;
                }
                changed.signalAll();
            } finally {
                lock.unlock();
            }
            if (failed != null) {
                return;
            }
        }
    }

    private void await() throws TransferException {
        try {
            changed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransferException.Stopped(what + ": interrupted while chunks were uploaded");
        }
    }

    private void rethrow() throws TransferException {
        Throwable f = failure;
        if (f instanceof TransferException e) {
            throw e;
        }
        if (f instanceof RuntimeException e) {
            throw e;
        }
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw new IllegalStateException("a PUT lane failed", f);
        }
        if (stopped) {
            throw new TransferException.Stopped(what + ": stopped at a safe point; the next run continues it");
        }
    }
}
