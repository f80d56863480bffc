package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.UUID;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.plan.LocalState;
import org.oxisync.core.scan.TempNames;
import org.oxisync.store.versions.VersionInfo;

/**
 * Replaces or removes a local file without losing a write that lands while it happens (issue "hard to break" #5).
 *
 * <p>The plan's check (size and mtime as the scan saw them) runs first, but a program may write between that check
 * and the swap. So the file is first renamed aside in its own folder (atomic: from then on a write by path creates a
 * new file, which the swap never overwrites), its content as it is then goes to the version store, and the version's
 * hash is compared with what the plan saw. A difference means the write landed in the window: that content is kept
 * as a conflict copy beside the file (or put back, when the file was to be deleted), never dropped. The new file is
 * put in place with a hard link, which fails instead of replacing a file created meanwhile.
 *
 * <p>What remains: a program that keeps the file open and writes through that handle after the aside content was
 * versioned (microseconds to milliseconds: the time to read it) writes into the aside file, which is then removed.
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

    /** The file at {@code path}, taken aside and versioned; {@link #intact} tells whether it is what the plan saw. */
    record Aside(String path, Path file, VersionInfo version, boolean intact) {}

    /** Renames {@code target} aside, versions that content and compares it with {@code expected}. */
    Aside takeAside(String path, Path target, LocalState expected) throws IOException {
        Path aside = target.resolveSibling(TempNames.PREFIX + "aside-" + UUID.randomUUID() + ".tmp");
        LocalTree.moveAtomically(target, aside);
        VersionInfo v;
        try {
            v = s.store().versions().saveVersion(s.pairId(), path, aside, s.clock().instant());
        } catch (RuntimeException e) {
            putBack(path, target, aside);
            throw e;
        }
        boolean intact = expected == null || (expected.hash() != null ? expected.hash().equals(v.fileHash())
                : v.size() == expected.size()
                        && Files.getLastModifiedTime(aside, LinkOption.NOFOLLOW_LINKS).toMillis() == expected.mtimeMillis());
        return new Aside(path, aside, v, intact);
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

    /** Done with the aside file: removed if intact, else kept beside {@code target} as a conflict copy. */
    void settle(Aside a, Path target) throws IOException {
        if (a.intact()) {
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
                "changed locally while the run replaced it; kept as " + copy);
        tally.conflicts.incrementAndGet();
        s.listener().conflict(s.pairName(), a.path(), copy);
    }

    /** Undoes {@link #takeAside}: back at {@code target} if free, else a conflict copy. */
    void putBack(String path, Path target, Path aside) throws IOException {
        if (!placeIfFree(aside, target)) {
            keepAsConflict(new Aside(path, aside, null, false), target);
        }
    }
}
