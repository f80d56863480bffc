package org.oxisync.bench.engine;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Wall time of 100,000 chunks through a fresh queue, per implementation and traffic shape (see {@link
 * QueueShapes#run}). Chunks are preallocated so only queue work is measured. Retained memory is measured
 * separately by {@link QueueRetention}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class ChunkQueueBench {
    static final int N = 100_000;

    @Param({"cursorClear", "arrayDeque", "arrayListRemove0"})
    String impl;

    @Param({"prefilled", "producerAhead", "balanced"})
    String shape;

    QueueShapes.Chunk[] chunks;

    @Setup(Level.Trial)
    public void setUp() {
        chunks = new QueueShapes.Chunk[N];
        for (int i = 0; i < N; i++) {
            chunks[i] = new QueueShapes.Chunk((long) i << 16, 65_536);
        }
    }

    @Benchmark
    public long run() {
        int[] next = {0};
        return QueueShapes.run(QueueShapes.make(impl), shape, () -> chunks[next[0]++], N);
    }
}
