package org.oxisync.core.reason;

/**
 * What kind of problem or hold-back a reason is, for a UI that says it in the user's language (client-ui maps each
 * code to a bundle message, {@code reason.<CODE>}); the English sentence beside it ({@link Reason#detail()}) is for the
 * CLI, {@code --json} and the log. The codes are derived from the engine's call sites: each names one situation a user
 * can tell apart and act on. A code's name is part of the sync-once JSON ({@code "code"}): names are never changed or
 * reused, new ones are appended.
 */
public enum ReasonCode {
    // ---- names and kinds of entries (parked until renamed or left out) ----
    /** The server cannot store the name (it holds '/' or '\', or is reserved). Args: name. */
    NAME_REFUSED_BY_SERVER,
    /** This computer's file system cannot hold the name. Args: name. */
    NAME_NOT_ALLOWED_HERE,
    /** Another entry's name differs only in case and this computer's folder is case-insensitive. */
    CASE_CLASH,
    /** A symbolic link or special file (device, pipe, socket): not synced. Args: kind (link | special). */
    LINK_OR_SPECIAL_FILE,
    /** The server listed an entry with a name that is not one safe path segment: left alone. Args: type, name. */
    UNSAFE_NAME,

    // ---- held back by the pair's role or mode (not errors, not retried) ----
    /** A new local file or folder the pair may not send (read-only role or download-only pair): kept here. */
    HELD_BACK_READ_ONLY,
    /** A local edit the role may not send: kept as a conflict copy beside the server's version. */
    HELD_BACK_EDIT_COPY,
    /** A local edit the role may not send: not uploaded. */
    HELD_BACK_EDIT_NOT_UPLOADED,
    /** A local delete the role may not send: the server's entry comes back. */
    HELD_BACK_RESTORED,
    /** A local rename or move the role may not send: moved back. */
    HELD_BACK_MOVED_BACK,
    /** The server refused this write although the role allowed it: not sent again until it changes. */
    REFUSED_BY_SERVER,
    /** The server answered 403: the role on this drive or share does not allow it. Args: permission (may be absent). */
    FORBIDDEN_BY_ROLE,

    // ---- this computer ----
    /** OxiSync may not read or write the item. */
    PERMISSION_DENIED,
    /** The item could not be read (locked by another program, or an I/O error). */
    LOCKED_OR_UNREADABLE,
    /** A folder could not be listed (completely). */
    FOLDER_UNREADABLE,
    /** The file kept changing while it was read; retried next run. */
    CHANGED_WHILE_READING,
    /** The file changed while it was being uploaded; sent again next run. */
    CHANGED_WHILE_UPLOADING,
    /** The item disappeared while it was synced. */
    GONE_LOCALLY,
    /** The disk of this computer is full. */
    DISK_FULL,
    /** Writing on this computer failed (not a full disk, not permissions). */
    LOCAL_WRITE_FAILED,
    /** What was at a place a delete left could not be removed: the item waits for the next run. Args: blocker. */
    BLOCKED_BY_FAILED_DELETE,
    /** The pair's local folder is missing (an unplugged disk?): nothing synced. */
    LOCAL_FOLDER_MISSING,
    /** The folder's .oxisyncignore cannot be used. */
    IGNORE_FILE_INVALID,

    // ---- the server ----
    /** The server's file changed while it was being downloaded; fetched again next run. */
    CHANGED_ON_SERVER,
    /** The received content does not match its hash. */
    HASH_MISMATCH,
    /** The item or its folder is not on the server any more. */
    NOT_FOUND_ON_SERVER,
    /** The server folder this was written into was deleted meanwhile. */
    PARENT_DELETED_ON_SERVER,
    /** The server did not move the item to its trash. */
    NOT_TRASHED,
    /** The server reports a conflicting entry. */
    CONFLICT,
    /** The account's storage on the server is full. */
    QUOTA,
    /** The server refuses requests for a while. Args: seconds (when it said). */
    RATE_LIMITED,
    /** The server is read-only for now (maintenance). */
    SERVER_READ_ONLY,
    /** The server had an internal error. Args: status. */
    SERVER_ERROR,
    /** The server rejected a request. Args: status. */
    REQUEST_REJECTED,
    /** The server did not receive every part of an upload. */
    UPLOAD_INCOMPLETE,
    /** The server cannot be reached. */
    NETWORK,
    /** The server's certificate is not trusted. */
    UNTRUSTED_CERTIFICATE,
    /** The server answered something that is not OxiCloud's protocol. */
    PROTOCOL_VIOLATION,
    /** The server's version is not supported. */
    UNSUPPORTED_SERVER,
    /** The server does not accept this computer's sign-in any more. */
    SIGN_IN_REFUSED,
    /** The system's password store could not be used. */
    CREDENTIAL_STORE,
    /** The pair's folder on the server was deleted or moved. */
    REMOTE_FOLDER_GONE,

    // ---- the run ----
    /** The run stopped before deleting many files. Args: count (files that would be deleted). */
    MASS_DELETE_STOPPED,
    /** The run was stopped (pause, shutdown) before this item. */
    STOPPED,
    /** Anything else: the detail says what; the log has more. */
    UNEXPECTED,

    // ---- appended later (names are never reused or reordered) ----
    /**
     * The server listed a folder twice in one discovery (in two folders, inside itself or inside its own subtree): a
     * broken or hostile server, or a folder moved between the listings of its old and new parent. It was taken once,
     * where it was met first, and is listed again next run. Args: name.
     */
    FOLDER_LISTED_TWICE,
    /**
     * The item changed on this computer between the run's scan and its action on it (written, created, removed or
     * filled with new files): nothing was touched, and the next run, which comes at once, compares it again.
     */
    CHANGED_DURING_RUN
}
