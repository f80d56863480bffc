package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
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
        warmup.start();
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
    void warmUpStartsOnlyAfterEnoughScalarWork() {
        Optional<Supplier<Blake3Kernel>> vector = Blake3Kernels.vector();
        assumeTrue(vector.isPresent(), "no Vector API module");
        List<Runnable> startedLoops = new ArrayList<>();
        Blake3Warmup warmup = new Blake3Warmup(vector.get(), startedLoops::add);
        Blake3Kernel kernel = new Blake3AdaptiveKernel(warmup);
        byte[] data = new byte[64 * Blake3.CHUNK_LEN];
        int[] out = new int[8 * 64];
        kernel.hashChunks(data, 0, 64, Blake3.IV, 0, 0, out, 0);
        assertFalse(warmup.started(), "a short run must not pay for the warm-up");
        long blocksPerCall = 16 * 64;
        for (long done = blocksPerCall; done < Blake3Warmup.START_AFTER_BLOCKS; done += blocksPerCall) {
            kernel.hashChunks(data, 0, 64, Blake3.IV, 0, 0, out, 0);
        }
        assertTrue(warmup.started());
        assertEquals(1, startedLoops.size());
        assertFalse(warmup.ready(), "ready only once the loop has measured SIMD faster");
    }

    @Test
    void anAnnouncedLargeInputStartsTheWarmUpAtOnceAndASmallOneDoesNot() {
        Optional<Supplier<Blake3Kernel>> vector = Blake3Kernels.vector();
        assumeTrue(vector.isPresent(), "no Vector API module");
        List<Runnable> startedLoops = new ArrayList<>();
        Blake3Warmup warmup = new Blake3Warmup(vector.get(), startedLoops::add);
        warmup.expect(Blake3Warmup.START_FOR_BYTES - 1);
        assertFalse(warmup.started());
        warmup.expect(Blake3Warmup.START_FOR_BYTES);
        warmup.expect(Blake3Warmup.START_FOR_BYTES);
        assertEquals(1, startedLoops.size());
    }

    @Test
    void adaptiveKernelNamesTheScalarKernelUntilTheWarmUpIsDone() {
        Optional<Supplier<Blake3Kernel>> vector = Blake3Kernels.vector();
        assumeTrue(vector.isPresent(), "no Vector API module");
        Blake3Warmup warmup = new Blake3Warmup(vector.get(), loop -> { });
        warmup.start(); // a starter that never runs the loop: the warm-up can never finish
        Blake3Kernel kernel = new Blake3AdaptiveKernel(warmup);
        assertEquals("scalar (" + warmup.simdName() + " after JIT warm-up)", kernel.name());
        assertEquals(1, kernel.degree());
    }
}
