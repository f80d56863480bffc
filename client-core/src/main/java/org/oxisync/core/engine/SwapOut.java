package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.UUID;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.plan.LocalState;
import org.oxisync.core.naming.TempNames;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.versions.VersionInfo;

/**
 * Replaces or removes a local file without losing a write that lands while it happens (issue "hard to break" #5).
 *
 * <p>The plan's check (size and mtime as the scan saw them) runs first, but a program may write between that check
 * and the swap. So the file is first taken aside in its own folder: for a replacement by a second hard link (the
 * file stays at its path, so a reader never finds it missing), for a delete by an atomic rename. Its content as it
 * is then goes to the version store, and the version's hash is compared with what the plan saw; after the swap the
 * aside file's size and mtime are compared once more with what was versioned. A difference means a write landed in
 * the window: that content is kept as a conflict copy beside the file (or put back, when the file was to be
 * deleted), never dropped. A replacement goes in only if the path still holds the very file taken aside; a file put
 * in place where there was none goes in by hard link, which fails instead of replacing a file created meanwhile.
 *
 * <p>What remains: a write through a handle opened earlier that lands between that last comparison and the removal
 * of the aside file (microseconds), and a file replaced at the path between the identity check and the rename.
 */
final class SwapOut {
    private final PlanExecutor.Session s;
    private final RunTally tally;
    private final ConflictNamer namer;

    SwapOut(PlanExecutor.Session session, RunTally tally, ConflictNamer namer) {
        this.s = session;
        this.tally = tally;
        this.namer = namer;
    }

    /**
     * The file at {@code path}, taken aside and versioned; {@link #intact} tells whether it is what the plan saw;
     * {@code inPlace}: still at its path too (a second hard link); {@code size}/{@code mtime}: as versioned.
     */
    record Aside(String path, Path file, VersionInfo version, boolean intact, boolean inPlace, long size, long mtime) {}

    /**
     * Takes {@code target} aside ({@code keepInPlace}: by a hard link, else by a rename), versions that content and
     * compares it with {@code expected}.
     */
    Aside takeAside(String path, Path target, LocalState expected, boolean keepInPlace) throws IOException {
        Path aside = target.resolveSibling(TempNames.tempFor(s.store().ownNamesKey(), "aside",
                UUID.randomUUID().getLeastSignificantBits() & Long.MAX_VALUE));
        boolean inPlace = false;
        if (keepInPlace) {
            try {
                Files.createLink(aside, target);
                inPlace = true;
            } catch (UnsupportedOperationException | IOException e) {
                // a file system without hard links: renamed aside instead (the path is empty for a moment)
            }
        }
        if (!inPlace) {
            LocalTree.moveAtomically(target, aside);
        }
        VersionInfo v;
        try {
            v = s.store().versions().saveVersion(s.pairId(), path, aside, s.clock().instant(), knownContent(path, aside, expected));
        } catch (RuntimeException e) {
            if (inPlace) {
                Files.deleteIfExists(aside);
            } else {
                putBack(path, target, aside);
            }
            throw e;
        }
        long mtime = Files.getLastModifiedTime(aside, LinkOption.NOFOLLOW_LINKS).toMillis();
        boolean intact = expected == null || (expected.hash() != null ? expected.hash().equals(v.fileHash())
                : v.size() == expected.size() && mtime == expected.mtimeMillis());
        return new Aside(path, aside, v, intact, inPlace, v.size(), mtime);
    }

    /**
     * The chunk list of the content the plan expects, when the file taken aside still has the size and mtime the
     * plan saw (the trust a scan gives an unchanged file) and the chunk index knows that content (as a manifest, or
     * as the chunk locations recorded when the file was last hashed, still valid for its journal entry): the version store
     * then stores its chunks without cutting and hashing the whole file again first (it still checks each chunk it
     * stores, and cuts the file afresh if one differs). Null otherwise.
     */
    private FileDigest knownContent(String path, Path aside, LocalState expected) {
        if (expected == null || expected.hash() == null) {
            return null;
        }
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(aside, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null; // the version store reads the file itself and reports what it meets
        }
        if (a.size() != expected.size() || a.lastModifiedTime().toMillis() != expected.mtimeMillis()) {
            return null;
        }
        Optional<FileDigest> known = s.store().chunks().manifest(expected.hash())
                .or(() -> s.store().chunks().localFileDigest(s.pairId(), path));
        return known.filter(d -> d.fileHash().equals(expected.hash()) && d.size() == a.size()).orElse(null);
    }

    /**
     * Puts {@code staged} at {@code target} in place of the file taken aside: an atomic rename over it while the path
     * still holds that very file, else (taken aside by a rename) only if the path is free. False when something else
     * took the path meanwhile; the staged file is then left for the caller to remove.
     */
    static boolean replace(Aside a, Path staged, Path target) throws IOException {
        if (!a.inPlace()) {
            return placeIfFree(staged, target);
        }
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS) || !Files.isSameFile(target, a.file())) {
            return false; // replaced or removed by someone else since it was taken aside: theirs stays
        }
        LocalTree.replaceAtomically(staged, target);
        return true;
    }

    /**
     * Puts {@code staged} at {@code target} unless something took {@code target} meanwhile; false then (the staged
     * file is left where it is for the caller to remove).
     */
    static boolean placeIfFree(Path staged, Path target) throws IOException {
        try {
            Files.createLink(target, staged);
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (UnsupportedOperationException | IOException e) {
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            LocalTree.moveAtomically(staged, target); // a file system without hard links: check, then rename
            LocalTree.fsyncDirectory(target.getParent());
            return true;
        }
        Files.delete(staged);
        LocalTree.fsyncDirectory(target.getParent());
        return true;
    }

    /**
     * Done with the aside file: removed if it was intact and nothing wrote to it since it was versioned, else kept
     * beside {@code target} as a conflict copy.
     */
    void settle(Aside a, Path target) throws IOException {
        boolean untouched = Files.size(a.file()) == a.size()
                && Files.getLastModifiedTime(a.file(), LinkOption.NOFOLLOW_LINKS).toMillis() == a.mtime();
        if (a.intact() && untouched) {
            Files.delete(a.file());
            return;
        }
        keepAsConflict(a, target);
    }

    /** The aside file changed in the window: it becomes a conflict copy (recorded, reported) beside the file. */
    void keepAsConflict(Aside a, Path target) throws IOException {
        String copy = namer.conflictPath(a.path(), p -> Files.exists(s.tree().resolve(p), LinkOption.NOFOLLOW_LINKS));
        Path copyFile = s.tree().resolve(copy);
        if (!placeIfFree(a.file(), copyFile)) {
            throw new IOException("no free name to keep the local change of " + a.path() + " (left as " + a.file() + ")");
        }
        s.store().conflicts().record(s.pairId(), a.path(), copy);
        s.store().activity().append(s.pairId(), "conflict", a.path(),
                "changed locally while the run replaced it; kept as " + copy,
                org.oxisync.core.reason.ActivityCode.CONFLICT_CHANGED_WHILE_REPLACED.stored(), org.oxisync.core.reason.ActivityCode.args("copy", copy));
        tally.conflicts.incrementAndGet();
        s.listener().conflict(s.pairName(), a.path(), copy);
    }

    /** Undoes {@link #takeAside}: back at {@code target} if free, else a conflict copy. */
    void putBack(String path, Path target, Path aside) throws IOException {
        if (!placeIfFree(aside, target)) {
            keepAsConflict(new Aside(path, aside, null, false, false, -1, -1), target);
        }
    }
}
