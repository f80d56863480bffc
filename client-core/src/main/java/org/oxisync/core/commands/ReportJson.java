package org.oxisync.core.commands;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;

/**
 * The {@code --json} output of {@code sync-once}: one object with the totals of all pairs ({@code status},
 * {@code uploaded}, ... {@code errors: [{path, reason}]}) and a {@code pairs} array with each pair's own report.
 */
final class ReportJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportJson() {}

    static String toJson(List<SyncReport> reports) {
        ObjectNode root = JSON.createObjectNode();
        root.put("status", overall(reports).wireName());
        fill(root, reports);
        ArrayNode pairs = root.putArray("pairs");
        for (SyncReport r : reports) {
            ObjectNode p = pairs.addObject();
            p.put("pair", r.pair());
            p.put("status", r.status().wireName());
            p.put("message", r.message());
            fill(p, List.of(r));
            p.put("elapsed_ms", r.elapsed().toMillis());
            ArrayNode plan = p.putArray("plan");
            r.plan().forEach(plan::add);
        }
        return root.toString();
    }

    static String error(String message) {
        ObjectNode root = JSON.createObjectNode();
        root.put("status", SyncStatus.FAILED.wireName());
        fill(root, List.of());
        root.put("message", message);
        return root.toString();
    }

    private static void fill(ObjectNode n, List<SyncReport> rs) {
        n.put("uploaded", rs.stream().mapToInt(SyncReport::uploaded).sum());
        n.put("downloaded", rs.stream().mapToInt(SyncReport::downloaded).sum());
        n.put("deleted_local", rs.stream().mapToInt(SyncReport::deletedLocal).sum());
        n.put("deleted_remote", rs.stream().mapToInt(SyncReport::deletedRemote).sum());
        n.put("moved", rs.stream().mapToInt(SyncReport::moved).sum());
        n.put("conflicts", rs.stream().mapToInt(SyncReport::conflicts).sum());
        n.put("bytes_sent", rs.stream().mapToLong(SyncReport::bytesSent).sum());
        n.put("bytes_received", rs.stream().mapToLong(SyncReport::bytesReceived).sum());
        n.put("bytes_reused", rs.stream().mapToLong(SyncReport::bytesReused).sum());
        ArrayNode errors = n.putArray("errors");
        ArrayNode skipped = n.putArray("skipped");
        for (SyncReport r : rs) {
            for (ItemError e : r.errors()) {
                errors.addObject().put("path", e.path()).put("reason", e.reason());
            }
            for (ItemError e : r.skipped()) {
                skipped.addObject().put("path", e.path()).put("reason", e.reason());
            }
        }
    }

    /** The worst status: failed > stopped > partial > ok. */
    static SyncStatus overall(List<SyncReport> rs) {
        SyncStatus s = SyncStatus.OK;
        for (SyncReport r : rs) {
            s = rank(r.status()) > rank(s) ? r.status() : s;
        }
        return s;
    }

    private static int rank(SyncStatus s) {
        return switch (s) {
            case OK -> 0;
            case PARTIAL -> 1;
            case STOPPED -> 2;
            case FAILED -> 3;
        };
    }
}
