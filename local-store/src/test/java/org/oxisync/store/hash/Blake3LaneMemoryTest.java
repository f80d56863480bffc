package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lane memory alone: no kernel runs here (that is {@link Blake3LaneChoiceTest}, in a JVM of its own). */
class Blake3LaneMemoryTest {

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
    void theChoiceIsTheFastestWidthOnlyOnceEveryWidthIsMeasured(@TempDir Path dir) {
        Blake3LaneMemory memory = new Blake3LaneMemory(dir.resolve("lanes.properties"), "cpu A java 17");
        List<Integer> widths = List.of(16, 8);
        assertEquals(widths, memory.unmeasured(widths));
        memory.recordMeasurement(16, OptionalLong.of(90_000));
        assertEquals(Optional.empty(), memory.choice(widths), "8 lanes still unmeasured");
        assertEquals(List.of(8), memory.unmeasured(widths));
        memory.recordMeasurement(8, OptionalLong.of(40_000));
        assertEquals(Optional.of(8), memory.choice(widths));
        assertEquals(List.of(), memory.unmeasured(widths));
        assertEquals(Optional.empty(), new Blake3LaneMemory(dir.resolve("lanes.properties"), "cpu B java 17")
                .choice(widths), "another CPU's figures do not count");
    }

    @Test
    void aWidthThatDidNotGetWarmNeverWinsAndAllColdMeansNoChoice(@TempDir Path dir) {
        Blake3LaneMemory memory = new Blake3LaneMemory(dir.resolve("lanes.properties"), "k");
        memory.recordMeasurement(16, OptionalLong.empty());
        memory.recordMeasurement(8, OptionalLong.of(50_000));
        assertEquals(Optional.of(8), memory.choice(List.of(16, 8)));
        memory.recordMeasurement(8, OptionalLong.empty());
        assertEquals(Optional.empty(), memory.choice(List.of(16, 8)));
        assertEquals(List.of(), memory.unmeasured(List.of(16, 8)), "cold is a measurement: not measured again");
    }

    @Test
    void aFixedChoiceWinsOverTheMeasurements(@TempDir Path dir) {
        Blake3LaneMemory memory = new Blake3LaneMemory(dir.resolve("lanes.properties"), "k");
        memory.recordMeasurement(16, OptionalLong.of(10));
        memory.recordMeasurement(8, OptionalLong.of(20));
        memory.remember(8);
        assertEquals(Optional.of(8), memory.choice(List.of(16, 8)));
    }

    @Test
    void aDamagedLaneMemoryFileCountsAsNothingRemembered(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("lanes.properties");
        Blake3LaneMemory memory = new Blake3LaneMemory(file, "k");
        Files.writeString(file, "k=sixteen\nk\\ lanes\\=16=fast\n");
        assertEquals(Optional.empty(), memory.lanes());
        assertEquals(List.of(16), memory.unmeasured(List.of(16)));
        memory.remember(8);
        assertEquals(Optional.of(8), memory.lanes());
    }

    @Test
    void theMachineKeyNamesTheJvmVersion() {
        assertTrue(Blake3LaneMemory.machineKey().contains(System.getProperty("java.vm.version")));
    }

    @Test
    void theBuildsTestsUseALaneMemoryOutsideTheUsersCache() {
        Path file = Blake3LaneMemory.standard().orElseThrow().file();
        Path userCache = Path.of(System.getProperty("user.home"), ".cache").toAbsolutePath();
        assertTrue(!file.startsWith(userCache), "tests would write to " + file);
    }
}
