package org.oxisync.bench.hash;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.oxisync.store.hash.FastCdc;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** FastCDC 2020 cut-point search with the server's parameters over 64 MiB of random bytes, one thread. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class FastCdcBench {
    /** Input size; MB/s = score x 67.108864. */
    public static final int SIZE = 64 << 20;
    private byte[] data;
    private FastCdc cdc;

    @Setup
    public void setup() {
        data = new byte[SIZE];
        new Random(1).nextBytes(data);
        cdc = new FastCdc(FastCdc.Params.SERVER);
    }

    @Benchmark
    public int cutServerParams() {
        int off = 0;
        int chunks = 0;
        while (off < data.length) {
            off += cdc.cut(data, off, data.length - off);
            chunks++;
        }
        return chunks;
    }
}
