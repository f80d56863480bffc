package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.oxisync.app.commands.StatusViews;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.app.state.AccountView;
import org.oxisync.app.state.PairView;
import org.oxisync.app.state.ServiceFacts;
import org.oxisync.app.state.Shown;
import org.oxisync.app.state.ViewText;
import org.oxisync.store.account.FolderPair;
import org.oxisync.app.state.PairState;
import org.oxisync.app.state.PairStatus;

/**
 * Random sequences of engine and connection events on the pairs' state boards (what the engine knows) and the
 * store's failing items; after each event {@code status --json} and the control socket (one JSON), and
 * {@code oxisync status} reading that JSON, show the one derivation: the same state and counts for the account and
 * each pair, in the same words. The derivation's promises hold too: a failing item is never up to date, and a server
 * that is down or read-only is so for every pair of it.
 */
class StatusSurfacesAgreeTest {
    private static final List<String> PAIRS = List.of("A", "B", "C");

    @Test
    void statusJsonTheSocketAndTheCliShowTheOneDerivationAfterEveryEvent() {
        for (long seed = 1; seed <= 40; seed++) {
            Random rnd = new Random(seed);
            Map<String, PairStateBoard> boards = new LinkedHashMap<>();
            Map<String, ProgressSnapshot> progress = new HashMap<>();
            Map<String, Set<String>> failing = new HashMap<>();
            List<FolderPair> pairs = new ArrayList<>();
            for (int i = 0; i < PAIRS.size(); i++) {
                String name = PAIRS.get(i);
                boards.put(name, new PairStateBoard(SyncEvents.NONE, () -> name, () -> { }));
                pairs.add(FolderPair.create(name, "/tmp/" + name, "r" + i, "/" + name).withId(i + 1));
            }
            boolean paused = false;
            for (int step = 0; step < 80; step++) {
                String p = PAIRS.get(rnd.nextInt(PAIRS.size()));
                PairStateBoard b = boards.get(p);
                switch (rnd.nextInt(6)) {
                    case 0, 1 -> {
                        PairState s = PairState.values()[rnd.nextInt(PairState.values().length)];
                        Reason why = switch (s) {
                            case OFFLINE -> rnd.nextBoolean() ? Reason.of(ReasonCode.NETWORK, "connection refused")
                                    : Reason.of(ReasonCode.SERVER_READ_ONLY, "read-only for now");
                            case ERROR -> rnd.nextInt(4) == 0 ? Reason.of(ReasonCode.SIGN_IN_REFUSED, "401")
                                    : Reason.of(ReasonCode.LOCAL_FOLDER_MISSING, "missing");
                            default -> null;
                        };
                        b.set(s, s.wireName(), why);
                        if (s != PairState.SCANNING && s != PairState.SYNCING) {
                            progress.remove(p);
                        }
                    }
                    case 2 -> {
                        long total = rnd.nextInt(1_000_000);
                        progress.put(p, new ProgressSnapshot(total == 0 ? 0 : rnd.nextLong(total), total,
                                rnd.nextInt(3), 0, 3, 0, 0, Optional.empty()));
                    }
                    case 3 -> {
                        SyncStatus st = SyncStatus.values()[rnd.nextInt(SyncStatus.values().length)];
                        List<ItemError> errors = new ArrayList<>();
                        for (int i = rnd.nextInt(3); i > 0; i--) {
                            errors.add(new ItemError("f" + rnd.nextInt(4), Reason.of(ReasonCode.QUOTA, "full")));
                        }
                        List<ItemError> left = new ArrayList<>();
                        for (int i = rnd.nextInt(3); i > 0; i--) {
                            left.add(new ItemError("l" + i, Reason.of(ReasonCode.LINK_OR_SPECIAL_FILE, "link")));
                        }
                        b.runEnded(new SyncReport(p, st, 0, 0, 0, 0, 0, 0, 0, 0, 0, errors, left, List.of(),
                                st.wireName(), Duration.ZERO, null), Instant.EPOCH);
                        progress.remove(p);
                    }
                    case 4 -> {
                        Set<String> paths = new HashSet<>();
                        for (int i = rnd.nextInt(3); i > 0; i--) {
                            paths.add("f" + rnd.nextInt(4));
                        }
                        failing.put(p, paths);
                    }
                    default -> paused = rnd.nextInt(3) == 0;
                }
                Map<String, PairStatus> status = new LinkedHashMap<>();
                boards.forEach((name, board) -> status.put(name, board.status(null, progress.get(name))));
                AccountView view = AccountView.of(ServiceFacts.of(status,
                        name -> failing.getOrDefault(name, Set.of())), true, paused);
                ObjectNode json = StatusJson.of(view, status, Map.of(), "alice", 1, paused, false, new long[2]);
                AccountView cli = StatusViews.of(pairs, x -> 0, json, true);
                String where = "seed " + seed + " step " + step;
                assertEquals(view.account(), cli.account(), where + ": the account");
                assertEquals(ViewText.line(view.account()), ViewText.line(cli.account()), where);
                for (String name : PAIRS) {
                    PairView v = view.pairs().get(name);
                    PairView c = cli.pairs().get(name);
                    assertEquals(v.shown(), c.shown(), where + ": " + name);
                    assertEquals(ViewText.line(v), ViewText.line(c), where + ": the CLI's line of " + name);
                    JsonNode n = pairNode(json, name);
                    assertEquals(v.shown().wireName(), n.path("shown").path("state").asText(), where);
                    assertEquals(v.failing(), n.path("shown").path("failing").asInt(), where);
                    if (v.failing() > 0) {
                        assertNotEquals(Shown.UP_TO_DATE, v.shown(), where + ": failing is never up to date");
                    }
                    boolean down = status.values().stream().anyMatch(s -> s.state() == PairState.OFFLINE);
                    if (down && !v.shown().busy() && v.shown() != Shown.PAUSED && v.shown() != Shown.SIGNED_OUT) {
                        assertTrue(v.shown() == Shown.OFFLINE || v.shown() == Shown.READ_ONLY,
                                where + ": the server's state applies to " + name + ", shown " + v.shown());
                    }
                }
            }
        }
    }

    private static JsonNode pairNode(JsonNode root, String name) {
        for (JsonNode n : root.path("pairs")) {
            if (name.equals(n.path("name").asText())) {
                return n;
            }
        }
        throw new AssertionError("no pair " + name + " in " + root);
    }
}
