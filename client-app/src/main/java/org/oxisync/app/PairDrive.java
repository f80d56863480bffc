package org.oxisync.app;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.IncomingShareDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;

/**
 * Where a pair lives on the server: the Personal drive, a Shared drive, or a folder shared with the user, and the
 * user's role there when the pair was made. Kept in the pair's settings (no schema change): {@value #KIND},
 * {@value #ID}, {@value #NAME}, {@value #ROOT}, {@value #ROLE}. A pair saved before drives existed has none of them
 * and is on the Personal drive with the Owner role. The role is a snapshot: the server decides on every request
 * (a refused write is {@code OxiCloudException.ForbiddenByRole}) and the pair re-reads it then.
 *
 * @param kind {@code personal}, {@code shared} (a Shared drive) or {@code folder} (a folder shared with the user)
 * @param id the drive's id, or the shared folder's id
 * @param rootFolderId the folder remote paths start from
 */
public record PairDrive(String kind, String id, String name, String rootFolderId, Role role) {
    public static final String KIND = "remote.drive.kind";
    public static final String ID = "remote.drive.id";
    public static final String NAME = "remote.drive.name";
    public static final String ROOT = "remote.drive.root_folder_id";
    public static final String ROLE = "remote.role";

    /** The settings to store in the pair (merged over the pair's other settings). */
    public Map<String, String> settings(Map<String, String> others) {
        Map<String, String> m = new HashMap<>(others);
        m.put(KIND, kind);
        m.put(ID, id);
        m.put(NAME, name);
        m.put(ROOT, rootFolderId);
        m.put(ROLE, role.wireName());
        return m;
    }

    /** The pair's drive; the account's Personal drive (Owner) for a pair that stores none. */
    public static PairDrive of(FolderPair pair, Account account) {
        Map<String, String> s = pair.settings();
        if (!s.containsKey(ID)) {
            return personal(account);
        }
        return new PairDrive(s.getOrDefault(KIND, "shared"), s.get(ID), s.getOrDefault(NAME, ""),
                s.getOrDefault(ROOT, account.rootFolderId()),
                Role.fromWire(s.get(ROLE)).orElse(Role.VIEWER)); // an unreadable role grants least
    }

    public static PairDrive personal(Account account) {
        return new PairDrive("personal", account.driveId(), "Personal", account.rootFolderId(), Role.OWNER);
    }

    /** Two pairs can only overlap on the server when they are on the same drive or share. */
    public boolean sameTreeAs(PairDrive other) {
        return id.equals(other.id);
    }

    /**
     * The drive or shared folder {@code typed} names (an id, or a name; null = the Personal drive), asking the
     * server. Throws {@link IllegalArgumentException} with the choices when nothing or more than one thing matches.
     */
    public static PairDrive resolve(OxiCloudApi api, Account account, String typed) {
        List<DriveDto> drives = api.drives();
        if (typed == null || typed.isBlank()) {
            return drives.stream().filter(d -> d.id().equals(account.driveId())).findFirst()
                    .map(PairDrive::of).orElse(personal(account));
        }
        List<PairDrive> matches = new ArrayList<>();
        for (DriveDto d : drives) {
            if (d.id().equals(typed)) {
                return of(d);
            }
            if (typed.equals(d.name())) {
                matches.add(of(d));
            }
        }
        List<IncomingShareDto> shares = api.incomingShares();
        for (IncomingShareDto s : shares) {
            if (!s.resourceType().equals("folder")) {
                continue;
            }
            if (s.resourceId().equals(typed)) {
                return of(s);
            }
            if (typed.equals(s.name())) {
                matches.add(of(s));
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        StringBuilder choices = new StringBuilder();
        drives.forEach(d -> choices.append("\n  ").append(d.name()).append("  (").append(d.kind()).append(", ")
                .append(d.id()).append(")"));
        shares.stream().filter(s -> s.resourceType().equals("folder")).forEach(s -> choices.append("\n  ")
                .append(s.name()).append("  (shared folder, ").append(s.resourceId()).append(")"));
        throw new IllegalArgumentException((matches.isEmpty() ? "no drive or shared folder is called '" + typed + "'"
                : "more than one drive or shared folder is called '" + typed + "'; give its id")
                + "; you can reach:" + choices);
    }

    static PairDrive of(DriveDto d) {
        return new PairDrive(d.isPersonal() ? "personal" : "shared", d.id(), d.name(), d.rootFolderId(),
                d.role().orElse(Role.VIEWER));
    }

    static PairDrive of(IncomingShareDto s) {
        return new PairDrive("folder", s.resourceId(), s.name(), s.rootFolderId().orElseThrow(), s.role());
    }

    /** The pairs of {@code existing} on the same drive or share as this one. */
    public List<FolderPair> pairsOnSameTree(List<FolderPair> existing, Account account) {
        List<FolderPair> out = new ArrayList<>();
        for (FolderPair p : existing) {
            if (of(p, account).sameTreeAs(this)) {
                out.add(p);
            }
        }
        return out;
    }
}
