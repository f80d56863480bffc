package org.oxisync.core.engine;

import org.oxisync.core.reason.ActivityCode;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.oxisync.core.engine.PlanExecutor.LocalChangedException;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalState;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.protocol.BatchFailureDto;
import org.oxisync.protocol.BatchTrashResult;

/**
 * The delete steps of a {@link PlanExecutor} run, last in the plan: a local file is removed only if it still
 * matches what the plan saw, and its content goes to the version store first.
 */
final class DeleteSteps {
    private final PlanExecutor.Session s;
    private final RunTally tally;

    private final SwapOut swap;

    DeleteSteps(PlanExecutor.Session session, RunTally tally, SwapOut swap) {
        this.s = session;
        this.tally = tally;
        this.swap = swap;
    }

    /**
     * Removes one local file the plan deletes: taken aside and versioned first; if a write landed since the plan's
     * check, the file is put back (the change wins and is uploaded next run) and false is returned.
     */
    private boolean removeFile(String path, Path file, LocalState expected) throws IOException {
        SwapOut.Aside a = swap.takeAside(path, file, expected, false);
        if (!a.intact()) {
            swap.putBack(path, file, a.file());
            // its size and mtime may still be the journal's (a write the quick check cannot see): forget them, so
            // that the next scan hashes it and uploads the change instead of planning this delete again
            JournalEntry j = s.journalByPath().get(path);
            if (j != null) {
                s.journal().upsert(new JournalEntry(j.path(), j.kind(), j.size(), 0, null, j.localHash(),
                        j.remoteId(), j.remoteEtag(), j.remoteHash()));
            }
            return false;
        }
        Files.delete(a.file());
        return true;
    }

    void deleteLocal(SyncAction.DeleteLocal d) throws IOException {
        Path target = s.tree().resolve(d.path());
        s.tree().requireInside(target); // a folder on the way swapped for a link: nothing outside is removed
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            s.journal().deleteTree(d.path());
            return;
        }
        if (d.kind() != EntryKind.DIR) {
            if (d.expected() != null) {
                TransferSteps.guardTarget(d.path(), target, d.expected());
            }
            if (!removeFile(d.path(), target, d.expected())) {
                throw new LocalChangedException(d.path() + " changed locally while the run deleted it; it is kept"
                        + " and uploaded next run");
            }
            s.journal().deleteTree(d.path());
            tally.deletedLocal.incrementAndGet();
            s.journal().later(() -> s.store().activity().append(s.pairId(), "delete-local", d.path(),
                    "deleted on the server", ActivityCode.DELETED_ON_SERVER.stored(), undo(d.path(), false)));
            return;
        }
        if (!LocalTree.attributes(target).isDirectory()) {
            throw new LocalChangedException(d.path() + " is no longer a folder; nothing was removed, and it is"
                    + " compared next run");
        }
        List<String> kept = deleteLocalTree(d.path(), target);
        if (kept.isEmpty()) {
            s.journal().deleteTree(d.path());
            tally.deletedLocal.incrementAndGet();
            s.journal().later(() -> s.store().activity().append(s.pairId(), "delete-local", d.path(),
                    "folder deleted on the server", ActivityCode.FOLDER_DELETED_ON_SERVER.stored(), undo(d.path(), true)));
        } else {
            throw new LocalChangedException("kept " + kept.size() + " file(s) changed or added locally in "
                    + d.path() + " (e.g. " + kept.get(0) + "); they are uploaded next run");
        }
    }

    /**
     * Removes a folder deleted on the server, file by file: each file that still matches the journal is saved
     * to the version store and removed; anything new or changed is kept (with its folders).
     */
    private List<String> deleteLocalTree(String path, Path dir) throws IOException {
        List<String> kept = new ArrayList<>();
        List<Path> entries;
        try (Stream<Path> walk = Files.walk(dir)) {
            entries = walk.sorted(Comparator.reverseOrder()).toList();
        }
        Path root = s.tree().root();
        for (Path p : entries) {
            String rel = org.oxisync.core.scan.LocalScanner.relativeNfc(root, p);
            BasicFileAttributes attrs = LocalTree.attributes(p);
            if (attrs.isDirectory()) {
                try {
                    Files.delete(p);
                    s.journal().delete(rel);
                } catch (DirectoryNotEmptyException e) {
                    // holds something kept
                }
                continue;
            }
            JournalEntry j = s.journalByPath().get(rel);
            boolean unchanged = j != null && j.kind() == EntryKind.FILE && attrs.isRegularFile()
                    && j.size() == attrs.size() && j.mtimeMillis() == attrs.lastModifiedTime().toMillis();
            if (!unchanged) {
                kept.add(rel);
                continue;
            }
            if (!removeFile(rel, p, new LocalState(j.size(), j.mtimeMillis(), j.localHash()))) {
                kept.add(rel);
                continue;
            }
            s.journal().delete(rel);
        }
        return kept;
    }

    /**
     * Moves the remote side of {@code batch} to the server's trash with {@code POST /api/batch/trash}, which can only
     * trash (split at 1,000 ids by the api). Not {@code DELETE}: on OxiCloud 0.8.7 a DELETE of an item that is already
     * in the trash (a retried request, or another device trashing it first) deletes it for good, and the trash copy is
     * the only remote way back for a local delete (audit finding #2). The call is never re-sent: after an ambiguous
     * failure the next run's listing shows what happened. Returns the reason per remote id the server did not trash;
     * the others are done here.
     */
    Map<String, String> trashRemote(List<SyncAction.DeleteRemote> batch) {
        List<String> files = new ArrayList<>();
        List<String> folders = new ArrayList<>();
        for (SyncAction.DeleteRemote d : batch) {
            (d.kind() == EntryKind.DIR ? folders : files).add(d.remoteId());
            tally.touched(s.remote().id(RelativePaths.parent(d.path())).orElse(null));
        }
        BatchTrashResult result = s.api().trashBatch(files, folders);
        Set<String> trashed = new HashSet<>(result.trashed());
        Map<String, Integer> filesInFolders = filesUnder(batch, trashed);
        Map<String, String> failed = new HashMap<>();
        for (BatchFailureDto f : result.failed()) {
            failed.put(f.id(), "the server did not move it to the trash: " + f.error());
        }
        for (SyncAction.DeleteRemote d : batch) {
            if (!trashed.contains(d.remoteId())) {
                failed.putIfAbsent(d.remoteId(), "the server did not confirm moving it to the trash");
                continue;
            }
            tally.remoteChanged();
            // a folder counts as the files it held (a run that trashed a folder of 150 files deleted 150)
            tally.deletedRemote.addAndGet(d.kind() == EntryKind.DIR ? filesInFolders.getOrDefault(d.path(), 0) : 1);
            s.remote().removed(d.path());
            s.journal().deleteTree(d.path());
            s.journal().later(() -> s.store().activity().append(s.pairId(), "delete-remote", d.path(),
                    "moved to the server's trash", ActivityCode.TRASHED.stored(),
                    UndoFacts.of(0, s.journalByPath().get(d.path()), null, d.remoteId(), d.kind() == EntryKind.DIR)));
        }
        return failed;
    }

    /** The undo facts of a local delete: what the journal held there (its remote id is the server's trashed item). */
    private java.util.Map<String, String> undo(String path, boolean folder) {
        JournalEntry j = s.journalByPath().get(path);
        return UndoFacts.of(0, j, null, j == null ? null : j.remoteId(), folder);
    }

    /** For each trashed folder of {@code batch}: how many files the journal holds below it (one pass over it). */
    private Map<String, Integer> filesUnder(List<SyncAction.DeleteRemote> batch, Set<String> trashed) {
        Set<String> dirs = new HashSet<>();
        for (SyncAction.DeleteRemote d : batch) {
            if (d.kind() == EntryKind.DIR && trashed.contains(d.remoteId())) {
                dirs.add(d.path());
            }
        }
        Map<String, Integer> out = new HashMap<>();
        if (dirs.isEmpty()) {
            return out;
        }
        for (JournalEntry j : s.journalByPath().values()) {
            if (j.kind() != EntryKind.FILE) {
                continue;
            }
            for (String p = RelativePaths.parent(j.path()); !p.isEmpty(); p = RelativePaths.parent(p)) {
                if (dirs.contains(p)) {
                    out.merge(p, 1, Integer::sum);
                    break;
                }
            }
        }
        return out;
    }
}
