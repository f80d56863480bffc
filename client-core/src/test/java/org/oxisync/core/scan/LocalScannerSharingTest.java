package org.oxisync.core.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.store.hash.FileChunker;

/** A full scan presents unchanged entries with the journal's own path and file key forms (no equal copies). */
class LocalScannerSharingTest {
    @TempDir
    Path root;
    private final LocalScanner scanner = new LocalScanner(FileChunker::digest, 1);
    private final PathFilter filter = new PathFilter(IgnoreRules.withDefaults(List.of()), SelectiveSync.none());

    @Test
    void unchangedEntriesReuseTheJournalsPathAndFileKeyForms() throws IOException {
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve("docs/a.txt"), "alpha");
        Files.writeString(root.resolve("docs/b.txt"), "beta");
        List<JournalEntry> journal = new ArrayList<>();
        for (LocalEntry e : scanner.scan(root, filter, JournalBase.of()).snapshot().entries()) {
            String hash = e.kind() == EntryKind.FILE ? e.hash().value().orElseThrow() : null;
            // copies, as the journal reads them from SQLite
            journal.add(new JournalEntry(new String(e.path().toCharArray()), e.kind(), e.size(), e.mtimeMillis(),
                    e.fileKey() == null ? null : new String(e.fileKey().toCharArray()), hash, "id-" + e.path(),
                    "etag", hash));
        }
        Files.writeString(root.resolve("docs/b.txt"), "beta, changed");

        ScanResult again = scanner.scan(root, filter, new JournalBase(journal));
        assertEquals(3, again.snapshot().entries().size());
        org.oxisync.core.plan.ScanEntries held = (org.oxisync.core.plan.ScanEntries) again.snapshot().entries();
        for (int i = 0; i < held.size(); i++) {
            // held as the journal's row exactly when nothing differs (the file key is the disk's on Linux)
            assertEquals(!held.get(i).path().equals("docs/b.txt"), held.settled(i), held.get(i).path());
        }
        for (LocalEntry e : again.snapshot().entries()) {
            JournalEntry j = journal.stream().filter(x -> x.path().equals(e.path())).findFirst().orElseThrow();
            if (e.path().equals("docs/b.txt")) {
                assertTrue(e.hash().value().isPresent(), "the changed file is hashed");
                continue;
            }
            assertSame(j.compactPath(), e.compactPath(), e.path());
            if (j.fileKey() != null) {
                assertSame(j.compactFileKey(), e.compactFileKey(), e.path());
                assertEquals(j.fileKey(), e.fileKey(), e.path());
            }
        }
    }
}
