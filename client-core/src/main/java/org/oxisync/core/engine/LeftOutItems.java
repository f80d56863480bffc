package org.oxisync.core.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.core.scan.LocalHint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.core.pair.PairFiles;

/**
 * What a pair leaves out of syncing (a link, a name one side refuses, what its rights hold back), kept across runs
 * ({@code left-out-<pair>} beside the listing cache). A run reports only what it looked at: a run started by the
 * watcher reads the folders around its paths, so its own list lacks the links elsewhere, and "Left out of syncing"
 * emptied after every save. Each run's report carries, besides its own, the earlier items it did not look at; an
 * item it looked at is dropped unless the run left it out again.
 */
public final class LeftOutItems {
    private static final Logger LOG = LoggerFactory.getLogger(LeftOutItems.class);
    private static final String HEADER = "oxisync left-out 1";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LineListFile file;

    LeftOutItems(Path file) {
        this.file = new LineListFile(file, HEADER);
    }

    public static LeftOutItems forPair(Path storeDirectory, long pairId) {
        return new LeftOutItems(new PairFiles(storeDirectory, pairId).leftOut());
    }

    /**
     * {@code report} with the earlier left-out items the run did not look at. {@code seen}: what the run read (null:
     * nothing new, as a quiet run or one that ended before it compared anything). Kept for the next run unless
     * {@code preview} (a dry run changes nothing).
     */
    SyncReport carry(SyncReport report, LocalHint seen, boolean preview) {
        List<ItemError> earlier = read();
        Set<String> now = new HashSet<>();
        report.skipped().forEach(i -> now.add(i.path()));
        List<ItemError> merged = new ArrayList<>(report.skipped());
        for (ItemError e : earlier) {
            if (!now.contains(e.path()) && (seen == null || !StaleItemErrors.seen(e.path(), seen))) {
                merged.add(e);
            }
        }
        if (!preview && !merged.equals(earlier)) {
            write(merged);
        }
        if (merged.size() == report.skipped().size()) {
            return report;
        }
        return new SyncReport(report.pair(), report.status(), report.uploaded(), report.downloaded(),
                report.deletedLocal(), report.deletedRemote(), report.moved(), report.conflicts(), report.bytesSent(),
                report.bytesReceived(), report.bytesReused(), report.errors(), List.copyOf(merged), report.plan(),
                report.message(), report.elapsed(), report.problem());
    }

    /** Forgets the list (the pair is removed). */
    public void delete() throws IOException {
        file.delete();
    }

    private List<ItemError> read() {
        Optional<List<String>> lines;
        try {
            lines = file.entries();
        } catch (IOException e) {
            LOG.debug("left-out list unreadable ({}): the next full run lists it again", e.toString());
            return List.of();
        }
        List<ItemError> out = new ArrayList<>();
        for (String line : lines.orElse(List.of())) {
            try {
                JsonNode n = JSON.readTree(line);
                ReasonCode code;
                try {
                    code = ReasonCode.valueOf(n.path("code").asText());
                } catch (IllegalArgumentException e) {
                    code = ReasonCode.UNEXPECTED;
                }
                Map<String, String> args = new HashMap<>();
                n.path("args").properties().forEach(a -> args.put(a.getKey(), a.getValue().asText()));
                out.add(new ItemError(n.path("path").asText(), new Reason(code, Map.copyOf(args),
                        n.path("detail").asText(""))));
            } catch (IOException | RuntimeException e) {
                LOG.debug("a left-out line unreadable ({}); dropped", e.toString());
            }
        }
        return out;
    }

    private void write(List<ItemError> items) {
        List<String> lines = new ArrayList<>();
        for (ItemError i : items) {
            ObjectNode n = JSON.createObjectNode().put("path", i.path()).put("code", i.why().code().name())
                    .put("detail", i.why().detail());
            ObjectNode args = n.putObject("args");
            i.why().args().forEach(args::put);
            lines.add(n.toString()); // JSON escapes line breaks: one line each
        }
        try {
            file.replace(lines);
        } catch (IOException e) {
            LOG.warn("could not keep the left-out list: {}", e.toString());
        }
    }
}
