package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.oxisync.core.progress.ItemProgress;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.app.control.Show;
import org.oxisync.app.control.ReportPrinter;

/** Issue 18 items 27, 32, 33: one unit convention, no repeated words, readable times and progress. */
class WordingTest {
    @Test
    void planLinesUseTheCliUnits() {
        assertEquals("upload    big.bin (new, 1.9 MiB)", ReportPrinter.sizes("upload    big.bin (new, 2000000 B)"));
        assertEquals("upload    a.txt (new, 55 B)", ReportPrinter.sizes("upload    a.txt (new, 55 B)"));
    }

    @Test
    void aWordIsNotSaidTwice() {
        assertEquals("syncing", Show.said("syncing", "syncing"));
        assertEquals("stopped before deleting 150 files", Show.said("stopped", "stopped before deleting 150 files"));
        assertEquals("offline: server unreachable", Show.said("offline", "server unreachable"));
        assertEquals("idle", Show.said("idle", ""));
        assertEquals("stopped: stoppedness", Show.said("stopped", "stoppedness"));
    }

    @Test
    void timesAreLocalAndToTheSecond() {
        assertEquals("2026-11-29 11:00:03",
                Show.time(Instant.parse("2026-11-29T10:00:03.123456789Z"), ZoneId.of("Europe/Berlin")));
    }

    @Test
    void theProgressLineHasPercentRateTimeLeftAndFileName() {
        ProgressSnapshot s = new ProgressSnapshot(12L << 20, 28L << 20, 3, 0, 10, 0.42, 4.1 * (1 << 20),
                Optional.of(Duration.ofSeconds(4)), List.of(new ItemProgress(1, "photos/2026/a.jpg", 1, 2, 0.5, null)));
        String line = ProgressLine.line("Docs", s, 120);
        assertEquals("[Docs] 42% · 12.0 MiB of 28.0 MiB · 3/10 items · 4.1 MiB/s · 4 s left · photos/2026/a.jpg", line);
        String narrow = ProgressLine.line("Docs", s, 80);
        assertTrue(narrow.length() <= 80 && narrow.contains("…"), narrow);
        assertEquals("2 min 5 s", ProgressLine.duration(Duration.ofSeconds(125)));
    }
}
