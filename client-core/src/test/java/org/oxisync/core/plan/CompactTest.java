package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The compact form of the per-file records' strings reads back every string as it was, and holds less. */
class CompactTest {
    private static final List<String> SAMPLES = List.of(
            "0123456789abcdef".repeat(4), "f".repeat(64), "0".repeat(64), // BLAKE3 hashes
            "3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f", "ffffffff-ffff-ffff-ffff-ffffffffffff", // OxiCloud ids
            "3F2A9C1E-7B4D-4E8A-9C0F-1A2B3C4D5E6F", // upper case: not the canonical UUID form
            "3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6", "3f2a9c1e7b4d-4e8a-9c0f-1a2b3c4d5e6f0", // near misses
            "0123456789abcdef-1764612345", "0123456789abcdef-0", "0123456789abcdef-01", "0123456789abcdef-",
            "0123456789ABCDEF-1", "0123456789abcdef-999999999999999999", "0123456789abcdef-9223372036854775807",
            "0123456789abcdef-1x", "0123456789abcde-12", "0123456789abcdef".repeat(4) + "0", // an ETag, a near miss
            "\"W/abc\"", "(dev=803,ino=1234567)", "abc", "ab", "a", "0", "00", "f0", "ff0",
            "report.txt", "Grüße.txt", "ça", "\u00ff", "日本語.txt", "emoji \uD83D\uDE00", "a\u0000b", "-");

    @Test
    void everyStringReadsBackEqualFromItsForm() {
        for (String s : SAMPLES) {
            assertEquals(s, Compact.text(Compact.of(s)), s);
            assertTrue(Compact.holds(Compact.of(s), s), s);
            assertEquals(s.hashCode(), Compact.hash(Compact.of(s)), s);
        }
        Random random = new Random(7);
        String alphabet = "0123456789abcdefABCDEF-/. xyzé日";
        for (int i = 0; i < 5_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int n = random.nextInt(70); n > 0; n--) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String s = b.toString();
            assertEquals(s, Compact.text(Compact.of(s)), s);
            String id = new java.util.UUID(random.nextLong(), random.nextLong()).toString();
            assertEquals(id, Compact.text(Compact.of(id)), id);
            String hash = String.format("%016x%016x%016x%016x", random.nextLong(), random.nextLong(),
                    random.nextLong(), random.nextLong());
            assertEquals(hash, Compact.text(Compact.of(hash)), hash);
            String etag = String.format("%016x-%d", random.nextLong(), Math.floorMod(random.nextLong(), 1L << 40));
            assertEquals(etag, Compact.text(Compact.of(etag)), etag);
        }
    }

    @Test
    void formsAreEqualExactlyWhenTheirStringsAre() {
        List<Object> forms = new ArrayList<>();
        for (String s : SAMPLES) {
            forms.add(Compact.of(new String(s.toCharArray())));
        }
        for (int i = 0; i < SAMPLES.size(); i++) {
            for (int k = 0; k < SAMPLES.size(); k++) {
                assertEquals(SAMPLES.get(i).equals(SAMPLES.get(k)), Compact.equal(forms.get(i), forms.get(k)),
                        SAMPLES.get(i) + " / " + SAMPLES.get(k));
            }
            assertFalse(Compact.equal(forms.get(i), null));
        }
        assertTrue(Compact.equal(null, null));
    }

    @Test
    void nullAndTheEmptyStringStayAsTheyAreAndAFormIsNotPackedTwice() {
        assertNull(Compact.of(null));
        assertNull(Compact.text(null));
        assertSame("", Compact.of(""));
        Object form = Compact.of("0123456789abcdef".repeat(4));
        assertSame(form, Compact.of(form));
    }

    @Test
    void hashesIdsAndEtagsTakeHalfOrLessOfTheirCharacters() {
        assertEquals(4, ((long[]) Compact.of("ab".repeat(32))).length, "a hash: 32 bytes");
        assertEquals(2, ((long[]) Compact.of("3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f")).length, "an id: 16 bytes");
        assertEquals(4, ((int[]) Compact.of("0123456789abcdef-1764612345")).length, "a file ETag: 16 bytes");
        assertEquals(10, ((byte[]) Compact.of("report.txt")).length);
        assertTrue(Compact.of("日本語.txt") instanceof String, "beyond Latin-1: kept as the string");
    }

    @Test
    void sameGivesTheKnownFormForAnEqualStringAndANewOneOtherwise() {
        Object known = Compact.of("etag-1");
        assertSame(known, Compact.same(new String("etag-1".toCharArray()), known));
        Object other = Compact.same("etag-2", known);
        assertEquals("etag-2", Compact.text(other));
        assertNull(Compact.same(null, known));
    }

    @Test
    void recordsReadTheirStringsBackAndCompareByValue() {
        String hash = "c".repeat(64);
        JournalEntry j = new JournalEntry("docs/a.txt", EntryKind.FILE, 5, 1000, "(dev=1,ino=2)", hash,
                "3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f", "etag", new String(hash.toCharArray()));
        assertEquals("(dev=1,ino=2)", j.fileKey());
        assertEquals(hash, j.localHash());
        assertEquals(hash, j.remoteHash());
        assertEquals("3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f", j.remoteId());
        assertEquals("etag", j.remoteEtag());
        JournalEntry copy = new JournalEntry("docs/a.txt", EntryKind.FILE, 5, 1000, "(dev=1,ino=2)", hash,
                "3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f", "etag", hash);
        assertEquals(j, copy);
        assertEquals(j.hashCode(), copy.hashCode());
        assertFalse(j.equals(JournalEntry.file("docs/a.txt", 5, 1000, "(dev=1,ino=2)", hash,
                "3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f", "etag-2")));
        assertTrue(j.toString().contains("remoteId=3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f"));

        RemoteEntry r = RemoteEntry.file("docs/a.txt", "id-1", "root", "etag", hash, 5, Instant.EPOCH);
        assertEquals(r, RemoteEntry.compactFile("docs/a.txt", Compact.of("id-1"), "root", Compact.of("etag"),
                Compact.of(hash), 5, Instant.EPOCH));
        assertEquals(hash, r.contentHash());
        assertEquals("root", r.parentId());
        JournalEntry agreed = JournalEntry.agreed("docs/a.txt",
                LocalEntry.unhashedFile("docs/a.txt", 5, 1000, "(dev=1,ino=2)"), r, hash);
        assertSame(r.compactContentHash(), agreed.compactRemoteHash());
        assertEquals(hash, agreed.localHash());
        assertEquals(LocalEntry.dir("docs", "k"), LocalEntry.withCompactKey("docs", EntryKind.DIR, 0, 0,
                Compact.of("k"), LocalHash.NOT_COMPUTED));
    }

    @Test
    void kindAndHashesReadBackInEveryCombination() {
        String a = "a".repeat(64);
        String b = "b".repeat(64);
        for (EntryKind kind : EntryKind.values()) {
            for (String[] hashes : new String[][] {{null, null}, {a, a}, {a, b}, {null, b}, {a, null}, {"h1", "h1"}}) {
                JournalEntry j = new JournalEntry("p", kind, 1, 2, null, hashes[0], "id", "e", hashes[1]);
                assertEquals(kind, j.kind());
                assertEquals(hashes[0], j.localHash());
                assertEquals(hashes[1], j.remoteHash());
                assertEquals(new JournalEntry("p", kind, 1, 2, null, hashes[0], "id", "e", hashes[1]), j);
            }
            for (LocalHash hash : new LocalHash[] {LocalHash.NOT_COMPUTED, LocalHash.known(a)}) {
                LocalEntry l = new LocalEntry("p", kind, 1, 2, "k", hash);
                assertEquals(kind, l.kind());
                assertEquals(hash, l.hash());
                assertEquals(l, l.withPath("q").withPath("p"));
            }
        }
    }
}
