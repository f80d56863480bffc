package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Blake3LaneChoiceTest {

    @Test
    void everyLaneWidthTheCpuOffersHashesLikeTheScalarKernel() {
        List<Supplier<Blake3Kernel>> candidates = Blake3VectorKernels.candidates(Optional.empty());
        assumeTrue(!candidates.isEmpty() || Boolean.getBoolean("oxisync.test.expectVector"), "no Vector API module");
        assertFalse(candidates.isEmpty());
        Set<Integer> degrees = candidates.stream().map(s -> s.get().degree()).collect(Collectors.toSet());
        assertEquals(candidates.size(), degrees.size(), "one kernel per distinct width: " + degrees);
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
        List<Supplier<Blake3Kernel>> all = Blake3VectorKernels.candidates(Optional.empty());
        assumeTrue(!all.isEmpty(), "no Vector API module");
        int lanes = all.get(all.size() - 1).get().degree();
        List<Supplier<Blake3Kernel>> one = Blake3VectorKernels.candidates(Optional.of(lanes));
        assertEquals(1, one.size());
        assertEquals(lanes, one.get(0).get().degree());
    }

    @Test
    void aChildJvmMeasuresOneWidthAndAnswersWithItsTimeOrCold() {
        List<Supplier<Blake3Kernel>> all = Blake3VectorKernels.candidates(Optional.empty());
        assumeTrue(!all.isEmpty(), "no Vector API module");
        int lanes = all.get(all.size() - 1).get().degree();
        Optional<OptionalLong> answer = Blake3LaneProbe.measureInChild(lanes);
        // whether the width gets warm within the warm-up's time depends on the machine's load; the answer must come
        assertTrue(answer.isPresent(), "the child JVM gave no answer for " + lanes + " lanes");
        answer.get().ifPresent(nanos -> assertTrue(nanos > 0));
    }

    @Test
    void laneMemoryReadsBackWhatItRememberedPerMachineKey(@TempDir Path dir) {
        Path file = dir.resolve("cache").resolve("lanes.properties");
        Blake3LaneMemory here = new Blake3LaneMemory(file, "cpu A java 17");
        Blake3LaneMemory other = new Blake3LaneMemory(file, "cpu B java 17");
        assertEquals(Optional.empty(), here.lanes());
        here.remember(8);
        other.remember(16);
        assertEquals(Optional.of(8), here.lanes());
        assertEquals(Optional.of(16), other.lanes());
        here.remember(4);
        assertEquals(Optional.of(4), new Blake3LaneMemory(file, "cpu A java 17").lanes());
    }

    @Test
    void aDamagedLaneMemoryFileCountsAsNothingRemembered(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("lanes.properties");
        Blake3LaneMemory memory = new Blake3LaneMemory(file, "k");
        Files.writeString(file, "k=sixteen\n");
        assertEquals(Optional.empty(), memory.lanes());
        memory.remember(8);
        assertEquals(Optional.of(8), memory.lanes());
    }

    @Test
    void theMachineKeyNamesTheJvmVersion() {
        assertTrue(Blake3LaneMemory.machineKey().contains(System.getProperty("java.vm.version")));
    }
}
