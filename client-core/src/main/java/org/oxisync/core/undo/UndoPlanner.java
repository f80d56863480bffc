package org.oxisync.core.undo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.store.journal.Journal;
import org.oxisync.store.journal.JournalEntry;
import org.oxisync.store.versions.VersionInfo;
import org.oxisync.store.versions.VersionStore;

/**
 * Plans the undo of recorded changes: each path goes back to its content before them, unless it changed again since
 * (the journal, the last state both sides agreed on, and the local file must still be what the changes left), in
 * which case it is left alone and listed. Reads only; {@link UndoRun} does the plan.
 */
public final class UndoPlanner {
    static final String CHANGED_SINCE = "changed again since; left as it is";
    static final String BACK_SINCE = "is there again since; left as it is";
    static final String KEPT_NOWHERE = "its content before is kept nowhere (no kept version, not in the server's"
            + " trash); left as it is";
    static final String MOVED_SINCE = "moved or changed again since; left where it is";
    static final String TAKEN = "cannot go back: something else is at ";
    static final String CONFLICT = "in a conflict the run kept both versions of; left as it is";
    static final String UNRECORDED = "recorded by a version without undo; left as it is";

    private final Journal journal;
    private final VersionStore versions;

    public UndoPlanner(Journal journal, VersionStore versions) {
        this.journal = journal;
        this.versions = versions;
    }

    public UndoPlan plan(long pairId, Path root, List<RunChange> changes) throws IOException {
        return plan(pairId, root, changes, List.of());
    }

    /**
     * The steps for {@code changes} (one per path), then the {@code moves} (in the order made) undone newest first:
     * an item goes back only while it is still at the path it was moved to under the same server id and the path
     * it came from is free (as the moves before it, undone, leave the paths).
     */
    public UndoPlan plan(long pairId, Path root, List<RunChange> changes, List<RunMove> moves) throws IOException {
        List<UndoPlan.Step> steps = new ArrayList<>();
        List<UndoPlan.Left> left = new ArrayList<>();
        for (RunChange c : changes) {
            if (c.conflict()) {
                left.add(new UndoPlan.Left(c.path(), CONFLICT));
                continue;
            }
            if (!c.recorded()) {
                left.add(new UndoPlan.Left(c.path(), UNRECORDED));
                continue;
            }
            Optional<JournalEntry> now = journal.get(pairId, c.path());
            Path file = root.resolve(c.path());
            if (c.after() == null) {
                if (now.isPresent() || Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                    left.add(new UndoPlan.Left(c.path(), BACK_SINCE, true));
                    continue;
                }
                long fallback = c.folder() ? 0 : version(pairId, c.path(), c.before());
                if (fallback > 0) {
                    // the content exactly as before the run; the server's trash may hold a later one, which stays there
                    steps.add(new UndoPlan.RestoreContent(c.path(), fallback, false));
                } else if (c.remoteId() != null) {
                    steps.add(new UndoPlan.RestoreTrashed(c.path(), c.remoteId(), c.folder(), 0));
                } else {
                    left.add(new UndoPlan.Left(c.path(), KEPT_NOWHERE));
                }
                continue;
            }
            if (!unchangedSince(now, file, c.after())) {
                left.add(new UndoPlan.Left(c.path(), CHANGED_SINCE, true));
                continue;
            }
            if (c.before() == null) {
                steps.add(new UndoPlan.RemoveCreated(c.path()));
                continue;
            }
            if (c.before().equals(c.after())) {
                continue; // back where it was already
            }
            long v = version(pairId, c.path(), c.before());
            if (v > 0) {
                steps.add(new UndoPlan.RestoreContent(c.path(), v, true));
            } else {
                left.add(new UndoPlan.Left(c.path(), KEPT_NOWHERE));
            }
        }
        Map<String, String> moved = new HashMap<>(); // path -> the server id there after the moves undone so far
        for (int i = moves.size() - 1; i >= 0; i--) {
            RunMove m = moves.get(i);
            String at = idAt(pairId, root, m.to(), moved);
            String from = idAt(pairId, root, m.from(), moved);
            if (m.remoteId() == null || !m.remoteId().equals(at)) {
                left.add(new UndoPlan.Left(m.to(), MOVED_SINCE, true));
                continue;
            }
            if (from != null) {
                left.add(new UndoPlan.Left(m.to(), TAKEN + m.from() + "; left as it is"));
                continue;
            }
            moved.put(m.to(), FREE);
            moved.put(m.from(), m.remoteId());
            steps.add(new UndoPlan.MoveBack(m.to(), m.from()));
        }
        return new UndoPlan(steps, left);
    }

    private static final String FREE = "";

    /** The server id at {@code path} (the journal's; "?" for a local item it does not know), or null when free. */
    private String idAt(long pairId, Path root, String path, Map<String, String> moved) {
        String m = moved.get(path);
        if (m != null) {
            return m.isEmpty() ? null : m;
        }
        Optional<JournalEntry> j = journal.get(pairId, path);
        if (j.isPresent()) {
            return j.get().remoteId() == null ? "?" : j.get().remoteId();
        }
        return Files.exists(root.resolve(path), LinkOption.NOFOLLOW_LINKS) ? "?" : null;
    }

    /** Both sides still agree on {@code after} and the local file is as the journal recorded it. */
    private static boolean unchangedSince(Optional<JournalEntry> now, Path file, String after) throws IOException {
        if (now.isEmpty() || !after.equals(now.get().localHash()) || !after.equals(now.get().remoteHash())) {
            return false;
        }
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (java.nio.file.NoSuchFileException e) {
            return false;
        }
        JournalEntry j = now.get();
        return a.isRegularFile() && a.size() == j.size()
                && (j.mtime() == null || a.lastModifiedTime().toMillis() == j.mtime().toEpochMilli());
    }

    /** The newest kept version of {@code path} with content {@code hash}, or 0. */
    private long version(long pairId, String path, String hash) {
        if (hash == null) {
            return 0;
        }
        for (VersionInfo v : versions.listVersions(pairId, path)) {
            if (hash.equals(v.fileHash())) {
                return v.id();
            }
        }
        return 0;
    }
}
