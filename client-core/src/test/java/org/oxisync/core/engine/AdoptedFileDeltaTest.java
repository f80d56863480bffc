package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.oxisync.core.transfer.TransferOptions;

/**
 * A large file that both sides already held when the pair was made (the usual start for people coming from another
 * sync client) was recorded without any transfer. A later edit on the server must still come down as a delta that
 * reuses the local file's unchanged chunks, not as the whole file (peer benchmark, "edit-down").
 */
class AdoptedFileDeltaTest extends HarnessTest {

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < size; i++) {
            b[i] = (byte) r.nextInt(256);
        }
        return b;
    }

    @Test
    void aServerEditOfAFileAdoptedWithoutTransferComesDownAsADeltaReusingTheLocalChunks() {
        int size = (int) TransferOptions.DEFAULT_DELTA_THRESHOLD + (4 << 20); // 12 MiB: above the delta threshold
        byte[] original = random(size, 7);
        h.remote().putFile("/big.bin", original);
        h.write("big.bin", original);

        SyncReport adopt = h.syncOk();
        assertEquals(0, adopt.downloaded(), "same content on both sides: nothing to transfer");
        assertEquals(0, adopt.uploaded());

        byte[] edited = original.clone();
        System.arraycopy(random(256 << 10, 8), 0, edited, size / 2, 256 << 10); // 256 KiB in the middle
        h.remote().putFile("/big.bin", edited);

        SyncReport r = h.syncOk();
        assertEquals(1, r.downloaded());
        assertArrayEquals(edited, h.readBytes("big.bin"));
        assertTrue(r.bytesReceived() < 4L << 20, "only the changed chunks come down, got " + r.bytesReceived());
        assertTrue(r.bytesReused() > size / 2, "the unchanged chunks come from the local file, reused "
                + r.bytesReused());
    }
}
