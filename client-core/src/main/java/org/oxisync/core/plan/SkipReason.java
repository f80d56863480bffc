package org.oxisync.core.plan;

/** Why one entry is left out of this run while the rest continues. */
public record SkipReason(Code code, String detail) {

    public enum Code {
        /** The server refuses the name. */
        SERVER_NAME,
        /** The local file system cannot hold the name. */
        LOCAL_NAME,
        /** Another entry's name differs only in case and the local volume is case-insensitive. */
        CASE_CLASH,
        /** A symlink or special file: not synced. */
        UNSUPPORTED_TYPE,
        /** A local new file or folder the pair may not send (a read-only role or a download-only pair): kept locally. */
        READ_ONLY,
        /** A local edit the role may not send: kept beside the server's version as a conflict copy. */
        NO_UPDATE,
        /** A local delete the role may not send: the server's entry comes back. */
        NO_DELETE,
        /** A local rename or move the role may not send: moved back. */
        NO_RENAME,
        /** The server refused this write (forbidden) although the role allowed it: not sent again until it changes. */
        REFUSED;

        /** Held back by the pair's rights (the role, the mode or a refusal), not by a name or a type. */
        public boolean heldBack() {
            return this == READ_ONLY || this == NO_UPDATE || this == NO_DELETE || this == NO_RENAME || this == REFUSED;
        }
    }

    /** The line a run report shows for this item. */
    public String report() {
        if (code == Code.UNSUPPORTED_TYPE || code.heldBack()) {
            return detail;
        }
        return "parked until it is renamed: " + detail;
    }

    @Override
    public String toString() {
        return code + ": " + detail;
    }
}
