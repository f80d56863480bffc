package org.oxisync.ui.app;

import java.util.function.Supplier;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.SettingsModel;
import org.oxisync.ui.model.StatusModel;
import org.oxisync.ui.sync.PairPhase;
import org.oxisync.ui.sync.SyncBackend;

/**
 * The shell's sync controls: "Sync now" and "Pause" for the account the window shows (with the line of feedback
 * that says why nothing happens), and the bandwidth limits, which are the home's and go to every account's sync.
 */
final class SyncControls {
    private final I18n i18n;
    private final AccountSessions accounts;
    private final Supplier<StatusModel> status;
    private final SettingsModel settings;

    /** {@code status}: the shown account's status (an empty one before the first sign-in). */
    SyncControls(I18n i18n, AccountSessions accounts, Supplier<StatusModel> status, SettingsModel settings) {
        this.i18n = i18n;
        this.accounts = accounts;
        this.status = status;
        this.settings = settings;
    }

    void syncNow() {
        AccountSession current = accounts.current();
        if (current == null) {
            return;
        }
        StatusModel s = status.get();
        if (s.signedOutProperty().get() || s.signInNeededProperty().get()) {
            s.setFeedback(i18n.t("feedback.signInFirst"));
            return;
        }
        if (s.pausedProperty().get()) {
            s.setFeedback(i18n.t("feedback.paused"));
            return;
        }
        if (s.overallProperty().get() == PairPhase.OFFLINE) {
            s.setFeedback(i18n.t("feedback.offline"));
        } else if (!s.busyProperty().get()) {
            s.setFeedback(i18n.t("headline.checking"));
        }
        current.backend().ifPresent(b -> b.syncNow(null));
    }

    void togglePause() {
        AccountSession current = accounts.current();
        StatusModel s = status.get();
        if (current == null || current.backend().isEmpty() || s.signedOutProperty().get()) {
            return;
        }
        SyncBackend backend = current.backend().get();
        s.setFeedback("");
        boolean pause = !s.pausedProperty().get();
        s.setPaused(pause);
        if (pause) {
            backend.pause(null);
        } else {
            backend.resume(null);
        }
    }

    /** The limits are the home's (one setting, shared by every account's client: AppContext.bandwidth). */
    void applyBandwidth() {
        long up = settings.uploadKibProperty().get() * 1024L;
        long down = settings.downloadKibProperty().get() * 1024L;
        accounts.all().forEach(x -> x.backend().ifPresent(b -> b.setBandwidth(up, down)));
    }
}
