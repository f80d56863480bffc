package org.oxisync.core.plan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.oxisync.core.naming.RelativePaths;

/**
 * A small builder of reconcile inputs for table-driven tests. {@code synced*} puts the same entry on all three
 * sides (as after a clean run): files of 10 bytes, mtime 1000, file key {@code fk:PATH}, remote id
 * {@code id:PATH}. The other methods then change one side, as a user or another device would.
 */
final class Scenario {
    static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");

    final Map<String, LocalEntry> local = new TreeMap<>();
    final Map<String, RemoteEntry> remote = new TreeMap<>();
    final List<JournalEntry> journal = new ArrayList<>();
    boolean caseInsensitive;
    private int etags;

    Scenario synced(String path, String hash) {
        local.put(path, LocalEntry.unhashedFile(path, 10, 1000, "fk:" + path));
        remote.put(path, RemoteEntry.file(path, "id:" + path, parentId(path), "e0", hash, 10, T0));
        journal.add(JournalEntry.file(path, 10, 1000, "fk:" + path, hash, "id:" + path, "e0"));
        return this;
    }

    Scenario syncedDir(String path) {
        local.put(path, LocalEntry.dir(path, "fk:" + path));
        remote.put(path, RemoteEntry.dir(path, "id:" + path, parentId(path), "d0"));
        journal.add(JournalEntry.dir(path, "fk:" + path, "id:" + path));
        return this;
    }

    Scenario localEdit(String path, String hash) {
        LocalEntry old = local.get(path);
        local.put(path, LocalEntry.file(path, 11, 2000, old.fileKey(), hash));
        return this;
    }

    /** Touch: new mtime, same content (the scanner hashes it because the mtime differs). */
    Scenario localTouch(String path, String sameHash) {
        LocalEntry old = local.get(path);
        local.put(path, LocalEntry.file(path, old.size(), 3000, old.fileKey(), sameHash));
        return this;
    }

    Scenario localNew(String path, String hash) {
        local.put(path, LocalEntry.file(path, 10, 1500, "fk:new:" + path, hash));
        return this;
    }

    Scenario localNewDir(String path) {
        local.put(path, LocalEntry.dir(path, "fk:new:" + path));
        return this;
    }

    Scenario localDelete(String path) {
        local.keySet().removeIf(p -> p.equals(path) || RelativePaths.isStrictAncestor(path, p));
        return this;
    }

    /** A rename keeps file key, size and mtime; the scanner hashes the new path only when it has the hash. */
    Scenario localMove(String from, String to) {
        for (String p : new ArrayList<>(local.keySet())) {
            if (p.equals(from) || RelativePaths.isStrictAncestor(from, p)) {
                LocalEntry e = local.remove(p);
                String np = RelativePaths.rebase(p, from, to);
                local.put(np, new LocalEntry(np, e.kind(), e.size(), e.mtimeMillis(), e.fileKey(), e.hash()));
            }
        }
        return this;
    }

    Scenario localPut(LocalEntry e) {
        local.put(e.path(), e);
        return this;
    }

    Scenario remoteEdit(String path, String hash) {
        RemoteEntry old = remote.get(path);
        remote.put(path, RemoteEntry.file(path, old.id(), old.parentId(), "e" + (++etags), hash, 12, T0.plusSeconds(60)));
        return this;
    }

    Scenario remoteNew(String path, String hash) {
        remote.put(path, RemoteEntry.file(path, "id:new:" + path, parentId(path), "n" + (++etags), hash, 10, T0));
        return this;
    }

    Scenario remoteNewDir(String path) {
        remote.put(path, RemoteEntry.dir(path, "id:new:" + path, parentId(path), "nd"));
        return this;
    }

    Scenario remoteDelete(String path) {
        remote.keySet().removeIf(p -> p.equals(path) || RelativePaths.isStrictAncestor(path, p));
        return this;
    }

    /** Same ids at the new paths; a move changes the moved file's own ETag on OxiCloud (not its children's). */
    Scenario remoteMove(String from, String to) {
        for (String p : new ArrayList<>(remote.keySet())) {
            if (p.equals(from) || RelativePaths.isStrictAncestor(from, p)) {
                RemoteEntry e = remote.remove(p);
                String np = RelativePaths.rebase(p, from, to);
                String etag = e.kind() == EntryKind.FILE && p.equals(from) ? "m" + (++etags) : e.etag();
                remote.put(np, new RemoteEntry(np, e.kind(), e.id(), e.parentId(), etag, e.contentHash(), e.size(),
                        e.modifiedAt()));
            }
        }
        return this;
    }

    Scenario remotePut(RemoteEntry e) {
        remote.put(e.path(), e);
        return this;
    }

    Scenario caseInsensitive() {
        caseInsensitive = true;
        return this;
    }

    LocalSnapshot localSnapshot() {
        return new LocalSnapshot(List.copyOf(local.values()), caseInsensitive);
    }

    RemoteSnapshot remoteSnapshot() {
        return new RemoteSnapshot(List.copyOf(remote.values()));
    }

    JournalBase journalBase() {
        return new JournalBase(journal);
    }

    /** The plan of a Linux device named "laptop" at a fixed time ({@link ReconcilerTableTest#CLOCK}). */
    SyncPlan plan() {
        return new Reconciler(new org.oxisync.core.naming.ConflictNamer(ReconcilerTableTest.CLOCK, "laptop"),
                new org.oxisync.core.naming.LocalNamePolicy(org.oxisync.core.naming.OsFamily.LINUX))
                .reconcile(localSnapshot(), remoteSnapshot(), journalBase());
    }

    private static String parentId(String path) {
        String parent = RelativePaths.parent(path);
        return parent.isEmpty() ? "root" : "id:" + parent;
    }
}
