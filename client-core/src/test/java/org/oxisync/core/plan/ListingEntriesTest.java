package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A listing holds files the journal records as they are listed as the journal's rows, and reads them back equal. */
class ListingEntriesTest {
    private static final String PARENT = "66666666-2222-3333-4444-555555555555";
    private static final JournalEntry ROW = JournalEntry.file("docs/a.txt", 5, 1_700_000_000_123L, "(dev=1,ino=7)",
            "ab".repeat(32), "11111111-2222-3333-4444-555555555555", "0123456789abcdef-1700000000");

    @Test
    void aSettledFileReadsBackEqualToTheListingsEntrySharingTheRowsForms() {
        ListingEntries entries = new ListingEntries();
        Object parent = Compact.of(PARENT);
        entries.addSettled(ROW, parent, Instant.ofEpochSecond(1_700_000_000L));

        RemoteEntry e = entries.get(0);
        assertEquals(RemoteEntry.file("docs/a.txt", ROW.remoteId(), PARENT, ROW.remoteEtag(), ROW.remoteHash(), 5,
                Instant.ofEpochSecond(1_700_000_000L)), e);
        assertSame(ROW.compactPath(), e.compactPath());
        assertSame(ROW.compactRemoteId(), e.compactId());
        assertSame(parent, e.compactParentId());
        assertTrue(entries.settled(0));
    }

    @Test
    void aSettledFileWithoutATimeReadsBackWithoutOne() {
        ListingEntries entries = new ListingEntries();
        entries.addSettled(ROW, Compact.of(PARENT), null);
        assertNull(entries.get(0).modifiedAt());
    }

    @Test
    void recordsAndSettledRowsKeepTheirOrderAndEachItsOwnParentAndTime() {
        ListingEntries entries = new ListingEntries();
        RemoteEntry dir = RemoteEntry.dir("docs", PARENT, "root", "tree-etag");
        entries.add(dir);
        for (int i = 0; i < 40; i++) { // past the first growth of the arrays
            JournalEntry row = JournalEntry.file("docs/f" + i, i, 0, null, "cd".repeat(32), "id-" + i, "e" + i);
            entries.addSettled(row, Compact.of("parent-" + i), Instant.ofEpochSecond(i));
        }

        assertEquals(41, entries.size());
        assertSame(dir, entries.get(0));
        assertFalse(entries.settled(0));
        for (int i = 0; i < 40; i++) {
            RemoteEntry e = entries.get(i + 1);
            assertEquals("docs/f" + i, e.path());
            assertEquals("parent-" + i, e.parentId());
            assertEquals(Instant.ofEpochSecond(i), e.modifiedAt());
            assertEquals(i, e.size());
        }
    }

    @Test
    void onlyFilesKnownOnTheServerSettleAndOnlyWithWholeSecondTimes() {
        ListingEntries entries = new ListingEntries();
        JournalEntry folder = JournalEntry.dir("docs", null, PARENT);
        JournalEntry neverUploaded = JournalEntry.file("b", 1, 1, null, "ab".repeat(32), null, null);
        assertThrows(IllegalArgumentException.class, () -> entries.addSettled(folder, null, null));
        assertThrows(IllegalArgumentException.class, () -> entries.addSettled(neverUploaded, null, null));
        assertThrows(IllegalArgumentException.class,
                () -> entries.addSettled(ROW, null, Instant.ofEpochSecond(1, 5)));
        assertEquals(0, entries.size());
    }

    @Test
    void aFrozenListingRefusesAppends() {
        ListingEntries entries = new ListingEntries();
        entries.addSettled(ROW, null, null);
        entries.freeze();
        assertThrows(UnsupportedOperationException.class, () -> entries.add(RemoteEntry.dir("d", "i", "p", "e")));
        assertThrows(UnsupportedOperationException.class, () -> entries.addSettled(ROW, null, null));
    }

    @Test
    void aSnapshotOverSettledRowsEqualsOneOverTheRecordsAndFindsThemById() {
        ListingEntries entries = new ListingEntries();
        entries.add(RemoteEntry.dir("docs", PARENT, "root", "tree-etag"));
        entries.addSettled(ROW, Compact.of(PARENT), Instant.ofEpochSecond(7));
        RemoteSnapshot records = new RemoteSnapshot(List.copyOf(entries));

        RemoteSnapshot settled = new RemoteSnapshot(entries);

        assertEquals(records, settled);
        assertEquals(records.byId().get(ROW.remoteId()), settled.byId().get(ROW.remoteId()));
        assertEquals(2, settled.byId().size());
    }

    @Test
    void aListingOfAGivenSizeIsFilledByPositionOnceEachAndRefusesToFreezeWithAPositionUnset() {
        ListingEntries entries = ListingEntries.ofSize(3);
        RemoteEntry dir = RemoteEntry.dir("docs", PARENT, "root", "tree-etag");
        entries.putSettled(2, ROW, Compact.of(PARENT), Instant.ofEpochSecond(7));
        entries.put(0, dir);
        assertThrows(IllegalStateException.class, () -> entries.put(0, dir), "a position is set once");
        assertThrows(IllegalStateException.class, entries::freeze, "position 1 unset");

        entries.put(1, RemoteEntry.dir("more", "m", "root", "t"));
        entries.freeze();

        assertEquals(List.of("docs", "more", "docs/a.txt"), entries.stream().map(RemoteEntry::path).toList());
        assertTrue(entries.settled(2));
        assertEquals(Instant.ofEpochSecond(7), entries.get(2).modifiedAt());
    }
    private static final RemoteEntry NEW_FILE = RemoteEntry.file("docs/new.txt", "77777777-2222-3333-4444-555555555555",
            PARENT, "fedcba9876543210-1700000001", "cd".repeat(32), 12, Instant.ofEpochSecond(1_700_000_001L));

    @Test
    void aFileNewToTheJournalIsHeldFlatAndReadsBackEqualEachTimeInItsPlace() {
        ListingEntries entries = new ListingEntries();
        RemoteEntry dir = RemoteEntry.dir("docs", PARENT, "root", "tree-etag");
        RemoteEntry untimed = RemoteEntry.file("docs/untimed.txt", "88888888-2222-3333-4444-555555555555", PARENT,
                "0123456789abcdef-1700000000", "ef".repeat(32), 0, null);
        entries.addNew(dir);
        entries.addNew(NEW_FILE);
        entries.addSettled(ROW, Compact.of(PARENT), Instant.ofEpochSecond(7));
        entries.addNew(untimed);
        entries.freeze();

        assertSame(dir, entries.get(0), "a folder stays a record");
        assertEquals(NEW_FILE, entries.get(1));
        assertNotSame(NEW_FILE, entries.get(1), "held flat: made again when read");
        assertEquals(NEW_FILE.hashCode(), entries.get(1).hashCode());
        assertSame(NEW_FILE.compactPath(), entries.get(1).compactPath(), "the path form is the one given");
        assertSame(NEW_FILE.compactParentId(), entries.get(1).compactParentId());
        assertFalse(entries.settled(1));
        assertEquals(Instant.ofEpochSecond(7), entries.get(2).modifiedAt(), "a settled file keeps its own time");
        assertEquals(untimed, entries.get(3));
        assertNull(entries.get(3).modifiedAt());
        assertEquals(new RemoteSnapshot(List.of(dir, NEW_FILE, entries.get(2), untimed)), new RemoteSnapshot(entries));
        assertEquals(NEW_FILE, new RemoteSnapshot(entries).byId().get(NEW_FILE.id()));
    }

    @Test
    void aNewFileWhoseFormsAreNotTheServersCommonOnesIsHeldAsGiven() {
        ListingEntries entries = new ListingEntries();
        RemoteEntry otherId = RemoteEntry.file("a", "id-1", PARENT, "0123456789abcdef-1700000000", "ab".repeat(32), 1,
                null);
        RemoteEntry otherEtag = RemoteEntry.file("b", NEW_FILE.id(), PARENT, "W/etag", "ab".repeat(32), 1, null);
        RemoteEntry otherHash = RemoteEntry.file("c", NEW_FILE.id(), PARENT, NEW_FILE.etag(), "h1", 1, null);
        RemoteEntry noHash = RemoteEntry.file("d", NEW_FILE.id(), PARENT, NEW_FILE.etag(), null, 1, null);
        RemoteEntry subSecond = RemoteEntry.file("e", NEW_FILE.id(), PARENT, NEW_FILE.etag(), "ab".repeat(32), 1,
                Instant.ofEpochSecond(5, 1));
        List<RemoteEntry> given = List.of(otherId, otherEtag, otherHash, noHash, subSecond);
        given.forEach(entries::addNew);

        for (int i = 0; i < given.size(); i++) {
            assertSame(given.get(i), entries.get(i), given.get(i).path());
        }
    }

    @Test
    void aListingOfAGivenSizeHoldsANewFilePutByPositionFlatAsAnAppendWould() {
        ListingEntries entries = ListingEntries.ofSize(2);
        entries.putNew(1, NEW_FILE);
        entries.putSettled(0, ROW, Compact.of(PARENT), null);
        assertThrows(IllegalStateException.class, () -> entries.putNew(1, NEW_FILE), "a position is set once");
        entries.freeze();

        assertEquals(NEW_FILE, entries.get(1));
        assertNotSame(NEW_FILE, entries.get(1));
        assertNull(entries.get(0).modifiedAt());
    }
}
