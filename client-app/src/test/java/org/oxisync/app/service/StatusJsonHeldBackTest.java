package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.app.state.PairState;
import org.oxisync.app.state.PairStatus;

/** The daemon's {@code status --json} lists what the last run held back, with the reasons. */
class StatusJsonHeldBackTest {
    private static SyncReport report(List<ItemError> skipped) {
        return new SyncReport("Team", SyncStatus.OK, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), skipped, List.of(),
                "in sync", Duration.ofMillis(5), null);
    }

    @Test
    void lastResultListsHeldBackItemsWithTheirReasons() {
        ObjectNode n = StatusJson.pair(new PairStatus("Team", PairState.IDLE, "in sync", null,
                report(List.of(new ItemError("new.txt", org.oxisync.core.reason.Reason.of(
                        org.oxisync.core.reason.ReasonCode.HELD_BACK_READ_ONLY, "not uploaded: read-only (your role is viewer)")))),
                Instant.parse("2026-12-01T12:00:00Z")));
        assertEquals(1, n.path("last_result").path("skipped_count").asInt());
        assertEquals("new.txt", n.path("last_result").path("skipped").get(0).path("path").asText());
        assertEquals("not uploaded: read-only (your role is viewer)",
                n.path("last_result").path("skipped").get(0).path("reason").asText());
        assertEquals("HELD_BACK_READ_ONLY", n.path("last_result").path("skipped").get(0).path("code").asText());
    }

    @Test
    void aLongHeldBackListIsCountedInFullButListedOnlyInPart() {
        List<ItemError> many = new ArrayList<>();
        for (int i = 0; i < StatusJson.MAX_SKIPPED + 20; i++) {
            many.add(new ItemError("f" + i, org.oxisync.core.reason.Reason.of(
                    org.oxisync.core.reason.ReasonCode.HELD_BACK_READ_ONLY, "not uploaded: read-only (download-only pair)")));
        }
        ObjectNode n = StatusJson.pair(new PairStatus("Team", PairState.IDLE, "in sync", null, report(many), null));
        assertEquals(StatusJson.MAX_SKIPPED + 20, n.path("last_result").path("skipped_count").asInt());
        assertEquals(StatusJson.MAX_SKIPPED, n.path("last_result").path("skipped").size());
    }
}
