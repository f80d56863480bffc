package org.oxisync.emulator.store;

import java.util.List;
import java.util.Locale;

/**
 * The server's five roles and what each allows, from {@code Role::expand} (OxiCloud 0.8.7
 * {@code src/domain/services/authorization.rs:293-313}). Declared weakest first: {@link #ordinal()} ranks them.
 */
public enum DriveRole {
    VIEWER(List.of("read")),
    COMMENTER(List.of("read", "comment")),
    CONTRIBUTOR(List.of("read", "create")),
    EDITOR(List.of("read", "comment", "create", "update")),
    OWNER(List.of("read", "comment", "create", "update", "share", "delete", "manage"));

    private final List<String> permissions;

    DriveRole(List<String> permissions) {
        this.permissions = permissions;
    }

    public boolean allows(String permission) {
        return permissions.contains(permission);
    }

    /** The expanded permissions ({@code read}, {@code create}, ...). */
    public List<String> permissions() {
        return permissions;
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code "viewer"} ... {@code "owner"}; anything else → 400 as the server's serde would refuse it. */
    public static DriveRole parse(String wire) {
        for (DriveRole r : values()) {
            if (r.wire().equals(wire)) {
                return r;
            }
        }
        throw org.oxisync.emulator.http.ApiError.text(422, "unknown role: " + wire);
    }

    static DriveRole stronger(DriveRole a, DriveRole b) {
        if (a == null) {
            return b;
        }
        return b == null || a.ordinal() >= b.ordinal() ? a : b;
    }
}
