package org.oxisync.core.reason;

import java.util.Map;

/**
 * What an activity-log line says, for a UI that shows it in the user's language; the English sentence stays in the
 * line's message (the CLI and the log). Stored by name in the activity table's {@code code} column with its values
 * ({@code args}); names are never changed or reused.
 */
public enum ActivityCode {
    /** A file was uploaded. Args: bytes. */
    SENT,
    /** A conflict copy was uploaded. Args: bytes. */
    SENT_CONFLICT_COPY,
    /** A file was downloaded. Args: bytes. */
    RECEIVED,
    /** A file was deleted here because it was deleted on the server. */
    DELETED_ON_SERVER,
    /** A folder was deleted here because it was deleted on the server. */
    FOLDER_DELETED_ON_SERVER,
    /** A deleted item was moved to the server's trash. */
    TRASHED,
    /** Changed on both sides: the local version was kept as a copy. Args: copy. */
    CONFLICT_KEPT_LOCAL,
    /** Another device saved the file at the same moment: the local version was kept as a copy. Args: copy. */
    CONFLICT_OVERTAKEN,
    /** Changed here while the run replaced it: kept as a copy. Args: copy. */
    CONFLICT_CHANGED_WHILE_REPLACED,
    /** A conflict was settled by deleting the conflicted copy. */
    RESOLVED_COPY_DELETED,
    /** A conflict was settled. Args: choice (MINE | THEIRS | BOTH). */
    RESOLVED,
    /** An older version was restored. Args: time (ISO-8601 instant). */
    RESTORED,
    /** An item was moved or renamed (here, or on the server, as on the other side). Args: from, remote, folder. */
    MOVED,
    /** A run ended. Args: status (ok | partial | failed | stopped), changes, conflicts, errors. */
    RUN;

    /** The store's columns for this line: the code's name. */
    public String stored() {
        return name();
    }

    /** The values of a line of this kind, as strings. */
    public static Map<String, String> args(Object... keysAndValues) {
        Map<String, String> out = new java.util.TreeMap<>();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            out.put(String.valueOf(keysAndValues[i]), String.valueOf(keysAndValues[i + 1]));
        }
        return out;
    }
}
