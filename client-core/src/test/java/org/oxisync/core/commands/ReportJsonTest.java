package org.oxisync.core.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;

/** The streamed --json object: totals over the pairs, the worst status, each pair with its plan lines. */
class ReportJsonTest {
    private static SyncReport report(String pair, SyncStatus status, int uploaded, List<ItemError> errors,
                                     List<String> plan) {
        return new SyncReport(pair, status, uploaded, 1, 0, 0, 0, 0, 100, 50, 10, errors, List.of(), plan,
                "msg " + pair, Duration.ofMillis(1234));
    }

    @Test
    void totalsTheWorstStatusAndEachPairWithItsAccountAndPlanLines() throws Exception {
        String text = ReportJson.toJson(List.of(new ReportJson.Tagged("alice@host",
                report("a", SyncStatus.OK, 2, List.of(), List.of("upload    x.txt (new, 1 B)", "mkdir \"q\""))),
                new ReportJson.Tagged("work", report("b", SyncStatus.PARTIAL, 3,
                        List.of(new ItemError("bad\\name", "refused")), List.of()))));
        JsonNode json = new ObjectMapper().readTree(text);
        assertEquals("partial", json.get("status").asText());
        assertEquals(5, json.get("uploaded").asInt());
        assertEquals(2, json.get("downloaded").asInt());
        assertEquals(200, json.get("bytes_sent").asLong());
        assertEquals("bad\\name", json.get("errors").get(0).get("path").asText());
        JsonNode a = json.get("pairs").get(0);
        assertEquals("a", a.get("pair").asText());
        assertEquals("alice@host", a.get("account").asText());
        assertEquals("work", json.get("pairs").get(1).get("account").asText());
        assertEquals(1234, a.get("elapsed_ms").asLong());
        assertEquals("mkdir \"q\"", a.get("plan").get(1).asText());
        assertEquals(0, json.get("pairs").get(1).get("plan").size());
    }

    @Test
    void anErrorObjectHasTheFailedStatusZeroTotalsAndTheMessage() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ReportJson.error("no folder pairs"));
        assertEquals("failed", json.get("status").asText());
        assertEquals(0, json.get("uploaded").asInt());
        assertEquals("no folder pairs", json.get("message").asText());
        assertEquals(0, json.get("errors").size());
    }
}
