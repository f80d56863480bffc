package org.oxisync.app.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/** The CLI's line for a state says each thing once, with the byte share while a run moves bytes. */
class ViewTextTest {
    private static PairView view(Shown s, Reason why, long done, long total, int items) {
        return new PairView(s, why, done, total, 0, items, 0, 0);
    }

    @Test
    void offlineSaysWhatDidNotAnswerOnce() {
        String line = ViewText.line(view(Shown.OFFLINE, Reason.of(ReasonCode.NETWORK,
                "the server cannot be reached: Connection refused; waiting"), 0, 0, 0));
        assertEquals("offline: the server cannot be reached: Connection refused; waiting (retried automatically)", line);
        assertEquals("offline: the server cannot be reached (retried automatically)",
                ViewText.line(view(Shown.OFFLINE, null, 0, 0, 0)));
    }

    @Test
    void syncingCountsThePercentageInBytesNotItems() {
        // 8 B of 190.7 MiB is 0 %, whatever share of the items is done
        String line = ViewText.line(new PairView(Shown.SYNCING, null, 8, 200_000_000, 1, 2, 0, 0));
        assertEquals("syncing 1 of 2 items, 8 B of 190.7 MiB (0%)", line);
    }
}
