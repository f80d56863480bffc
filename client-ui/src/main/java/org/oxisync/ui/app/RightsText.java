package org.oxisync.ui.app;

import static org.oxisync.ui.i18n.I18n.t;

import java.util.Optional;
import org.oxisync.core.app.PairDrive;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.setup.DriveChoice;
import org.oxisync.ui.setup.PairModes;

/** A pair's drive, role and mode, and why something is held back, in the user's words and language. */
public final class RightsText {
    private RightsText() {}

    /** "can view", "can add files", "can edit", "full control". */
    public static String role(Role r) {
        return switch (r) {
            case VIEWER -> t("rights.role.viewer");
            case COMMENTER -> t("rights.role.commenter");
            case CONTRIBUTOR -> t("rights.role.contributor");
            case EDITOR -> t("rights.role.editor");
            case OWNER -> t("rights.role.owner");
        };
    }

    /** "Two-way", "Upload only (backup)", "Download only (mirror)". */
    public static String mode(SyncMode m) {
        return switch (m) {
            case TWO_WAY -> t("rights.mode.twoWay");
            case UPLOAD_ONLY -> t("rights.mode.uploadOnly");
            case DOWNLOAD_ONLY -> t("rights.mode.downloadOnly");
        };
    }

    /** What the mode does, one sentence. */
    public static String modeText(SyncMode m) {
        return switch (m) {
            case TWO_WAY -> t("rights.mode.twoWay.text");
            case UPLOAD_ONLY -> t("rights.mode.uploadOnly.text");
            case DOWNLOAD_ONLY -> t("rights.mode.downloadOnly.text");
        };
    }

    /** "Personal drive", "Shared drive", "Shared with me". */
    public static String kind(String kind) {
        return switch (kind == null ? DriveChoice.PERSONAL : kind) {
            case DriveChoice.SHARED -> t("rights.kind.shared");
            case DriveChoice.FOLDER -> t("rights.kind.folder");
            default -> t("rights.kind.personal");
        };
    }

    /** The drive picker's second line: "Shared drive · can edit · 1.2 GiB free". */
    public static String driveLine(DriveChoice d) {
        // the Personal drive is named by its kind already: its line says only the role and the space
        String base = d.personal() ? role(d.role()) : t("rights.drive.line", "kind", kind(d.kind()), "role", role(d.role()));
        return d.freeBytes().isPresent()
                ? t("rights.drive.withFree", "line", base, "free", Formats.bytes(d.freeBytes().getAsLong())) : base;
    }

    /** The drive's name and its line in one: "Personal drive · full control · 1.0 GiB free". */
    public static String driveSummary(DriveChoice d) {
        return t("rights.drive.line", "kind", driveName(d), "role", driveLine(d));
    }

    /** The drive's name as shown; the Personal drive by its translated kind. */
    public static String driveName(DriveChoice d) {
        return d.personal() ? t("rights.kind.personal") : d.name();
    }

    /** "Team · can edit · Two-way": where a pair syncs and how, for cards and lists. */
    public static String pair(FolderPair p) {
        PairRights r = PairModes.of(p);
        String kind = p.settings().getOrDefault(PairDrive.KIND, DriveChoice.PERSONAL);
        String drive = DriveChoice.PERSONAL.equals(kind) || !p.settings().containsKey(PairDrive.NAME)
                ? t("rights.kind.personal") : p.settings().get(PairDrive.NAME);
        String mode = mode(r.mode()) + (r.keepsRemoteDeletes() ? t("rights.mode.keepsDeletes") : "");
        return t("rights.pair.line", "drive", drive, "role", role(r.role()), "mode", mode);
    }

    /** A short badge for a pair that does not sync everything both ways ("read-only"); empty for a full pair. */
    public static Optional<String> badge(FolderPair p) {
        PairRights r = PairModes.of(p);
        if (r.mode() == SyncMode.UPLOAD_ONLY) {
            return Optional.of(t("rights.badge.backup"));
        }
        if (r.mode() == SyncMode.DOWNLOAD_ONLY) {
            return Optional.of(r.role().canCreate() ? t("rights.badge.mirror") : t("rights.badge.readOnly"));
        }
        if (!r.role().canCreate()) {
            return Optional.of(t("rights.badge.readOnly"));
        }
        if (!r.role().canUpdate()) {
            return Optional.of(t("rights.badge.addOnly"));
        }
        if (!r.role().canDelete()) {
            return Optional.of(t("rights.badge.noDelete"));
        }
        return Optional.empty();
    }

    /** Why a mode cannot be chosen for this role; null when it can. */
    public static String whyNot(Role role, SyncMode mode) {
        return PairModes.allowed(role).contains(mode) ? null : t("rights.mode.viewOnly");
    }

    /** Why the pair does not send something: a role that may not add anything, else the mode, else the role. */
    public static String why(PairRights r) {
        if (!r.role().canCreate()) { // a viewer's pair is download-only too; the role is the reason to tell
            return t("rights.why.viewOnly");
        }
        if (r.mode() == SyncMode.DOWNLOAD_ONLY) {
            return t("rights.why.downloadOnly");
        }
        if (!r.role().canUpdate()) {
            return t("rights.why.addOnly");
        }
        if (!r.role().canDelete()) {
            return t("rights.why.noDelete");
        }
        return t("rights.why.settings");
    }
}
