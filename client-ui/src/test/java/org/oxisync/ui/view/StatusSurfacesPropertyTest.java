package org.oxisync.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.app.state.PairState;
import org.oxisync.app.state.PairStatus;
import org.oxisync.app.state.AccountView;
import org.oxisync.app.state.PairFacts;
import org.oxisync.app.state.PairView;
import org.oxisync.app.state.ServiceFacts;
import org.oxisync.app.state.Shown;
import org.oxisync.app.state.ViewJson;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.PairRow;
import org.oxisync.ui.model.StatusModel;
import org.oxisync.ui.sync.PairPhase;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Random sequences of engine and connection events (a pair's state with its problem, progress, a run's end with
 * failed and left-out items, the store's failing items, pause, sign-out); after each event every surface of the
 * window (header, overall dot and tray, each pair's card, the Errors badge) shows the one derivation of the facts,
 * as do the JSON of {@code status --json} and the control socket; and what the derivation promises holds: a failing
 * item is never "up to date", a server that is down or read-only is so for every pair.
 */
@ExtendWith(ApplicationExtension.class)
class StatusSurfacesPropertyTest {
    private static final List<String> PAIRS = List.of("A", "B", "C");
    private final I18n i18n = I18n.english();
    private final StatusModel model = new StatusModel(i18n, Clock.fixed(Instant.parse("2026-01-01T10:00:00Z"),
            ZoneOffset.UTC));
    private StatusPane pane;
    private Label headline;

    /** The test's own record of the facts, from the events it sent. */
    private final Map<String, PairPhase> phase = new HashMap<>();
    private final Map<String, Reason> problem = new HashMap<>();
    private final Map<String, ProgressSnapshot> progress = new HashMap<>();
    private final Map<String, SyncReport> report = new HashMap<>();
    private final Map<String, Set<String>> storeFailing = new HashMap<>();
    private boolean paused;
    private boolean signedOut;
    private boolean signInRefused;

    @Start
    void start(Stage stage) {
        List<FolderPair> pairs = new ArrayList<>();
        for (int i = 0; i < PAIRS.size(); i++) {
            pairs.add(FolderPair.create(PAIRS.get(i), "/tmp/" + PAIRS.get(i), "r" + i, "/" + PAIRS.get(i))
                    .withId(i + 1));
        }
        model.setPairs(pairs);
        pane = new StatusPane(i18n, model, new NoActions());
        headline = new Label();
        headline.textProperty().bind(model.headlineProperty());
        stage.setScene(new Scene(new javafx.scene.layout.VBox(headline, pane), 800, 900));
        stage.show();
    }

    @Test
    void everySurfaceShowsTheOneDerivationAfterEveryEvent() throws Exception {
        for (long seed = 1; seed <= 12; seed++) {
            reset();
            Random rnd = new Random(seed);
            for (int step = 0; step < 60; step++) {
                String event = fx(() -> apply(rnd));
                WaitForAsyncUtils.waitForFxEvents();
                String where = "seed " + seed + " step " + step + " after " + event;
                fx(() -> {
                    check(where);
                    return null;
                });
            }
        }
    }

    private void reset() throws Exception {
        fx(() -> {
            phase.clear();
            problem.clear();
            progress.clear();
            report.clear();
            storeFailing.clear();
            paused = false;
            signedOut = false;
            signInRefused = false;
            model.setPaused(false);
            model.setSignedOut(false);
            model.setFailing(Map.of());
            for (String p : PAIRS) {
                model.stateChanged(p, PairPhase.IDLE, "", null);
                model.runFinished(p, report(p, SyncStatus.OK, 0, 0));
                report.put(p, report(p, SyncStatus.OK, 0, 0));
            }
            return null;
        });
    }

    /** One random event, sent to the model as the sync feed and the Errors list send it; returns what it was. */
    private String apply(Random rnd) {
        String p = PAIRS.get(rnd.nextInt(PAIRS.size()));
        switch (rnd.nextInt(9)) {
            case 0, 1 -> {
                PairPhase s = PairPhase.values()[rnd.nextInt(PairPhase.values().length)];
                Reason why = switch (s) {
                    case OFFLINE -> rnd.nextBoolean() ? Reason.of(ReasonCode.NETWORK, "connection refused")
                            : Reason.of(ReasonCode.SERVER_READ_ONLY, "the server is read-only for now");
                    case ERROR -> rnd.nextInt(4) == 0 ? Reason.of(ReasonCode.SIGN_IN_REFUSED, "401")
                            : Reason.of(ReasonCode.LOCAL_FOLDER_MISSING, "the local folder is missing");
                    default -> null;
                };
                phase.put(p, s);
                problem.put(p, why);
                if (!s.busy()) {
                    progress.remove(p);
                }
                signInRefused |= s == PairPhase.ERROR && why != null && why.code() == ReasonCode.SIGN_IN_REFUSED;
                model.stateChanged(p, s, why == null ? "" : why.detail(), why);
                return p + " " + s + " " + why;
            }
            case 2 -> {
                long total = rnd.nextInt(3) == 0 ? 0 : 1000 + rnd.nextInt(100_000);
                int items = 1 + rnd.nextInt(9);
                ProgressSnapshot snap = new ProgressSnapshot(total == 0 ? 0 : rnd.nextLong(total + 1), total,
                        rnd.nextInt(items + 1), 0, items, 0, rnd.nextInt(5000), Optional.empty());
                if (phase.getOrDefault(p, PairPhase.IDLE) == PairPhase.SCANNING) {
                    phase.put(p, PairPhase.SYNCING);
                }
                progress.put(p, snap); // kept until the pair leaves its run, as the feed's snapshots are
                model.progress(p, snap);
                return p + " progress " + snap.bytesDone() + "/" + snap.bytesTotal();
            }
            case 3, 4 -> {
                SyncStatus st = SyncStatus.values()[rnd.nextInt(SyncStatus.values().length)];
                SyncReport r = report(p, st, rnd.nextInt(3), rnd.nextInt(3));
                report.put(p, r);
                progress.remove(p);
                if (st == SyncStatus.FAILED || st == SyncStatus.STOPPED) {
                    phase.put(p, PairPhase.ERROR);
                }
                model.runFinished(p, r);
                return p + " run ended " + st + " errors " + r.errors().size() + " left out " + r.skipped().size();
            }
            case 5, 6 -> {
                Map<String, Set<String>> failing = new LinkedHashMap<>();
                for (String q : PAIRS) {
                    Set<String> paths = new HashSet<>();
                    for (int i = rnd.nextInt(3); i > 0; i--) {
                        paths.add("f" + rnd.nextInt(4) + ".bin");
                    }
                    failing.put(q, paths);
                }
                storeFailing.clear();
                storeFailing.putAll(failing);
                model.setFailing(failing);
                return "store failing " + failing;
            }
            case 7 -> {
                paused = rnd.nextInt(3) == 0;
                model.setPaused(paused);
                return "paused " + paused;
            }
            default -> {
                signedOut = rnd.nextInt(4) == 0;
                if (!signedOut) {
                    signInRefused = false;
                }
                model.setSignedOut(signedOut);
                return "signed out " + signedOut;
            }
        }
    }

    private static SyncReport report(String pair, SyncStatus st, int errors, int skipped) {
        List<ItemError> err = new ArrayList<>();
        for (int i = 0; i < errors; i++) {
            err.add(new ItemError("f" + i + ".bin", Reason.of(ReasonCode.QUOTA, "storage full")));
        }
        List<ItemError> left = new ArrayList<>();
        for (int i = 0; i < skipped; i++) {
            left.add(new ItemError("link" + i, Reason.of(ReasonCode.LINK_OR_SPECIAL_FILE, "a link")));
        }
        return new SyncReport(pair, st, 0, 0, 0, 0, 0, 0, 0, 0, 0, err, left, List.of(), st.wireName(),
                Duration.ZERO, null);
    }

    /** The derivation over the test's own facts, and every surface against it. */
    private void check(String where) {
        List<PairFacts> facts = new ArrayList<>();
        for (String p : PAIRS) {
            PairPhase ph = phase.getOrDefault(p, PairPhase.IDLE);
            facts.add(ServiceFacts.facts(new PairStatus(p, PairState.valueOf(ph.name()), "",
                    ph.busy() ? progress.get(p) : null, report.get(p), null, problem.get(p)),
                    storeFailing.getOrDefault(p, Set.of())));
        }
        AccountView want = AccountView.of(facts, !(signedOut || signInRefused), paused);
        PairView account = want.account();

        assertEquals(account, model.viewProperty().get().account(), where + ": the model's account view");
        assertEquals(PairPhase.of(account.shown(), signInRefused), model.overallProperty().get(),
                where + ": the header's dot and the tray icon");
        assertEquals(headlineOf(account), headline.getText(), where + ": the header");
        int problems = (int) want.pairs().values().stream().filter(v -> v.shown() == Shown.PROBLEM
                || v.shown() == Shown.SIGNED_OUT && v.problem() != null).count();
        assertEquals(problems + account.failing(), model.errorCountProperty().get(), where + ": the Errors badge");
        for (String p : PAIRS) {
            PairView v = want.pairs().get(p);
            PairRow row = model.row(p).orElseThrow();
            assertEquals(v, row.viewProperty().get(), where + ": pair " + p);
            Label state = (Label) pane.lookup("#pair-state-" + p);
            String text = state.getText();
            switch (v.shown()) {
                case PROBLEM -> assertTrue(text.startsWith(PairPhase.ERROR.label(i18n)), where + ": card " + p + " " + text);
                case SIGNED_OUT -> assertTrue(v.problem() != null ? text.startsWith(PairPhase.ERROR.label(i18n))
                        : text.equals(i18n.t("status.card.signedOut")), where + ": card " + p + " " + text);
                case OFFLINE -> assertEquals(i18n.t("status.card.offline"), text, where + ": card " + p);
                case READ_ONLY -> assertEquals(i18n.t("status.card.readOnly"), text, where + ": card " + p);
                case FAILING -> assertEquals(i18n.t("status.card.failing", "count", v.failing()), text, where + ": card " + p);
                case LEFT_OUT -> assertEquals(i18n.t("status.card.leftOut", "count", v.leftOut()), text, where + ": card " + p);
                case SYNCING -> assertEquals(PairPhase.SYNCING.label(i18n), text, where + ": card " + p);
                case CHECKING -> assertEquals(PairPhase.SCANNING.label(i18n), text, where + ": card " + p);
                case PAUSED -> assertEquals(PairPhase.PAUSED.label(i18n), text, where + ": card " + p);
                case UP_TO_DATE -> assertEquals(PairPhase.IDLE.label(i18n), text, where + ": card " + p);
            }
            // status --json and the control socket carry the same view, which the CLI reads back whole
            assertEquals(v.shown(), ViewJson.read(ViewJson.of(v)).shown(), where + ": JSON of " + p);
            assertEquals(v.failing(), ViewJson.read(ViewJson.of(v)).failing(), where + ": JSON of " + p);
            // what the derivation promises
            if (v.failing() > 0) {
                assertNotEquals(Shown.UP_TO_DATE, v.shown(), where + ": a failing item is never up to date");
                assertNotEquals(Shown.LEFT_OUT, v.shown(), where);
            }
            if (!v.shown().busy() && v.shown() != Shown.PAUSED && v.shown() != Shown.SIGNED_OUT) {
                boolean down = PAIRS.stream().anyMatch(q -> phase.getOrDefault(q, PairPhase.IDLE) == PairPhase.OFFLINE);
                if (down) {
                    assertTrue(v.shown() == Shown.OFFLINE || v.shown() == Shown.READ_ONLY,
                            where + ": the server is down or read-only for every pair, " + p + " shows " + v.shown());
                }
            }
        }
        if (account.shown() == Shown.UP_TO_DATE) {
            // a pair paused by itself leaves the others' state to the header
            assertTrue(want.pairs().values().stream().allMatch(v -> v.shown() == Shown.UP_TO_DATE
                    || v.shown() == Shown.PAUSED), where + ": up to date only when every pair is");
        }
    }

    private String headlineOf(PairView a) {
        return switch (a.shown()) {
            case SIGNED_OUT -> i18n.t(signInRefused ? "headline.signInNeeded" : "headline.signedOut");
            case SYNCING -> a.itemsTotal() > 0 ? i18n.t("headline.syncing", "count", a.itemsTotal())
                    : i18n.t("headline.checking");
            case CHECKING -> i18n.t("headline.checking");
            case PROBLEM -> i18n.t("headline.attention");
            case OFFLINE -> i18n.t("headline.offline");
            case READ_ONLY -> i18n.t("headline.readOnly");
            case PAUSED -> i18n.t("headline.paused");
            case FAILING -> i18n.t("headline.itemErrors", "count", a.failing());
            case LEFT_OUT -> i18n.t("headline.leftOut", "count", a.leftOut());
            case UP_TO_DATE -> i18n.t("headline.upToDate");
        };
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get();
    }

    static final class NoActions implements Actions {
        @Override public void syncNow() { }
        @Override public void togglePause() { }
        @Override public void openSettings() { }
        @Override public void openWebUi() { }
        @Override public void openFolder(FolderPair pair) { }
        @Override public void openFile(Path file) { }
        @Override public void showInFolder(Path file) { }
        @Override public void signInAgain() { }
    }
}
