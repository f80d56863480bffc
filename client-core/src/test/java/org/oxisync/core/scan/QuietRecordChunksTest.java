package org.oxisync.core.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A walk's record of more than {@value QuietRecord#CHUNK} bytes is kept in chunks that never split an entry (a million
 * files' record was one 128 MB array, 192 MB while it grew), and reads, compares and diffs as one record.
 */
class QuietRecordChunksTest {
    private static final int FILES = 30_000; // about 2 MB of record

    private static QuietRecord walkOf(int files, int changed) {
        QuietRecord r = new QuietRecord(256);
        for (int i = 0; i < files; i++) {
            if (i % 50 == 0) {
                r.dir("folder" + (i / 50), "(dev=1,ino=" + i + ")");
            }
            r.file("folder" + (i / 50) + "/file" + i + ".bin", 1000 + i, i == changed ? 42L : 1_700_000_000_000L,
                    "(dev=1,ino=" + (1_000_000 + i) + ")");
        }
        return r;
    }

    @Test
    void aLargeRecordSpansChunksWithWholeEntriesAndReadsAsOne() throws IOException {
        QuietRecord r = walkOf(FILES, -1);
        assertTrue(r.chunks() > 1, "more than one chunk: " + r.chunks());
        long total = 0;
        for (int c = 0; c < r.chunks(); c++) {
            byte[] chunk = r.chunk(c);
            int n = r.chunkLength(c);
            assertTrue(n <= Math.max(QuietRecord.CHUNK, 1), "chunk " + c + " within its bound");
            for (int at = 0; at < n; ) {
                at = QuietRecord.entryEnd(chunk, at, n);
                assertTrue(at > 0, "chunk " + c + " holds whole entries only");
            }
            total += n;
        }
        assertEquals(r.length(), total);
        byte[] whole = r.toByteArray();
        assertEquals(total, whole.length);
        assertTrue(r.sameAs(new ByteArrayInputStream(whole), whole.length));
        assertTrue(r.sameAs(whole, 0, whole.length));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        r.writeTo(out);
        assertArrayEquals(whole, out.toByteArray());

        QuietRecord joined = new QuietRecord(16);
        joined.append(walkOf(10, -1));
        joined.append(r);
        byte[] head = walkOf(10, -1).toByteArray();
        byte[] expected = new byte[head.length + whole.length];
        System.arraycopy(head, 0, expected, 0, head.length);
        System.arraycopy(whole, 0, expected, head.length, whole.length);
        assertArrayEquals(expected, joined.toByteArray(), "appended chunk by chunk, in order");
    }

    @Test
    void aChangedEntryInALaterChunkIsTheOnePathThatDiffers() throws IOException {
        byte[] sealed = walkOf(FILES, -1).toByteArray();
        QuietRecord walk = walkOf(FILES, FILES - 7);
        QuietDiff.Differs d = assertInstanceOf(QuietDiff.Differs.class,
                QuietDiff.compare(walk, false, SealedRecord.of(sealed, 0, sealed.length)));
        String path = "folder" + ((FILES - 7) / 50) + "/file" + (FILES - 7) + ".bin";
        assertEquals(Set.of(path), d.paths());
        assertEquals(FILES + FILES / 50, d.entries());
        assertTrue(d.walked(path).isPresent());
        assertEquals(walk.length(), d.recordLength());
    }
}
