package org.oxisync.ui.ops;

/** The three ways to settle a conflict, with the words the conflicts view shows for each. */
public enum ConflictChoice {
    KEEP_LOCAL("Keep mine", "Your version (the conflicted copy) replaces the server's version; "
            + "the server's version is kept in Versions."),
    KEEP_REMOTE("Keep the server's", "The conflicted copy with your changes is removed; "
            + "it is kept in Versions in case you need it."),
    KEEP_BOTH("Keep both", "Both files stay side by side; the conflict is only marked as handled.");

    private final String label;
    private final String explanation;

    ConflictChoice(String label, String explanation) {
        this.label = label;
        this.explanation = explanation;
    }

    public String label() {
        return label;
    }

    public String explanation() {
        return explanation;
    }
}
