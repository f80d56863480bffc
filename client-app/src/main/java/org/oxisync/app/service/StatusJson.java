package org.oxisync.app.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.app.state.PairStatus;

/** The daemon's status as one JSON object (what {@code oxisync status} shows, and what scripts may read). */
final class StatusJson {
    static final ObjectMapper JSON = new ObjectMapper();
    /** The skipped items listed per pair (all are counted). */
    static final int MAX_SKIPPED = 100;

    private StatusJson() {}

    static ObjectNode of(SyncService service, String account, long pid) {
        return of(service.view(), service.status(), service.pairs(), account, pid, service.globallyPaused(),
                service.busConnected(), service.bandwidthLimits());
    }

    /**
     * The status of an account from its parts: {@code view}, the one derivation of what it and each pair are shown
     * as ({@code shown}, which the CLI words); {@code status}, each pair's engine state (kept beside it for scripts).
     */
    static ObjectNode of(org.oxisync.app.state.AccountView view, Map<String, PairStatus> status,
                         Map<String, org.oxisync.store.account.FolderPair> configured, String account, long pid,
                         boolean paused, boolean busConnected, long[] bw) {
        ObjectNode root = JSON.createObjectNode();
        root.put("daemon_pid", pid);
        root.put("account", account);
        root.put("paused", paused);
        root.put("bus_connected", busConnected);
        root.putObject("bandwidth").put("upload_bytes_per_second", bw[0]).put("download_bytes_per_second", bw[1]);
        root.set("shown", org.oxisync.app.state.ViewJson.of(view.account()));
        ArrayNode pairs = root.putArray("pairs");
        for (Map.Entry<String, PairStatus> e : status.entrySet()) {
            ObjectNode n = pair(e.getValue());
            org.oxisync.app.state.PairView shown = view.pairs().get(e.getKey());
            if (shown != null) {
                n.set("shown", org.oxisync.app.state.ViewJson.of(shown));
            }
            org.oxisync.store.account.FolderPair fp = configured.get(e.getKey());
            if (fp != null) {
                org.oxisync.core.plan.PairRights rights = org.oxisync.core.engine.PairRightsSettings.read(fp);
                n.put("mode", rights.mode().wireName()).put("role", rights.role().wireName())
                        .put("keep_remote_deletes", rights.keepsRemoteDeletes());
            }
            pairs.add(n);
        }
        return root;
    }

    static ObjectNode pair(PairStatus s) {
        ObjectNode n = JSON.createObjectNode();
        n.put("name", s.pair());
        n.put("state", s.state().wireName());
        n.put("detail", s.detail());
        ProgressSnapshot p = s.progress();
        if (p != null) {
            n.putObject("progress").put("bytes_done", p.bytesDone()).put("bytes_total", p.bytesTotal())
                    .put("items_done", p.itemsDone()).put("items_failed", p.itemsFailed())
                    .put("items_total", p.itemsTotal()).put("fraction", p.fraction())
                    .put("bytes_per_second", p.bytesPerSecond());
        }
        SyncReport r = s.lastReport();
        if (r != null) {
            n.putObject("last_result").put("status", r.status().wireName()).put("message", r.message())
                    .put("uploaded", r.uploaded()).put("downloaded", r.downloaded())
                    .put("deleted_local", r.deletedLocal()).put("deleted_remote", r.deletedRemote())
                    .put("moved", r.moved()).put("conflicts", r.conflicts()).put("errors", r.errors().size())
                    .put("elapsed_ms", r.elapsed().toMillis());
            // what the run left out with its reason: held back by the pair's rights (a read-only role, a
            // download-only pair, a write the server refused), links, names one side refuses
            ObjectNode last = (ObjectNode) n.get("last_result");
            last.put("skipped_count", r.skipped().size());
            ArrayNode skipped = last.putArray("skipped");
            r.skipped().stream().limit(MAX_SKIPPED).forEach(k -> skipped.addObject().put("path", k.path())
                    .put("reason", k.reason()).put("code", k.why().wireCode()));
        }
        if (s.lastRun() != null) {
            n.put("last_run", s.lastRun().toString());
        }
        return n;
    }
}
