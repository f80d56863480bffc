package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.testing.ManualClock;

/** The CLI's progress line keeps drawing when the wall clock goes back (docs/local-faults.md). */
class ProgressLineClockJumpTest {
    private static ProgressSnapshot at(long bytes) {
        return new ProgressSnapshot(bytes, 1000, 0, 0, 1, bytes / 1000.0, 0, Optional.empty());
    }

    private static int lines(StringWriter w) {
        return w.toString().split("\r\033\\[2K", -1).length - 1;
    }

    @Test
    void aClockThatWentBackDoesNotFreezeTheLineUntilItCatchesUp() {
        ManualClock clock = new ManualClock(Instant.parse("2026-12-01T12:00:00Z"));
        StringWriter out = new StringWriter();
        ProgressLine line = new ProgressLine(new PrintWriter(out), true, clock);
        clock.advance(Duration.ofSeconds(1));
        line.progress("p", at(100));
        assertEquals(1, lines(out));
        line.progress("p", at(150)); // within 100 ms: held back, as always
        assertEquals(1, lines(out));

        clock.jumpBack(Duration.ofHours(1));
        line.progress("p", at(200));
        assertEquals(2, lines(out), "drawn at once, not an hour later");
        clock.advance(Duration.ofMillis(50));
        line.progress("p", at(250));
        assertEquals(2, lines(out), "and paced again from the new time");
        clock.advance(Duration.ofMillis(100));
        line.progress("p", at(300));
        assertEquals(3, lines(out));
    }
}
