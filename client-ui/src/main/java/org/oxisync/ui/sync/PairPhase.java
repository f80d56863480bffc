package org.oxisync.ui.sync;

/** Where a folder pair stands, as the window and the tray show it (mirrors the sync service's states). */
public enum PairPhase {
    IDLE("Up to date"),
    SCANNING("Checking for changes"),
    SYNCING("Syncing"),
    PAUSED("Paused"),
    OFFLINE("Offline"),
    ERROR("Needs attention");

    private final String label;

    PairPhase(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean busy() {
        return this == SCANNING || this == SYNCING;
    }
}
