package org.oxisync.core.engine;

import org.oxisync.core.reason.ActivityCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The structure steps of a {@link PlanExecutor} run: conflict copies, local and remote folders, local and remote
 * moves. Runs on the executor's thread, except {@link #moveRemote}, which {@link MoveBatch} runs on several workers at
 * once for moves that do not depend on each other (so it uses only thread-safe state: the remote index, the tally,
 * the placements and the journal writer).
 */
final class StructureSteps {
    /** Logs under the executor's name: the log lines are the executor's, whichever class carries the step. */
    private static final Logger LOG = LoggerFactory.getLogger(PlanExecutor.class);

    private final PlanExecutor.Session s;
    private final RunTally tally;
    /** Conflict copies made this run: copy path → the path the scan saw the content at. */
    private final Map<String, String> scannedAs = new java.util.concurrent.ConcurrentHashMap<>();
    /**
     * Local folders recorded before this run knew their remote id: a local mkdir runs before the remote moves, so
     * a folder created inside a folder the plan then renames on the server is only found by id after that move.
     */
    private final List<String> remoteIdLater = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final TrashedParents placements;

    StructureSteps(PlanExecutor.Session session, RunTally tally, TrashedParents placements) {
        this.placements = placements;
        this.s = session;
        this.tally = tally;
    }

    /** The conflict copies made this run (copy path → scanned path), read by the uploads of those copies. */
    Map<String, String> scannedAs() {
        return scannedAs;
    }

    void conflictCopy(SyncAction.ConflictCopy c) throws IOException {
        s.tree().move(c.from(), c.path());
        scannedAs.put(c.path(), c.from());
        // The entry at the original path now belongs to the remote version; the copy is new on both sides.
        s.store().conflicts().record(s.pairId(), c.from(), c.path());
        s.store().activity().append(s.pairId(), "conflict", c.from(), "kept local version as " + c.path(),
                org.oxisync.core.reason.ActivityCode.CONFLICT_KEPT_LOCAL.stored(), org.oxisync.core.reason.ActivityCode.args("copy", c.path()));
        tally.conflicts.incrementAndGet();
        s.listener().conflict(s.pairName(), c.from(), c.path());
    }

    void createLocalFolder(SyncAction.CreateLocalFolder c) throws IOException {
        Path dir = s.tree().resolve(c.path());
        s.tree().requireInside(dir);
        boolean made = !Files.exists(dir, LinkOption.NOFOLLOW_LINKS);
        Files.createDirectories(dir);
        if (made) {
            FileModes.newFolderIn(dir.getParent(), dir);
        }
        String remoteId = s.remote().id(c.path()).orElse(null);
        s.journal().upsert(new JournalEntry(c.path(), EntryKind.DIR, 0, 0, fileKey(dir), null, remoteId, null,
                null));
        if (remoteId == null) {
            remoteIdLater.add(c.path());
        }
    }

    /** Completes the journal rows of {@link #remoteIdLater} with the ids the remote moves of this run revealed. */
    void recordLateRemoteIds() {
        for (String path : remoteIdLater) {
            Path dir = s.tree().resolve(path);
            String id = s.remote().id(path).orElse(null);
            if (id != null && Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                s.journal().upsert(new JournalEntry(path, EntryKind.DIR, 0, 0, fileKey(dir), null, id, null, null));
            }
        }
    }

    void createRemoteFolder(SyncAction.CreateRemoteFolder c) throws IOException {
        String parentId = s.remote().parentFolderId(c.path());
        String name = RelativePaths.name(c.path());
        String id;
        try {
            tally.touched(parentId);
            id = s.api().createFolder(parentId, name).id();
        } catch (OxiCloudException.Conflict e) {
            id = findChild(parentId, name, true);
        }
        s.remote().put(c.path(), id, EntryKind.DIR);
        placements.placed(parentId, c.path());
        placements.made(id);
        tally.remoteChanged();
        Path dir = s.tree().resolve(c.path());
        s.journal().upsert(new JournalEntry(c.path(), EntryKind.DIR, 0, 0, fileKey(dir), null, id, null, null));
    }

    /** The id of an existing child by exact name (after a 409 on create: it appeared meanwhile). */
    private String findChild(String parentId, String name, boolean folder) {
        var it = s.api().allResources(parentId);
        while (it.hasNext()) {
            Resource r = it.next();
            if (r.name().equals(name) && (r instanceof FolderDto) == folder) {
                return r.id();
            }
        }
        throw new IllegalStateException("the server says '" + name + "' exists but does not list it");
    }

    void moveLocal(SyncAction.MoveLocal m) throws IOException {
        // the plan names the entry's remote id: a stage name (see StructureOrder) has none on the server
        String remoteId = m.remoteId() != null ? m.remoteId() : s.remote().id(m.path()).orElse(null);
        s.tree().move(m.from(), m.path());
        String movedKey = fileKey(s.tree().resolve(m.path())); // now: the row is written with the next batch
        s.journal().move(m.from(), m.path(), remoteId, old -> old == null
                ? new JournalEntry(m.path(), m.kind(), 0, 0, movedKey, null, remoteId, null, null)
                : new JournalEntry(m.path(), old.kind(), old.size(), old.mtimeMillis(), old.fileKey(),
                        old.localHash(), old.remoteId(), old.remoteEtag(), old.remoteHash()));
        tally.moved.incrementAndGet();
        moved(m.from(), m.path(), remoteId, m.kind());
    }

    /** The move's activity line: from where, and the server's id, so that undo can move it back. */
    private void moved(String from, String path, String remoteId, EntryKind kind) {
        java.util.Map<String, String> args = new java.util.TreeMap<>();
        args.put("from", from);
        if (remoteId != null) {
            args.put("remote", remoteId);
        }
        if (kind == EntryKind.DIR) {
            args.put("folder", "true");
        }
        s.journal().later(() -> s.store().activity().append(s.pairId(), "move", path, "moved from " + from,
                ActivityCode.MOVED.stored(), args));
    }

    void moveRemote(SyncAction.MoveRemote m) throws ServerNames.NameNotKept {
        String fromParent = RelativePaths.parent(m.from());
        String toParent = RelativePaths.parent(m.path());
        String newName = RelativePaths.name(m.path());
        boolean folder = m.kind() == EntryKind.DIR;
        String etag = null;
        String name = RelativePaths.name(m.from());
        tally.touched(s.remote().id(fromParent).orElse(null));
        if (!fromParent.equals(toParent)) {
            String target = s.remote().folderId(toParent);
            tally.touched(target);
            placements.placed(target, m.path());
            try {
                etag = moveTo(m.remoteId(), folder, target);
            } catch (OxiCloudException.Conflict e) {
                // The server moves and renames in two steps: the old name is taken in the target folder, so
                // rename first (through a temporary name when the new name is taken in the old folder too).
                name = name.equals(newName) ? name : renameFirst(m.remoteId(), folder, newName);
                if (name.equals(RelativePaths.name(m.from()))) {
                    throw e;
                }
                etag = moveTo(m.remoteId(), folder, target);
            }
        }
        if (!name.equals(newName)) {
            etag = folder
                    ? ServerNames.renamedFolder(s.api(), m.remoteId(), s.api().renameFolder(m.remoteId(), newName),
                            newName, name)
                    : ServerNames.renamedFile(s.api(), m.remoteId(), s.api().renameFile(m.remoteId(), newName),
                            newName, name);
        }
        tally.remoteChanged();
        s.remote().moved(m.from(), m.path());
        LocalEntry local = s.localByPath().get(m.path());
        String newEtag = etag;
        s.journal().move(m.from(), m.path(), m.remoteId(), old -> old == null
                ? new JournalEntry(m.path(), m.kind(), 0, 0, local == null ? null : local.fileKey(), null,
                        m.remoteId(), null, null)
                : new JournalEntry(m.path(), old.kind(), old.size(), old.mtimeMillis(),
                        local == null ? old.fileKey() : local.fileKey(), old.localHash(), old.remoteId(),
                        folder ? old.remoteEtag() : newEtag, old.remoteHash()));
        tally.moved.incrementAndGet();
        moved(m.from(), m.path(), m.remoteId(), m.kind());
    }

    private String moveTo(String id, boolean folder, String targetFolderId) {
        return folder ? s.api().moveFolder(id, targetFolderId).etag() : s.api().moveFile(id, targetFolderId).etag();
    }

    /** Renames in place to {@code newName}, or to a temporary name when that is taken; returns the name it has now. */
    private String renameFirst(String id, boolean folder, String newName) {
        // not a TempNames name: another client must see an ordinary entry should this run stop half-way
        for (String name : List.of(newName, newName + " (moving " + Long.toHexString(System.nanoTime()) + ")")) {
            try {
                if (folder) {
                    s.api().renameFolder(id, name);
                } else {
                    s.api().renameFile(id, name);
                }
                return name;
            } catch (OxiCloudException.Conflict e) {
                LOG.debug("{} is taken in the old folder too", name);
            }
        }
        throw new OxiCloudException.Conflict("no free name to move " + newName + " through");
    }

    private static String fileKey(Path p) {
        try {
            Object k = LocalTree.attributes(p).fileKey();
            return k == null ? null : k.toString();
        } catch (IOException e) {
            return null;
        }
    }
}
