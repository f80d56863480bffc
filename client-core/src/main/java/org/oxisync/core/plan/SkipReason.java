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
        UNSUPPORTED_TYPE
    }

    @Override
    public String toString() {
        return code + ": " + detail;
    }
}
