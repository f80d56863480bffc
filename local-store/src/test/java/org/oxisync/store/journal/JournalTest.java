package org.oxisync.store.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.StoreFixture;

class JournalTest {
    @TempDir
    Path dir;
    StoreFixture f;
    Journal journal;

    @BeforeEach
    void open() {
        f = new StoreFixture(dir);
        journal = f.store.journal();
    }

    @AfterEach
    void close() {
        f.close();
    }

    private JournalEntry file(String path, long size) {
        return new JournalEntry(f.pairId, path, EntryKind.FILE, size, Instant.ofEpochSecond(1_700_000_000L, 123_456_789),
                "ino:42", "h".repeat(64), "rid-" + path, "etag-" + path, "r".repeat(64), Instant.ofEpochMilli(1_700_000_000_123L));
    }

    @Test
    void lookupByRemoteIdUsesItsIndexInsteadOfReadingEveryRowOfThePair() throws Exception {
        journal.upsert(file("a.txt", 1));
        java.nio.file.Path db = f.store.directory().resolve("journal.db");
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
             var st = c.prepareStatement("EXPLAIN QUERY PLAN " + Journal.BY_REMOTE_ID)) {
            st.setLong(1, f.pairId);
            st.setString(2, "rid-a.txt");
            StringBuilder plan = new StringBuilder();
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    plan.append(rs.getString(4)).append('\n');
                }
            }
            assertTrue(plan.toString().contains("USING INDEX journal_by_remote_id"), plan.toString());
        }
        assertEquals("a.txt", journal.findByRemoteId(f.pairId, "rid-a.txt").orElseThrow().path());
    }

    private JournalEntry folder(String path) {
        return new JournalEntry(f.pairId, path, EntryKind.FOLDER, 0, null, "dir:" + path, null, "rid-" + path, null,
                null, null);
    }

    @Test
    void withinReadsTheChildrenOfSomeFoldersSomeSubtreesAndSomeRowsOnceEachInPathOrderAndNothingElse() {
        for (String d : List.of("a", "a/b", "a/b/c", "ab", "z")) {
            journal.upsert(folder(d));
        }
        for (String p : List.of("top.txt", "a/x.txt", "a/b/y.txt", "a/b/c/deep.txt", "ab/q.txt", "z/far.txt",
                "a/b/\uD83D\uDE00.txt", "a/b/\uFFFD.txt")) {
            journal.upsert(file(p, 1));
        }
        List<String> got = journal.within(f.pairId, List.of("a/b", "a"), List.of("a/b/c"), List.of("", "z"),
                JournalEntry::path);
        // a/b's and a's children, a/b/c and below, z alone; "" has no row; sorted as SQLite sorts (code points:
        // U+FFFD before the emoji, which Java's char order would put first)
        assertEquals(List.of("a/b", "a/b/c", "a/b/c/deep.txt", "a/b/y.txt", "a/b/\uFFFD.txt", "a/b/\uD83D\uDE00.txt",
                "a/x.txt", "z"), got);
        List<String> all = journal.all(f.pairId, JournalEntry::path);
        assertEquals(all.stream().filter(got::contains).toList(), got, "the same order as all()");
    }

    @Test
    void pathsWithAFileKeyAreFoundThroughTheFileKeyIndex() throws Exception {
        journal.upsert(file("a.txt", 1)); // file key ino:42
        journal.upsert(folder("d"));
        assertEquals(List.of("a.txt"), journal.pathsWithFileKey(f.pairId, "ino:42"));
        assertEquals(List.of("d"), journal.pathsWithFileKey(f.pairId, "dir:d"));
        assertEquals(List.of(), journal.pathsWithFileKey(f.pairId, "ino:7"));
        assertEquals(1, journal.countFiles(f.pairId));
        java.nio.file.Path db = f.store.directory().resolve("journal.db");
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
             var st = c.prepareStatement("EXPLAIN QUERY PLAN SELECT path FROM journal INDEXED BY journal_by_file_key"
                     + " WHERE pair_id = ? AND file_key = ? AND file_key IS NOT NULL")) {
            st.setLong(1, f.pairId);
            st.setString(2, "ino:42");
            StringBuilder plan = new StringBuilder();
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    plan.append(rs.getString(4)).append('\n');
                }
            }
            assertTrue(plan.toString().contains("journal_by_file_key"), plan.toString());
        }
    }

    @Test
    void anUpsertedEntryReadsBackWithEveryFieldIncludingNanosecondMtime() {
        JournalEntry e = file("docs/report.txt", 10);
        journal.upsert(e);
        assertEquals(e, journal.get(f.pairId, "docs/report.txt").orElseThrow());
        JournalEntry changed = e.withLocal(11, Instant.ofEpochSecond(1_700_000_001L, 1), "ino:43", "g".repeat(64));
        journal.upsert(changed);
        assertEquals(changed, journal.get(f.pairId, "docs/report.txt").orElseThrow());
        assertEquals(1, journal.count(f.pairId));
    }

    @Test
    void readingAllEntriesThroughAConversionGivesTheConvertedRowsInPathOrder() {
        journal.upsertAll(List.of(file("b/x.txt", 2), file("a.txt", 1), file("b", 0)));
        assertEquals(List.of("a.txt:1", "b:0", "b/x.txt:2"),
                journal.all(f.pairId, e -> e.path() + ":" + e.size()));
        assertEquals(journal.all(f.pairId).stream().map(e -> e.path() + ":" + e.size()).toList(),
                journal.all(f.pairId, e -> e.path() + ":" + e.size()));
    }

    @Test
    void pathsAreStoredNfcSoADecomposedLookupFindsTheComposedEntry() {
        journal.upsert(file("caf\u0065\u0301.txt", 1)); // e + combining acute
        JournalEntry got = journal.get(f.pairId, "caf\u00e9.txt").orElseThrow();
        assertEquals("caf\u00e9.txt", got.path());
    }

    @Test
    void pathsThatDifferOnlyByCaseAreDistinctEntriesAndAreReportedAsCollisions() {
        journal.upsertAll(List.of(file("dir/Readme.md", 1), file("dir/README.md", 2), file("dir/other", 3),
                file("Dir", 0), file("dir", 0), file("x/readme.md", 4)));
        assertEquals(6, journal.count(f.pairId));
        List<CaseCollision> inDir = journal.caseCollisions(f.pairId, "dir");
        assertEquals(List.of(new CaseCollision(f.pairId, "dir", List.of("dir/README.md", "dir/Readme.md"))), inDir);
        List<CaseCollision> all = journal.caseCollisions(f.pairId);
        assertEquals(2, all.size());
        assertEquals(List.of("Dir", "dir"), all.get(0).paths());
        assertEquals(List.of("dir/README.md"), journal.caseVariantsOf(f.pairId, "dir/readme.MD").stream()
                .map(JournalEntry::path).filter(p -> p.equals("dir/README.md")).toList());
        assertEquals(2, journal.caseVariantsOf(f.pairId, "dir/readme.MD").size());
    }

    @Test
    void caseFoldingCoversNonAsciiLetters() {
        journal.upsertAll(List.of(file("\u00c4rger.txt", 1), file("\u00e4rger.txt", 2)));
        assertEquals(1, journal.caseCollisions(f.pairId, "").size());
    }

    @Test
    void deleteTreeRemovesAFolderAndItsDescendantsButNotSiblingsWithACommonPrefix() {
        journal.upsertAll(List.of(file("a", 0), file("a/b", 0), file("a/b/c", 0), file("a-b", 0), file("a0", 0), file("ab", 0)));
        assertEquals(3, journal.deleteTree(f.pairId, "a"));
        List<String> left = journal.all(f.pairId).stream().map(JournalEntry::path).toList();
        assertEquals(List.of("a-b", "a0", "ab"), left);
    }

    @Test
    void descendantsAreTheSubtreeOnlyNotTheFolderNorSiblingsWithACommonPrefix() {
        journal.upsertAll(List.of(file("a", 0), file("a/b", 0), file("a/b/c", 0), file("a-b", 0), file("a0", 0), file("ab", 0)));
        assertEquals(List.of("a/b", "a/b/c"),
                journal.descendants(f.pairId, "a").stream().map(JournalEntry::path).toList());
    }

    @Test
    void childrenAndRemoteIdLookupsFindTheRightEntries() {
        journal.upsertAll(List.of(file("a", 0), file("a/x", 1), file("a/y", 2), file("a/y/z", 3)));
        assertEquals(List.of("a/x", "a/y"), journal.children(f.pairId, "a").stream().map(JournalEntry::path).toList());
        assertEquals(List.of("a"), journal.children(f.pairId, "").stream().map(JournalEntry::path).toList());
        assertEquals("a/y/z", journal.findByRemoteId(f.pairId, "rid-a/y/z").orElseThrow().path());
    }

    @Test
    void aBatchWithOneBadEntryWritesNothing() {
        List<JournalEntry> batch = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            batch.add(file("f" + i, i));
        }
        batch.add(new JournalEntry(9999, "orphan", EntryKind.FILE, 1, null, null, null, null, null, null, null));
        assertThrows(StoreException.class, () -> journal.upsertAll(batch));
        assertEquals(0, journal.count(f.pairId));
    }

    @Test
    void invalidPathsAreRejectedWithAClearMessage() {
        for (String bad : List.of("", "/abs", "a/", "a//b", "a/./b", "../x", "a\0b")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> file(bad, 1), bad);
            assertTrue(e.getMessage().contains("relative path"), e.getMessage());
        }
    }
}
