package org.oxisync.ui.ops;

import org.oxisync.app.ConflictResolution;
import org.oxisync.ui.i18n.I18n;

/** The three ways to settle a conflict, with the words the conflicts view shows for each. */
public enum ConflictChoice {
    KEEP_LOCAL("keepMine", ConflictResolution.Choice.MINE),
    KEEP_REMOTE("keepServer", ConflictResolution.Choice.THEIRS),
    KEEP_BOTH("keepBoth", ConflictResolution.Choice.BOTH);

    private final String key;
    private final ConflictResolution.Choice resolution;

    ConflictChoice(String key, ConflictResolution.Choice resolution) {
        this.key = key;
        this.resolution = resolution;
    }

    /** What the choice does to the files and the store: the CLI's choice of the same name. */
    public ConflictResolution.Choice resolution() {
        return resolution;
    }

    /** The button's words in {@code i18n}'s language. */
    public String label(I18n i18n) {
        return i18n.t("conflict.choice." + key);
    }

    /** What the choice does, in {@code i18n}'s language. */
    public String explanation(I18n i18n) {
        return i18n.t("conflict.choice." + key + ".explanation");
    }
}
