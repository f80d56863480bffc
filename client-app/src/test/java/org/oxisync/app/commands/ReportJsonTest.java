package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/** The streamed --json object: totals over the pairs, the worst status, each pair with its plan lines. */
class ReportJsonTest {
    private static SyncReport report(String pair, SyncStatus status, int uploaded, List<ItemError> errors,
                                     List<String> plan) {
        return new SyncReport(pair, status, uploaded, 1, 0, 0, 0, 0, 100, 50, 10, errors, List.of(), plan,
                "msg " + pair, Duration.ofMillis(1234), null);
    }

    @Test
    void totalsTheWorstStatusAndEachPairWithItsAccountAndPlanLines() throws Exception {
        String text = ReportJson.toJson(List.of(new ReportJson.Tagged("alice@host",
                report("a", SyncStatus.OK, 2, List.of(), List.of("upload    x.txt (new, 1 B)", "mkdir \"q\""))),
                new ReportJson.Tagged("work", report("b", SyncStatus.PARTIAL, 3, List.of(new ItemError("bad\\name",
                        new Reason(ReasonCode.RATE_LIMITED, java.util.Map.of("seconds", "890"), "refused"))),
                        List.of()))));
        JsonNode json = new ObjectMapper().readTree(text);
        assertEquals("partial", json.get("status").asText());
        assertEquals(5, json.get("uploaded").asInt());
        assertEquals(2, json.get("downloaded").asInt());
        assertEquals(200, json.get("bytes_sent").asLong());
        assertEquals("bad\\name", json.get("errors").get(0).get("path").asText());
        assertEquals("refused", json.get("errors").get(0).get("reason").asText()); // the English, as before
        assertEquals("RATE_LIMITED", json.get("errors").get(0).get("code").asText());
        assertEquals("890", json.get("errors").get(0).get("args").get("seconds").asText());
        JsonNode a = json.get("pairs").get(0);
        assertEquals("a", a.get("pair").asText());
        assertEquals("alice@host", a.get("account").asText());
        assertEquals("work", json.get("pairs").get(1).get("account").asText());
        assertEquals(1234, a.get("elapsed_ms").asLong());
        assertEquals("mkdir \"q\"", a.get("plan").get(1).asText());
        assertEquals(0, json.get("pairs").get(1).get("plan").size());
    }

    @Test
    void aPairThatFailedAsAWholeCarriesItsCodeAndArgsBesideItsMessage() throws Exception {
        SyncReport failed = SyncReport.failed("c", Reason.of(ReasonCode.LOCAL_FOLDER_MISSING,
                "the local folder /x is missing", "folder", "/x"), Duration.ZERO);
        JsonNode c = new ObjectMapper().readTree(ReportJson.toJson(List.of(new ReportJson.Tagged("alice@host", failed)))).get("pairs").get(0);
        assertEquals("the local folder /x is missing", c.get("message").asText());
        assertEquals("LOCAL_FOLDER_MISSING", c.get("code").asText());
        assertEquals("/x", c.get("args").get("folder").asText());
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
