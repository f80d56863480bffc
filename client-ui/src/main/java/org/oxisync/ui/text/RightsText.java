package org.oxisync.ui.text;

import java.util.Optional;
import org.oxisync.app.PairDrive;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.setup.DriveChoice;
import org.oxisync.ui.setup.PairModes;

/** A pair's drive, role and mode, and why something is held back, in the user's words and language. */
public final class RightsText {
    private RightsText() {}

    /** "can view", "can add files", "can edit", "full control". */
    public static String role(I18n i18n, Role r) {
        return switch (r) {
            case VIEWER -> i18n.t("rights.role.viewer");
            case COMMENTER -> i18n.t("rights.role.commenter");
            case CONTRIBUTOR -> i18n.t("rights.role.contributor");
            case EDITOR -> i18n.t("rights.role.editor");
            case OWNER -> i18n.t("rights.role.owner");
        };
    }

    /** "Two-way", "Upload only (backup)", "Download only (mirror)". */
    public static String mode(I18n i18n, SyncMode m) {
        return switch (m) {
            case TWO_WAY -> i18n.t("rights.mode.twoWay");
            case UPLOAD_ONLY -> i18n.t("rights.mode.uploadOnly");
            case DOWNLOAD_ONLY -> i18n.t("rights.mode.downloadOnly");
        };
    }

    /** What the mode does, one sentence. */
    public static String modeText(I18n i18n, SyncMode m) {
        return switch (m) {
            case TWO_WAY -> i18n.t("rights.mode.twoWay.text");
            case UPLOAD_ONLY -> i18n.t("rights.mode.uploadOnly.text");
            case DOWNLOAD_ONLY -> i18n.t("rights.mode.downloadOnly.text");
        };
    }

    /** "Personal drive", "Shared drive", "Shared with me". */
    public static String kind(I18n i18n, String kind) {
        return switch (kind == null ? DriveChoice.PERSONAL : kind) {
            case DriveChoice.SHARED -> i18n.t("rights.kind.shared");
            case DriveChoice.FOLDER -> i18n.t("rights.kind.folder");
            default -> i18n.t("rights.kind.personal");
        };
    }

    /** The drive picker's second line: "Shared drive · can edit · 1.2 GiB free". */
    public static String driveLine(I18n i18n, DriveChoice d) {
        // the Personal drive is named by its kind already: its line says only the role and the space
        String base = d.personal() ? role(i18n, d.role())
                : i18n.t("rights.drive.line", "kind", kind(i18n, d.kind()), "role", role(i18n, d.role()));
        return d.freeBytes().isPresent()
                ? i18n.t("rights.drive.withFree", "line", base, "free", Formats.bytes(i18n, d.freeBytes().getAsLong())) : base;
    }

    /** The drive's name and its line in one: "Personal drive · full control · 1.0 GiB free". */
    public static String driveSummary(I18n i18n, DriveChoice d) {
        return i18n.t("rights.drive.line", "kind", driveName(i18n, d), "role", driveLine(i18n, d));
    }

    /** The drive's name as shown; the Personal drive by its translated kind. */
    public static String driveName(I18n i18n, DriveChoice d) {
        return d.personal() ? i18n.t("rights.kind.personal") : d.name();
    }

    /** "Team · can edit · Two-way": where a pair syncs and how, for cards and lists. */
    public static String pair(I18n i18n, FolderPair p) {
        PairRights r = PairModes.of(p);
        String kind = p.settings().getOrDefault(PairDrive.KIND, DriveChoice.PERSONAL);
        String drive = DriveChoice.PERSONAL.equals(kind) || !p.settings().containsKey(PairDrive.NAME)
                ? i18n.t("rights.kind.personal") : p.settings().get(PairDrive.NAME);
        String mode = mode(i18n, r.mode()) + (r.keepsRemoteDeletes() ? i18n.t("rights.mode.keepsDeletes") : "");
        return i18n.t("rights.pair.line", "drive", drive, "role", role(i18n, r.role()), "mode", mode);
    }

    /** A short badge for a pair that does not sync everything both ways ("read-only"); empty for a full pair. */
    public static Optional<String> badge(I18n i18n, FolderPair p) {
        PairRights r = PairModes.of(p);
        if (r.mode() == SyncMode.UPLOAD_ONLY) {
            return Optional.of(i18n.t("rights.badge.backup"));
        }
        if (r.mode() == SyncMode.DOWNLOAD_ONLY) {
            return Optional.of(r.role().canCreate() ? i18n.t("rights.badge.mirror") : i18n.t("rights.badge.readOnly"));
        }
        if (!r.role().canCreate()) {
            return Optional.of(i18n.t("rights.badge.readOnly"));
        }
        if (!r.role().canUpdate()) {
            return Optional.of(i18n.t("rights.badge.addOnly"));
        }
        if (!r.role().canDelete()) {
            return Optional.of(i18n.t("rights.badge.noDelete"));
        }
        return Optional.empty();
    }

    /** Why a mode cannot be chosen for this role; null when it can. */
    public static String whyNot(I18n i18n, Role role, SyncMode mode) {
        return PairModes.allowed(role).contains(mode) ? null : i18n.t("rights.mode.viewOnly");
    }

    /** Why the pair does not send something: a role that may not add anything, else the mode, else the role. */
    public static String why(I18n i18n, PairRights r) {
        if (!r.role().canCreate()) { // a viewer's pair is download-only too; the role is the reason to tell
            return i18n.t("rights.why.viewOnly");
        }
        if (r.mode() == SyncMode.DOWNLOAD_ONLY) {
            return i18n.t("rights.why.downloadOnly");
        }
        if (!r.role().canUpdate()) {
            return i18n.t("rights.why.addOnly");
        }
        if (!r.role().canDelete()) {
            return i18n.t("rights.why.noDelete");
        }
        return i18n.t("rights.why.settings");
    }
}
