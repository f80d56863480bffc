package org.oxisync.core.engine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.oxisync.core.plan.Compact;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;

/**
 * Not a test (no JUnit, not run by CI): prints the heap a {@link RemoteIndex} retains over a synthetic tree of
 * FILES files in folders of 100, with a journal row per entry, after the run put 1,000 paths and moved one folder.
 * The snapshot, the journal and the journal's path index (which the run builds anyway) exist before the baseline;
 * the remote snapshot's path index, built on the index's first use, counts as the index's cost. Used heap after
 * full GCs; see bench/README.md "A million files" for the command and the figures.
 */
public final class RemoteIndexFootprint {
    private RemoteIndexFootprint() {
    }

    public static void main(String[] args) {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 300_000;
        Object[] tree = tree(files);
        RemoteSnapshot snapshot = (RemoteSnapshot) tree[0];
        JournalBase base = (JournalBase) tree[1];
        tree = null;
        usedAfterGc();
        long before = usedAfterGc();
        RemoteIndex index = new RemoteIndex("root", snapshot, base);
        for (int i = 0; i < 1_000; i++) {
            index.put("folder-" + i + "/new-" + i + ".txt", "n" + i, EntryKind.FILE);
        }
        index.moved("folder-7", "moved-7");
        String probe = index.id("moved-7/document-700.txt").orElseThrow()
                + index.folderId("folder-" + (files / 100 - 1));
        long after = usedAfterGc();
        System.out.printf("RemoteIndex over %,d files (+%,d folders), journal rows for all: retained %,d bytes "
                        + "(%.1f B/file)%n", files, files / 100, after - before, (after - before) / (double) files);
        if (probe.isEmpty() || snapshot.entries().isEmpty() || base.entries().isEmpty() || index == null) {
            throw new IllegalStateException("kept alive until here");
        }
    }

    /** The snapshot and the journal (its path index built), made in their own frame so nothing else stays live. */
    private static Object[] tree(int files) {
        Instant t = Instant.ofEpochSecond(1_700_000_000L);
        List<RemoteEntry> remote = new ArrayList<>(files + files / 100 + 1);
        List<JournalEntry> journal = new ArrayList<>(remote.size());
        String folderId = null;
        String folder = null;
        for (int i = 0; i < files; i++) {
            if (i % 100 == 0) {
                folder = "folder-" + (i / 100);
                folderId = UUID.randomUUID().toString();
                remote.add(RemoteEntry.compactDir(Compact.of(folder), Compact.of(folderId), "root", "e"));
                journal.add(JournalEntry.dir(folder, "k" + i, folderId));
            }
            String path = folder + "/document-" + i + ".txt";
            String id = UUID.randomUUID().toString();
            remote.add(RemoteEntry.compactFile(Compact.of(path), Compact.of(id), Compact.of(folderId), "e", "h", 3, t));
            journal.add(JournalEntry.file(path, 3, 1, "f" + i, "h", id, "e"));
        }
        JournalBase base = new JournalBase(journal);
        base.byPath();
        return new Object[] {new RemoteSnapshot(remote), base};
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
