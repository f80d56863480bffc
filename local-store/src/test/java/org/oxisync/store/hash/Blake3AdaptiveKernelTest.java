package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class Blake3AdaptiveKernelTest {

    /** A timer that finds SIMD faster whatever the JIT has done: the switch no longer depends on the machine's load. */
    private static final Blake3Warmup.KernelTimer SIMD_ALWAYS_FASTER = (kernel, in, out) -> kernel.degree() > 1 ? 1 : 2;

    @Test
    void hashesStayIdenticalWhenTheKernelMovesFromScalarToSimdInTheMiddleOfAHash() {
        Optional<Supplier<Blake3Kernel>> vector = Blake3Kernels.vector();
        assumeTrue(vector.isPresent() || Boolean.getBoolean("oxisync.test.expectVector"), "no Vector API module");
        List<Runnable> loops = new ArrayList<>();
        Blake3Warmup warmup = new Blake3Warmup(vector.orElseThrow(), loops::add, () -> { }, SIMD_ALWAYS_FASTER);
        Supplier<Blake3Kernel> adaptive = () -> new Blake3AdaptiveKernel(warmup);
        Random random = new Random(11);
        byte[] data = new byte[300 * 1024 + 17];
        random.nextBytes(data);
        byte[] expected = Blake3.newHasher(Blake3Kernels.scalar()).update(data).digest();
        assertArrayEquals(expected, Blake3.newHasher(adaptive).update(data).digest(), "scalar phase");

        Blake3 acrossTheSwitch = Blake3.newHasher(adaptive);
        acrossTheSwitch.update(Arrays.copyOfRange(data, 0, 100 * 1024 + 5));
        warmup.start();
        assertEquals(1, loops.size());
        loops.get(0).run(); // the warm-up loop, on this thread: hashes with SIMD, measures it faster twice, ends
        assertTrue(warmup.ready());
        acrossTheSwitch.update(Arrays.copyOfRange(data, 100 * 1024 + 5, data.length));
        assertArrayEquals(expected, acrossTheSwitch.digest(), "half scalar, half SIMD");

        Blake3Kernel kernel = adaptive.get();
        assertEquals(warmup.simdName(), kernel.name());
        assertTrue(kernel.degree() > 1, "SIMD after the warm-up");
        assertArrayEquals(expected, Blake3.newHasher(adaptive).update(data).digest(), "SIMD phase");
    }

    @Test
    void theWarmUpStaysScalarWhileSimdMeasuresSlower() {
        Optional<Supplier<Blake3Kernel>> vector = Blake3Kernels.vector();
        assumeTrue(vector.isPresent(), "no Vector API module");
        List<Runnable> loops = new ArrayList<>();
        int[] rounds = {0};
        Blake3Warmup.KernelTimer simdSlower = (kernel, in, out) -> {
            if (kernel.degree() > 1 && ++rounds[0] >= 3) {
                throw new StopLoop(); // three rounds measured slower are enough to see it did not switch
            }
            return kernel.degree() > 1 ? 2 : 1;
        };
        Blake3Warmup warmup = new Blake3Warmup(vector.get(), loops::add, () -> { }, simdSlower);
        warmup.start();
        try {
            loops.get(0).run();
        } catch (StopLoop expected) {
            // the loop was still measuring
        }
        assertFalse(warmup.ready());
        assertEquals(1, new Blake3AdaptiveKernel(warmup).degree());
    }

    private static final class StopLoop extends RuntimeException {
        private static final long serialVersionUID = 1L;
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

    /** A kernel of 4 lanes that gets the counter of every chunk wrong: what a miscompiled SIMD kernel could do. */
    private static final class WrongCounterKernel implements Blake3Kernel {
        private final Blake3Kernel scalar = new Blake3ScalarKernel();

        @Override
        public void hashChunks(byte[] in, int off, int numChunks, int[] key, long counter, int flags, int[] out,
                               int outOff) {
            scalar.hashChunks(in, off, numChunks, key, counter + 1, flags, out, outOff);
        }

        @Override
        public void hashParents(int[] in, int inOff, int numParents, int[] key, int flags, int[] out, int outOff) {
            scalar.hashParents(in, inOff, numParents, key, flags, out, outOff);
        }

        @Override
        public int degree() {
            return 4;
        }

        @Override
        public String name() {
            return "wrong-4x32";
        }
    }

    @Test
    void aSimdKernelThatFailsItsSelfTestIsNeverUsedHowEverFastItMeasures() {
        List<Runnable> loops = new ArrayList<>();
        Blake3Warmup warmup = new Blake3Warmup(WrongCounterKernel::new, "wrong-4x32", loops::add, SIMD_ALWAYS_FASTER);
        warmup.start();
        loops.get(0).run();
        assertFalse(warmup.ready());
        byte[] data = new byte[64 * 1024];
        new Random(3).nextBytes(data);
        assertArrayEquals(Blake3.newHasher(Blake3Kernels.scalar()).update(data).digest(),
                Blake3.newHasher(() -> new Blake3AdaptiveKernel(warmup)).update(data).digest());
    }

    @Test
    void aSimdKernelThatCannotBeMadeLeavesHashingScalarWithoutAnError() {
        List<Runnable> loops = new ArrayList<>();
        Supplier<Blake3Kernel> failing = () -> {
            throw new IllegalStateException("cannot create the SIMD BLAKE3 kernel");
        };
        Blake3Warmup warmup = new Blake3Warmup(failing, "simd-16x32", loops::add, SIMD_ALWAYS_FASTER);
        warmup.start();
        loops.get(0).run();
        assertFalse(warmup.ready());
        assertEquals("scalar (simd-16x32 after JIT warm-up)", new Blake3AdaptiveKernel(warmup).name());
    }
}
