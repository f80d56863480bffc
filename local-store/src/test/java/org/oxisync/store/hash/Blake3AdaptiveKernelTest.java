package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class Blake3AdaptiveKernelTest {

    @Test
    void hashesStayIdenticalWhileTheKernelMovesFromScalarToWarmSimd() {
        Optional<Supplier<Blake3Kernel>> vector = Blake3Kernels.vector();
        assumeTrue(vector.isPresent() || Boolean.getBoolean("oxisync.test.expectVector"), "no Vector API module");
        Blake3Warmup warmup = new Blake3Warmup(vector.orElseThrow());
        Supplier<Blake3Kernel> adaptive = () -> new Blake3AdaptiveKernel(warmup);
        Random random = new Random(11);
        byte[] data = new byte[100 * 1024 + 17];
        // The JIT compiles in its own time; this bound only stops a broken warm-up from hanging the build.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        int hashedBeforeReady = 0;
        while (!warmup.ready() && System.nanoTime() < deadline) {
            random.nextBytes(data);
            byte[] expected = Blake3.newHasher(Blake3Kernels.scalar()).update(data).digest();
            assertArrayEquals(expected, Blake3.newHasher(adaptive).update(data).digest());
            hashedBeforeReady++;
        }
        assertTrue(warmup.ready(), "SIMD kernel not warm after 60 s (" + hashedBeforeReady + " hashes)");
        Blake3Kernel kernel = adaptive.get();
        assertEquals(warmup.simdName(), kernel.name());
        random.nextBytes(data);
        assertArrayEquals(Blake3.newHasher(Blake3Kernels.scalar()).update(data).digest(),
                Blake3.newHasher(adaptive).update(data).digest());
    }

    @Test
    void adaptiveKernelNamesTheScalarKernelUntilTheWarmUpIsDone() {
        Optional<Supplier<Blake3Kernel>> vector = Blake3Kernels.vector();
        assumeTrue(vector.isPresent(), "no Vector API module");
        Blake3Warmup warmup = new Blake3Warmup(vector.get());
        Blake3Kernel kernel = new Blake3AdaptiveKernel(warmup);
        // right after start the SIMD kernel cannot be compiled yet (C2 needs thousands of calls)
        String name = kernel.name();
        assertTrue(name.startsWith("scalar") || warmup.ready(), name);
    }
}
