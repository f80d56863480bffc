package org.oxisync.protocol;

import java.util.Locale;
import java.util.Optional;

/**
 * A caller's role on a drive or shared item, as the server names it in {@code caller_role} and grant rows
 * ({@code "viewer"}, ..., {@code "owner"}). Permissions follow the server's {@code Role::expand}
 * (OxiCloud 0.8.7 {@code src/domain/services/authorization.rs:293-313}): Viewer reads; Commenter reads and comments;
 * Contributor reads and creates; Editor reads, comments, creates and updates; Owner does all (delete, share, manage).
 */
public enum Role {
    VIEWER(false, false, false),
    COMMENTER(false, false, false),
    CONTRIBUTOR(true, false, false),
    EDITOR(true, true, false),
    OWNER(true, true, true);

    private final boolean create;
    private final boolean update;
    private final boolean delete;

    Role(boolean create, boolean update, boolean delete) {
        this.create = create;
        this.update = update;
        this.delete = delete;
    }

    /** Every role may read. */
    public boolean canRead() {
        return true;
    }

    /** New files and folders (uploads, delta create, folder create, copy into). */
    public boolean canCreate() {
        return create;
    }

    /** Changes to existing items: new content, rename, move. */
    public boolean canUpdate() {
        return update;
    }

    /** Trash and permanent delete. */
    public boolean canDelete() {
        return delete;
    }

    /** The server's wire name, e.g. {@code "editor"}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a wire name ({@code "viewer"} ... {@code "owner"}, case-insensitive); empty for anything else. */
    public static Optional<Role> fromWire(String value) {
        if (value == null) {
            return Optional.empty();
        }
        for (Role r : values()) {
            if (r.wireName().equalsIgnoreCase(value.trim())) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
