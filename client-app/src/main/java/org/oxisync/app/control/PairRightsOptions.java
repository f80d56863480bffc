package org.oxisync.app.control;

import java.util.Map;
import java.util.Optional;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;

/** The {@code --mode}, {@code --role} and {@code --keep-remote-deletes} options of a pair, read and shown. */
public final class PairRightsOptions {
    private PairRightsOptions() {}

    /** The rights the options give; empty when they are not valid ({@link #problem} says why). */
    public static Optional<PairRights> parse(String mode, String role, boolean keepRemoteDeletes) {
        Optional<SyncMode> m = SyncMode.fromWire(mode);
        Optional<Role> r = Role.fromWire(role);
        if (m.isEmpty() || r.isEmpty() || (keepRemoteDeletes && m.get() != SyncMode.UPLOAD_ONLY)) {
            return Optional.empty();
        }
        return Optional.of(new PairRights(m.get(), r.get(), keepRemoteDeletes, Map.of()));
    }

    public static String problem(String mode, String role, boolean keepRemoteDeletes) {
        if (SyncMode.fromWire(mode).isEmpty()) {
            return "unknown --mode '" + mode + "'; use two-way, upload-only or download-only";
        }
        if (Role.fromWire(role).isEmpty()) {
            return "unknown --role '" + role + "'; use viewer, commenter, contributor, editor or owner";
        }
        return "--keep-remote-deletes goes with --mode upload-only";
    }

    /** {@code two-way, owner} or {@code upload-only (keeps remote deletes), editor}. */
    public static String describe(PairRights r) {
        return r.mode().wireName() + (r.keepsRemoteDeletes() ? " (keeps remote deletes)" : "") + ", "
                + r.role().wireName();
    }
}
