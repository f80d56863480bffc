package org.oxisync.bench.engine;

import java.time.Clock;
import java.util.SplittableRandom;
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
import org.oxisync.core.progress.ProgressAccumulator;

/**
 * The incremental progress accumulator (running sum updated by new - old, O(1) per update, behind a lock) vs
 * recomputing the sum of all per-file fractions on every update (O(files)). One operation = 5,000 updates on
 * random files, each followed by reading the overall fraction.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class ProgressBench {
    static final int UPDATES = 5_000;
    static final long FILE_SIZE = 1 << 20;

    @Param({"100", "10000"})
    int files;

    int[] ids;
    long[] bytes;
    ProgressAccumulator accumulator;
    double[] fractions;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom rnd = new SplittableRandom(7);
        ids = new int[UPDATES];
        bytes = new long[UPDATES];
        for (int i = 0; i < UPDATES; i++) {
            ids[i] = rnd.nextInt(files);
            bytes[i] = rnd.nextLong(FILE_SIZE + 1);
        }
        accumulator = new ProgressAccumulator(Clock.systemUTC());
        for (int f = 0; f < files; f++) {
            accumulator.add("f" + f, FILE_SIZE);
        }
        fractions = new double[files];
    }

    @Benchmark
    public double accumulator() {
        double sink = 0;
        for (int i = 0; i < UPDATES; i++) {
            accumulator.update(ids[i], bytes[i]);
            sink += accumulator.fraction();
        }
        return sink;
    }

    @Benchmark
    public double recomputeSum() {
        double sink = 0;
        for (int i = 0; i < UPDATES; i++) {
            fractions[ids[i]] = (double) bytes[i] / FILE_SIZE;
            double sum = 0;
            for (double f : fractions) {
                sum += f;
            }
            sink += sum / files;
        }
        return sink;
    }
}
