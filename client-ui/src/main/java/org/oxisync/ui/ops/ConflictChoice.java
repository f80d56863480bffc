package org.oxisync.ui.ops;

import org.oxisync.ui.i18n.I18n;

/** The three ways to settle a conflict, with the words the conflicts view shows for each. */
public enum ConflictChoice {
    KEEP_LOCAL("Keep mine", "keepMine"),
    KEEP_REMOTE("Keep the server's", "keepServer"),
    KEEP_BOTH("Keep both", "keepBoth");

    private final String english;
    private final String key;

    ConflictChoice(String english, String key) {
        this.english = english;
        this.key = key;
    }

    /** The button's words in {@code i18n}'s language. */
    public String label(I18n i18n) {
        return i18n.t("conflict.choice." + key);
    }

    /** What the choice does, in {@code i18n}'s language. */
    public String explanation(I18n i18n) {
        return i18n.t("conflict.choice." + key + ".explanation");
    }

    /** The English name, for the activity log (which stays English, like the CLI). */
    public String logName() {
        return english;
    }
}
