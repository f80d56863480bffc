package org.oxisync.app.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/**
 * A {@link PairView} as JSON (the {@code shown} object of {@code status --json} and the control socket) and back,
 * so that the CLI, reading the daemon's answer, words exactly the view the daemon derived.
 */
public final class ViewJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ViewJson() {}

    public static ObjectNode of(PairView v) {
        ObjectNode n = JSON.createObjectNode();
        n.put("state", v.shown().wireName());
        if (v.problem() != null) {
            n.put("code", v.problem().wireCode()).put("detail", v.problem().detail());
        }
        n.put("failing", v.failing()).put("left_out", v.leftOut());
        if (v.shown().busy()) {
            n.put("bytes_done", v.bytesDone()).put("bytes_total", v.bytesTotal())
                    .put("items_done", v.itemsDone()).put("items_total", v.itemsTotal())
                    .put("fraction", v.fraction());
        }
        return n;
    }

    /** The view {@link #of} wrote; null when {@code n} is not one (an older process's answer). */
    public static PairView read(JsonNode n) {
        if (n == null || !n.path("state").isTextual()) {
            return null;
        }
        Shown shown;
        try {
            shown = Shown.valueOf(n.path("state").asText().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
        Reason why = null;
        if (n.path("code").isTextual()) {
            ReasonCode code;
            try {
                code = ReasonCode.valueOf(n.path("code").asText());
            } catch (IllegalArgumentException e) {
                code = ReasonCode.UNEXPECTED;
            }
            why = new Reason(code, Map.of(), n.path("detail").asText(""));
        }
        return new PairView(shown, why, n.path("bytes_done").asLong(), n.path("bytes_total").asLong(),
                n.path("items_done").asInt(), n.path("items_total").asInt(), n.path("failing").asInt(),
                n.path("left_out").asInt());
    }
}
