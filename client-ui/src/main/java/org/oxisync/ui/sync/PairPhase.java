package org.oxisync.ui.sync;

import org.oxisync.ui.i18n.I18n;

/** Where a folder pair stands, as the window and the tray show it (mirrors the sync service's states). */
public enum PairPhase {
    IDLE, SCANNING, SYNCING, PAUSED, OFFLINE, ERROR;

    /** "Up to date", "Syncing", … in {@code i18n}'s language (key {@code phase.<name>}). */
    public String label(I18n i18n) {
        return i18n.t("phase." + name().toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * The colour a derived state is drawn in (dot, tray icon): a failing item or a pair that cannot sync is an
     * error, a server that is offline or read-only is offline, signed out is paused (a refused sign-in: an error).
     */
    public static PairPhase of(org.oxisync.app.state.Shown shown, boolean signInRefused) {
        return switch (shown) {
            case SIGNED_OUT -> signInRefused ? ERROR : PAUSED;
            case SYNCING -> SYNCING;
            case CHECKING -> SCANNING;
            case PROBLEM, FAILING -> ERROR;
            case OFFLINE, READ_ONLY -> OFFLINE;
            case PAUSED -> PAUSED;
            case LEFT_OUT, UP_TO_DATE -> IDLE;
        };
    }

    public boolean busy() {
        return this == SCANNING || this == SYNCING;
    }
}
