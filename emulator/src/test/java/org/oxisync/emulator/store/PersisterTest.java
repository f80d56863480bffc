package org.oxisync.emulator.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PersisterTest {
    @TempDir
    Path dir;

    private Persister persister() {
        return new Persister(dir.resolve("metadata.json"), out -> out.write("{}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aNewTreeIsWrittenSoonAfterItsFirstChange() {
        assertEquals(Persister.DELAY_MS, persister().delayMillis());
    }

    @Test
    void aTreeThatTookLongToReadWaitsAsLongAsItsWriteWouldTakeTimesTheScaleBeforeItsFirstSnapshot() {
        Persister p = persister();
        p.expectWriteMillis(500);
        assertEquals(500 * Persister.SCALE, p.delayMillis());
        p.expectWriteMillis(60_000);
        assertEquals(500 * Persister.SCALE, p.delayMillis(), "a second expectation does not replace the first");
    }

    @Test
    void theExpectedWindowIsCappedLikeAMeasuredOne() {
        Persister p = persister();
        p.expectWriteMillis(60_000);
        assertEquals(Persister.MAX_DELAY_MS, p.delayMillis());
    }

    @Test
    void aMeasuredWriteReplacesTheExpectation() throws Exception {
        Persister p = persister();
        p.expectWriteMillis(60_000);
        p.write();
        assertTrue(p.delayMillis() < Persister.MAX_DELAY_MS, "a write of a tiny tree takes far less than 7.5 s");
        assertEquals("{}", Files.readString(dir.resolve("metadata.json")));
    }
}
