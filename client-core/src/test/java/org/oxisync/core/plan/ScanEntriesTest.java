package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A scan holds entries equal to their journal rows as the rows, and reads them back as the records it would make. */
class ScanEntriesTest {
    private static final JournalEntry FILE_ROW = JournalEntry.file("docs/a.txt", 5, 1_700_000_000_123L, "(dev=1,ino=7)",
            "ab".repeat(32), "11111111-2222-3333-4444-555555555555", "0123456789abcdef-1700000000");
    private static final JournalEntry DIR_ROW = JournalEntry.dir("docs", "(dev=1,ino=6)",
            "66666666-2222-3333-4444-555555555555");

    @Test
    void aSettledFileReadsBackEqualToTheUnhashedEntryTheScanWouldMakeSharingTheRowsForms() {
        ScanEntries entries = new ScanEntries();
        entries.addSettled(FILE_ROW);

        LocalEntry e = entries.get(0);
        assertEquals(LocalEntry.unhashedFile("docs/a.txt", 5, 1_700_000_000_123L, "(dev=1,ino=7)"), e);
        assertSame(FILE_ROW.compactPath(), e.compactPath());
        assertSame(FILE_ROW.compactFileKey(), e.compactFileKey());
        assertTrue(entries.settled(0));
    }

    @Test
    void aSettledFolderReadsBackAsAFolderWithTheRowsKey() {
        ScanEntries entries = new ScanEntries();
        entries.addSettled(DIR_ROW);

        assertEquals(LocalEntry.dir("docs", "(dev=1,ino=6)"), entries.get(0));
    }

    @Test
    void recordsAndSettledRowsKeepTheOrderTheyWereAddedIn() {
        ScanEntries entries = new ScanEntries();
        LocalEntry hashed = LocalEntry.file("docs/b.txt", 3, 9, null, "cd".repeat(32));
        entries.addSettled(DIR_ROW);
        entries.add(hashed);
        entries.addSettled(FILE_ROW);
        for (int i = 0; i < 40; i++) { // past the first growth of the array
            entries.add(LocalEntry.dir("d" + i, null));
        }

        assertEquals(43, entries.size());
        assertEquals(List.of("docs", "docs/b.txt", "docs/a.txt", "d0"),
                entries.subList(0, 4).stream().map(LocalEntry::path).toList());
        assertSame(hashed, entries.get(1));
        assertFalse(entries.settled(1));
        assertTrue(entries.settled(2));
        assertEquals("d39", entries.get(42).path());
    }

    @Test
    void appendingAnotherScanKeepsItsSettledEntriesSettled() {
        ScanEntries part = new ScanEntries();
        part.addSettled(FILE_ROW);
        ScanEntries whole = new ScanEntries();
        whole.add(LocalEntry.dir("x", null));

        whole.addAll(part);

        assertEquals(2, whole.size());
        assertTrue(whole.settled(1));
        assertEquals(part.get(0), whole.get(1));
    }

    @Test
    void onlyFileAndFolderRowsSettle() {
        JournalEntry link = new JournalEntry("l", EntryKind.SYMLINK, 0, 0, null, null, null, null, null);
        assertThrows(IllegalArgumentException.class, () -> new ScanEntries().addSettled(link));
    }

    @Test
    void aFrozenScanRefusesAppendsAndAScanIsOnlyAppendedAtItsEnd() {
        ScanEntries entries = new ScanEntries();
        entries.add(LocalEntry.dir("a", null));
        assertThrows(UnsupportedOperationException.class, () -> entries.add(0, LocalEntry.dir("b", null)));
        entries.freeze();
        assertThrows(UnsupportedOperationException.class, () -> entries.add(LocalEntry.dir("c", null)));
        assertThrows(UnsupportedOperationException.class, () -> entries.addSettled(FILE_ROW));
        assertEquals(1, entries.size());
    }

    @Test
    void aSnapshotOverSettledRowsEqualsOneOverTheRecordsAndFindsThemByPath() {
        ScanEntries entries = new ScanEntries();
        entries.addSettled(DIR_ROW);
        entries.addSettled(FILE_ROW);
        LocalSnapshot records = new LocalSnapshot(List.copyOf(entries), false);

        LocalSnapshot settled = new LocalSnapshot(entries, false);

        assertEquals(records, settled);
        assertEquals(records.hashCode(), settled.hashCode());
        assertEquals(records.byPath().get("docs/a.txt"), settled.byPath().get("docs/a.txt"));
        assertEquals(2, settled.byPath().size());
    }
    @Test
    void aHashedFileIsHeldFlatAndReadsBackEqualWithItsUnixKeyMadeAgain() {
        ScanEntries entries = new ScanEntries();
        LocalEntry hashed = LocalEntry.file("docs/b.txt", 3, 9, "(dev=fd01,ino=123456789)", "cd".repeat(32));
        LocalEntry negative = LocalEntry.file("docs/c.txt", 4, 10, "(dev=ffffffffffffffff,ino=-5)", "ef".repeat(32));
        entries.addSettled(DIR_ROW);

        assertEquals(1, entries.addHashed(hashed), "its position");
        assertEquals(2, entries.addHashed(negative));

        assertEquals(hashed, entries.get(1));
        assertNotSame(hashed, entries.get(1), "held flat: made again when read");
        assertEquals(hashed.hashCode(), entries.get(1).hashCode());
        assertEquals("(dev=fd01,ino=123456789)", entries.get(1).fileKey());
        assertSame(hashed.compactPath(), entries.get(1).compactPath());
        assertEquals(negative, entries.get(2));
        assertFalse(entries.settled(1));
        assertEquals(List.of(DIR_ROW.path(), "docs/b.txt", "docs/c.txt"),
                entries.stream().map(LocalEntry::path).toList());
    }

    @Test
    void aHashedFileWithAKeyOfAnotherFormKeepsThatKeysFormAndWithAnotherHashFormStaysAsGiven() {
        ScanEntries entries = new ScanEntries();
        List<String> keys = java.util.Arrays.asList(null, "(dev=01,ino=7)", "(dev=1,ino=07)", "(dev=1,ino=7", "key-1",
                "(dev=zz,ino=7)", "(dev=1,ino=99999999999999999999)");
        for (int i = 0; i < keys.size(); i++) {
            LocalEntry e = LocalEntry.file("f" + i, i, i, keys.get(i), "ab".repeat(32));
            entries.addHashed(e);
            assertEquals(e, entries.get(i), String.valueOf(keys.get(i)));
            assertEquals(keys.get(i), entries.get(i).fileKey());
        }
        LocalEntry oddHash = LocalEntry.file("odd", 1, 1, "(dev=1,ino=7)", "h1");
        entries.addHashed(oddHash);
        assertSame(oddHash, entries.get(keys.size()));
        LocalEntry folder = LocalEntry.dir("d", "(dev=1,ino=8)");
        entries.addHashed(folder);
        assertSame(folder, entries.get(keys.size() + 1), "only a hashed file is held flat");
    }
}
