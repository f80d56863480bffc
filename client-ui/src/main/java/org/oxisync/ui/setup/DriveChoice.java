package org.oxisync.ui.setup;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import org.oxisync.app.PairDrive;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.IncomingShareDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.Account;

/**
 * One place a pair can sync with, as the drive picker offers it: the Personal drive, a Shared drive, or a folder
 * shared with the user, with the user's role there and the drive's quota. The same choices as {@code oxisync drives}
 * and {@code pair add --drive} ({@link PairDrive#resolve}).
 *
 * @param kind {@code personal}, {@code shared} or {@code folder} (the kinds of {@link PairDrive})
 * @param quotaBytes the drive's cap, null when it has none (and for shared folders)
 */
public record DriveChoice(String kind, String id, String name, String rootFolderId, Role role, Long quotaBytes,
                          Long usedBytes) {

    public static final String PERSONAL = "personal";
    public static final String SHARED = "shared";
    public static final String FOLDER = "folder";

    public boolean personal() {
        return PERSONAL.equals(kind);
    }

    /** Bytes left under the quota; empty when there is none. */
    public OptionalLong freeBytes() {
        return quotaBytes == null ? OptionalLong.empty()
                : OptionalLong.of(Math.max(0, quotaBytes - (usedBytes == null ? 0 : usedBytes)));
    }

    /** The folder remote paths start from, as the folder tree shows it. */
    public RemoteFolder root(String label) {
        return new RemoteFolder(rootFolderId, label, "/");
    }

    /** Where the pair lives, to store in its settings ({@link PairDrive#settings}). */
    public PairDrive pairDrive() {
        return new PairDrive(kind, id, name, rootFolderId, role);
    }

    /** The account's Personal drive as the account record knows it (before or without asking the server). */
    public static DriveChoice personal(Account account) {
        return new DriveChoice(PERSONAL, account.driveId(), "Personal", account.rootFolderId(), Role.OWNER, null, null);
    }

    static DriveChoice of(DriveDto d) {
        // a role the server left out or named oddly grants least, as PairDrive does
        return new DriveChoice(d.isPersonal() ? PERSONAL : SHARED, d.id(), d.name(), d.rootFolderId(),
                d.role().orElse(Role.VIEWER), d.quotaBytes(), d.usedBytes());
    }

    /**
     * Everything the user can pair with, asking the server (blocking): the Personal drive first, then the Shared
     * drives by name, then the folders shared with the user by name. Single shared files cannot be paired and are
     * left out, as are shares of a drive that is listed already.
     */
    public static List<DriveChoice> list(OxiCloudApi api, Account account) {
        List<DriveDto> drives = api.drives();
        DriveDto own = drives.stream().filter(d -> d.id().equals(account.driveId())).findFirst()
                .or(() -> drives.stream().filter(DriveDto::isPersonal).findFirst()).orElse(null);
        List<DriveChoice> shared = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (DriveDto d : drives) {
            seen.add(d.id());
            if (d != own) {
                shared.add(of(d));
            }
        }
        List<DriveChoice> folders = new ArrayList<>();
        for (IncomingShareDto s : api.incomingShares()) {
            if (s.resourceType().equals("drive") && s.drive().isPresent() && !seen.contains(s.resourceId())) {
                DriveDto d = s.drive().get();
                seen.add(d.id());
                shared.add(new DriveChoice(SHARED, d.id(), d.name(), d.rootFolderId(), s.role(), d.quotaBytes(),
                        d.usedBytes()));
            } else if (s.resourceType().equals("folder") && s.rootFolderId().isPresent()) {
                folders.add(new DriveChoice(FOLDER, s.resourceId(), s.name(), s.rootFolderId().get(), s.role(),
                        null, null));
            }
        }
        Comparator<DriveChoice> byName = Comparator.comparing(DriveChoice::name, String.CASE_INSENSITIVE_ORDER);
        shared.sort(byName);
        folders.sort(byName);
        List<DriveChoice> out = new ArrayList<>();
        out.add(own == null ? personal(account) : of(own));
        out.addAll(shared);
        out.addAll(folders);
        return out;
    }
}
