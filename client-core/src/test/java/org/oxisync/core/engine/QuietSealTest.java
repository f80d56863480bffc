package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.scan.QuietRecord;
import org.oxisync.store.account.FolderPair;

class QuietSealTest {
    @TempDir
    Path tmp;

    private final FolderPair pair = new FolderPair(7, "p", "/home/u/Docs", "root-id", "/", List.of("build"),
            List.of("*.log"), Map.of("k", "v"));
    private final byte[] record = QuietRecord.of(List.of(LocalEntry.dir("d", "(dev=1,ino=2)"),
            LocalEntry.unhashedFile("d/é.txt", 12, 1_700_000_000_123L, "(dev=1,ino=3)"))).orElseThrow();

    @Test
    void writtenSealReadsBackWithItsPairRootEtagAndRecord() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.write(pair, "etag-1", record);
        QuietSeal.Sealed s = seal.read(pair).orElseThrow();
        assertEquals(pair, s.pair());
        assertEquals("etag-1", s.rootEtag());
        assertArrayEquals(record, Arrays.copyOfRange(s.bytes(), s.offset(), s.offset() + s.length()));
        assertEquals(List.of(seal.path()), QuietSeal.allIn(tmp).stream().map(QuietSeal::path).toList());
    }

    @Test
    void sealMadeUnderOtherPairSettingsIsNotUsed() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.write(pair, "etag-1", record);
        FolderPair otherIgnores = new FolderPair(7, "p", "/home/u/Docs", "root-id", "/", List.of("build"),
                List.of("*.log", "*.bak"), Map.of("k", "v"));
        FolderPair otherExclusions = new FolderPair(7, "p", "/home/u/Docs", "root-id", "/", List.of(),
                List.of("*.log"), Map.of("k", "v"));
        FolderPair otherSettings = new FolderPair(7, "p", "/home/u/Docs", "root-id", "/", List.of("build"),
                List.of("*.log"), Map.of("k", "w"));
        FolderPair otherRoot = new FolderPair(7, "p", "/home/u/Other", "root-id", "/", List.of("build"),
                List.of("*.log"), Map.of("k", "v"));
        for (FolderPair other : List.of(otherIgnores, otherExclusions, otherSettings, otherRoot)) {
            assertTrue(seal.read(other).isEmpty(), other.toString());
        }
    }

    @Test
    void damagedOrTruncatedSealIsNotUsed() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.write(pair, "etag-1", record);
        byte[] good = Files.readAllBytes(seal.path());
        for (int i = 0; i < good.length; i++) {
            byte[] bad = good.clone();
            bad[i] ^= 0x10;
            Files.write(seal.path(), bad);
            assertTrue(seal.read(pair).isEmpty(), "a flipped bit at byte " + i + " went unnoticed");
        }
        for (int len = 0; len < good.length; len++) {
            Files.write(seal.path(), Arrays.copyOf(good, len));
            assertTrue(seal.read(pair).isEmpty(), "a seal cut to " + len + " bytes was used");
        }
        Files.write(seal.path(), Arrays.copyOf(good, good.length + 1));
        assertTrue(seal.read(pair).isEmpty(), "trailing bytes went unnoticed");
    }

    @Test
    void deleteRemovesTheSealAndToleratesAMissingOne() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.delete();
        seal.write(pair, "etag-1", record);
        seal.delete();
        assertFalse(Files.exists(seal.path()));
        assertTrue(seal.read(pair).isEmpty());
    }

    @Test
    void recordRefusesEntriesAQuietWalkCannotPresent() {
        assertTrue(QuietRecord.of(List.of(LocalEntry.file("a", 1, 1, null, "hash"))).isEmpty(),
                "a hashed file (changed during that scan) must not be sealed");
        assertTrue(QuietRecord.of(List.of(new LocalEntry("l", org.oxisync.core.plan.EntryKind.SYMLINK, 0, 0, null,
                org.oxisync.core.plan.LocalHash.NOT_COMPUTED))).isEmpty(), "a symbolic link must not be sealed");
    }
}
