package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Runs kernels of every lane width in one JVM, which spoils the JIT for the others (Blake3VectorKernels): so this
 * class runs in a surefire execution of its own (local-store/pom.xml, "lane-widths"), never beside the tests that
 * warm a kernel up.
 */
class Blake3LaneChoiceTest {

    @Test
    void everyLaneWidthTheCpuOffersHashesLikeTheScalarKernel() {
        List<Supplier<Blake3Kernel>> candidates = Blake3VectorKernels.candidates(Optional.empty());
        assumeTrue(!candidates.isEmpty() || Boolean.getBoolean("oxisync.test.expectVector"), "no Vector API module");
        assertFalse(candidates.isEmpty());
        List<Integer> degrees = candidates.stream().map(s -> s.get().degree()).collect(Collectors.toList());
        assertEquals(candidates.size(), Set.copyOf(degrees).size(), "one kernel per distinct width: " + degrees);
        assertEquals(Blake3VectorKernels.widths(), degrees, "the widths found without running a kernel");
        Random random = new Random(5);
        byte[] data = new byte[70 * 1024 + 333];
        random.nextBytes(data);
        byte[] expected = Blake3.newHasher(Blake3Kernels.scalar()).update(data).digest();
        for (Supplier<Blake3Kernel> candidate : candidates) {
            assertArrayEquals(expected, Blake3.newHasher(candidate).update(data).digest(), candidate.get().name());
        }
    }

    @Test
    void aRememberedWidthLimitsTheCandidatesToThatWidth() {
        List<Integer> widths = Blake3VectorKernels.widths();
        assumeTrue(!widths.isEmpty(), "no Vector API module");
        int lanes = widths.get(widths.size() - 1);
        List<Supplier<Blake3Kernel>> one = Blake3VectorKernels.candidates(Optional.of(lanes));
        assertEquals(1, one.size());
        assertEquals(lanes, one.get(0).get().degree());
    }
}
