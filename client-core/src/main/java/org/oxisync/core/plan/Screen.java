package org.oxisync.core.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.NameIssue;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.naming.ServerNamePolicy;
import org.oxisync.core.naming.TempNames;

/**
 * First reconcile step: normalizes paths to NFC, drops what the pair's filter excludes (on all three inputs,
 * so an ignored path is never deleted anywhere), and turns entries that cannot be synced into {@link
 * SyncAction.Skip}s. A skipped path is frozen with its whole subtree on every side: nothing there is
 * created, changed or deleted in this run.
 */
final class Screen {
    record Result(List<LocalEntry> local, List<RemoteEntry> remote, List<JournalEntry> journal,
                  List<SyncAction.Skip> skips) {}

    private final ServerNamePolicy serverNames;
    private final LocalNamePolicy localNames;
    private final PathFilter filter;

    Screen(ServerNamePolicy serverNames, LocalNamePolicy localNames, PathFilter filter) {
        this.serverNames = serverNames;
        this.localNames = localNames;
        this.filter = filter;
    }

    /**
     * Whether an entry of this kind at {@code path} (NFC) on both sides would pass this screen by itself: not
     * excluded by the filter, a name both the server and the local volume accept, not one of the client's temporary
     * names. (Its folders are screened by themselves; case clashes are not looked at.)
     */
    boolean admits(String path, EntryKind kind) {
        String name = RelativePaths.name(path);
        return (kind == EntryKind.FILE || kind == EntryKind.DIR) && !filter.excludes(path, kind == EntryKind.DIR)
                && serverNames.check(name).isEmpty() && localNames.check(name).isEmpty()
                && !(kind == EntryKind.FILE && TempNames.isOwnTemp(name));
    }

    Result apply(LocalSnapshot localSnap, RemoteSnapshot remoteSnap, JournalBase journalBase) {
        List<LocalEntry> local = new ArrayList<>();
        for (LocalEntry e : localSnap.entries()) {
            // path() makes a new String from the compact form at each call: compared with the one NFC was taken of,
            // not with a second one (which copied every entry, path and all: two records per file at a join's peak)
            String path = e.path();
            String nfc = Names.nfc(path);
            LocalEntry n = nfc == path ? e : e.withPath(nfc); // no copy per entry when already NFC (nearly all)
            if (!filter.excludes(n.path(), n.kind() == EntryKind.DIR)) {
                local.add(n);
            }
        }
        List<RemoteEntry> remote = new ArrayList<>();
        for (RemoteEntry e : remoteSnap.entries()) {
            String path = e.path();
            String nfc = Names.nfc(path);
            RemoteEntry n = nfc == path ? e : e.withPath(nfc);
            if (n.kind() == EntryKind.FILE && TempNames.isOwnTemp(RelativePaths.name(n.path()))) {
                // another device's upload in flight under a temporary name (a plain replace, an update's chunk
                // claim): the local scanner never reports such names, so the remote side leaves them alone too
                continue;
            }
            if (!filter.excludes(n.path(), n.kind() == EntryKind.DIR)) {
                remote.add(n);
            }
        }
        List<JournalEntry> journal = new ArrayList<>();
        for (JournalEntry e : journalBase.entries()) {
            if (!filter.excludes(e.path(), e.kind() == EntryKind.DIR)) {
                journal.add(e);
            }
        }
        local.sort(Comparator.comparingInt((LocalEntry e) -> RelativePaths.depth(e.path())).thenComparing(LocalEntry::path));
        remote.sort(Comparator.comparingInt((RemoteEntry e) -> RelativePaths.depth(e.path())).thenComparing(RemoteEntry::path));

        Map<String, SkipReason> frozen = new LinkedHashMap<>();
        for (LocalEntry e : local) {
            if (isFrozen(frozen, e.path())) {
                continue;
            }
            if (e.kind() == EntryKind.SYMLINK || e.kind() == EntryKind.OTHER) {
                frozen.put(e.path(), new SkipReason(SkipReason.Code.UNSUPPORTED_TYPE,
                        e.kind() == EntryKind.SYMLINK ? "symbolic links are not synced" : "special files are not synced"));
                continue;
            }
            Optional<NameIssue> issue = serverNames.check(RelativePaths.name(e.path()));
            issue.ifPresent(i -> frozen.put(e.path(), new SkipReason(SkipReason.Code.SERVER_NAME, i.description())));
        }
        for (RemoteEntry e : remote) {
            if (isFrozen(frozen, e.path())) {
                continue;
            }
            Optional<NameIssue> issue = localNames.check(RelativePaths.name(e.path()));
            issue.ifPresent(i -> frozen.put(e.path(), new SkipReason(SkipReason.Code.LOCAL_NAME,
                    i.description() + " (" + localNames.os() + ")")));
        }
        if (localSnap.caseInsensitive()) {
            markCaseClashes(remote, local, journal, frozen);
        }

        List<SyncAction.Skip> skips = new ArrayList<>();
        frozen.forEach((p, r) -> skips.add(new SyncAction.Skip(p, r)));
        local.removeIf(e -> isFrozen(frozen, e.path()));
        remote.removeIf(e -> isFrozen(frozen, e.path()));
        journal.removeIf(e -> isFrozen(frozen, e.path()));
        return new Result(local, remote, journal, skips);
    }

    /**
     * Remote entries whose paths differ only in case cannot all exist on a case-insensitive volume: keep the
     * one the local side already has (or the journal knows), else the first in code-point order.
     */
    private static void markCaseClashes(List<RemoteEntry> remote, List<LocalEntry> local, List<JournalEntry> journal,
                                        Map<String, SkipReason> frozen) {
        Set<String> known = new HashSet<>();
        local.forEach(e -> known.add(e.path()));
        journal.forEach(e -> known.add(e.path()));
        // remote is sorted parents first, so a clashing folder is frozen before its children are looked at
        Map<String, List<RemoteEntry>> byKey = new LinkedHashMap<>();
        for (RemoteEntry e : remote) {
            byKey.computeIfAbsent(Names.caseFoldKey(e.path()), k -> new ArrayList<>()).add(e);
        }
        for (List<RemoteEntry> all : byKey.values()) {
            List<RemoteEntry> group = all.stream().filter(e -> !isFrozen(frozen, e.path())).toList();
            if (group.size() < 2) {
                continue;
            }
            RemoteEntry keep = group.stream().filter(e -> known.contains(e.path())).findFirst()
                    .orElse(group.stream().min(Comparator.comparing(RemoteEntry::path)).orElseThrow());
            for (RemoteEntry e : group) {
                if (e != keep && !isFrozen(frozen, e.path())) {
                    frozen.put(e.path(), new SkipReason(SkipReason.Code.CASE_CLASH,
                            "differs only in case from " + keep.path() + " on a case-insensitive volume"));
                }
            }
        }
    }

    private static boolean isFrozen(Map<String, SkipReason> frozen, String path) {
        if (frozen.isEmpty()) {
            return false;
        }
        for (String p = path; !p.isEmpty(); p = RelativePaths.parent(p)) {
            if (frozen.containsKey(p)) {
                return true;
            }
        }
        return false;
    }
}
