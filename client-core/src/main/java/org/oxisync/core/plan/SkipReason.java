package org.oxisync.core.plan;

import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/**
 * Why one entry is left out of this run while the rest continues. {@code kind} is what a UI translates (see
 * {@link ReasonCode}); it follows from {@code code} except where one code has two outcomes (an edit not sent is either
 * kept as a conflict copy or just not uploaded).
 */
public record SkipReason(Code code, String detail, ReasonCode kind) {

    public SkipReason {
        java.util.Objects.requireNonNull(kind, "kind");
    }

    public SkipReason(Code code, String detail) {
        this(code, detail, kindOf(code));
    }

    private static ReasonCode kindOf(Code code) {
        return switch (code) {
            case SERVER_NAME -> ReasonCode.NAME_REFUSED_BY_SERVER;
            case LOCAL_NAME -> ReasonCode.NAME_NOT_ALLOWED_HERE;
            case CASE_CLASH -> ReasonCode.CASE_CLASH;
            case UNSUPPORTED_TYPE -> ReasonCode.LINK_OR_SPECIAL_FILE;
            case READ_ONLY -> ReasonCode.HELD_BACK_READ_ONLY;
            case NO_UPDATE -> ReasonCode.HELD_BACK_EDIT_NOT_UPLOADED;
            case NO_DELETE -> ReasonCode.HELD_BACK_RESTORED;
            case NO_RENAME -> ReasonCode.HELD_BACK_MOVED_BACK;
            case REFUSED -> ReasonCode.REFUSED_BY_SERVER;
        };
    }

    /** The reason a run report lists for this item: its kind, and {@link #report()} as the sentence. */
    public Reason reason() {
        return Reason.of(kind, report());
    }

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
