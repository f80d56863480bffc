package org.oxisync.app.service;

/**
 * The user's answer after the mass-delete guard stopped a pair's run; it applies to the pair's next run only (a
 * later mass deletion is asked about again).
 */
public enum MassDeleteChoice {
    /** Carry the deletions out (the CLI's {@code --allow-mass-delete}). */
    DELETE,
    /** Keep the files: copy them back to the side where they are missing. */
    RESTORE
}
