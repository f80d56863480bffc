package org.oxisync.bench.hash;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.oxisync.store.hash.Blake3;
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

/**
 * BLAKE3 of a 1 MiB input on one thread: ours with the SIMD kernel (fork with the Vector API module), ours
 * forced scalar, commons-codec's Blake3, and the JDK's SHA-256 for scale. Score = operations per second;
 * MB/s = score x 1.048576.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class Blake3Bench {
    private byte[] data;
    private MessageDigest sha256;

    @Setup
    public void setup() throws NoSuchAlgorithmException {
        data = new byte[1 << 20];
        new Random(1).nextBytes(data);
        sha256 = MessageDigest.getInstance("SHA-256");
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-Doxisync.blake3.kernel=simd"})
    public byte[] oursSimd() {
        return Blake3.newHasher().update(data).digest();
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "-Doxisync.blake3.kernel=scalar")
    public byte[] oursScalar() {
        return Blake3.newHasher().update(data).digest();
    }

    @Benchmark
    public byte[] commonsCodec() {
        return org.apache.commons.codec.digest.Blake3.initHash().update(data).doFinalize(32);
    }

    @Benchmark
    public byte[] jdkSha256() {
        return sha256.digest(data);
    }
}
