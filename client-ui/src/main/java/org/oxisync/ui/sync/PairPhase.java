package org.oxisync.ui.sync;

import org.oxisync.ui.i18n.I18n;

/** Where a folder pair stands, as the window and the tray show it (mirrors the sync service's states). */
public enum PairPhase {
    IDLE, SCANNING, SYNCING, PAUSED, OFFLINE, ERROR;

    /** "Up to date", "Syncing", … in {@code i18n}'s language (key {@code phase.<name>}). */
    public String label(I18n i18n) {
        return i18n.t("phase." + name().toLowerCase(java.util.Locale.ROOT));
    }

    public boolean busy() {
        return this == SCANNING || this == SYNCING;
    }
}
