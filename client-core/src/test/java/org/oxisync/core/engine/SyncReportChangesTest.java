package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/** "Did this run change anything": one rule for the service (faster polling after a change) and the daemon's console. */
class SyncReportChangesTest {
    private static SyncReport report(int up, int down, int delLocal, int delRemote, int moved, int conflicts, int errors) {
        List<ItemError> failed = java.util.Collections.nCopies(errors,
                new ItemError("x", Reason.of(ReasonCode.NETWORK, "down")));
        return new SyncReport("p", SyncStatus.OK, up, down, delLocal, delRemote, moved, conflicts, 10, 10, 0, failed,
                List.of(), List.of(), "in sync", Duration.ZERO, null);
    }

    @Test
    void eachOfTheSixCountsIsAChangeAndBytesOrErrorsAloneAreNot() {
        assertFalse(report(0, 0, 0, 0, 0, 0, 3).changedAnything(), "failed items change nothing");
        assertEquals(0, report(0, 0, 0, 0, 0, 0, 0).changes());
        assertTrue(report(1, 0, 0, 0, 0, 0, 0).changedAnything());
        assertTrue(report(0, 1, 0, 0, 0, 0, 0).changedAnything());
        assertTrue(report(0, 0, 1, 0, 0, 0, 0).changedAnything());
        assertTrue(report(0, 0, 0, 1, 0, 0, 0).changedAnything());
        assertTrue(report(0, 0, 0, 0, 1, 0, 0).changedAnything());
        assertTrue(report(0, 0, 0, 0, 0, 1, 0).changedAnything());
        assertEquals(21, report(1, 2, 3, 4, 5, 6, 0).changes());
    }
}
