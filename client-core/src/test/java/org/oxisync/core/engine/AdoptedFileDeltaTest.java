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

    @Test
    void aServerEditAfterTheFolderWasRenamedOnTheServerStillComesDownAsADelta() {
        int size = (int) TransferOptions.DEFAULT_DELTA_THRESHOLD + (4 << 20);
        byte[] original = random(size, 17);
        h.remote().putFile("/work/big.bin", original);
        h.write("work/big.bin", original);
        h.syncOk();

        h.remote().rename("/work", "archive");
        SyncReport moved = h.syncOk();
        assertEquals(0, moved.downloaded(), "a rename moves the local folder, nothing comes down");
        assertArrayEquals(original, h.readBytes("archive/big.bin"));

        byte[] edited = original.clone();
        System.arraycopy(random(256 << 10, 18), 0, edited, size / 3, 256 << 10);
        h.remote().putFile("/archive/big.bin", edited);
        SyncReport r = h.syncOk();
        assertEquals(1, r.downloaded());
        assertArrayEquals(edited, h.readBytes("archive/big.bin"));
        assertTrue(r.bytesReceived() < 4L << 20, "only the changed chunks come down after the move, got " + r.bytesReceived());
    }

    @Test
    void aServerEditAfterTheFileWasRenamedLocallyStillComesDownAsADelta() throws Exception {
        int size = (int) TransferOptions.DEFAULT_DELTA_THRESHOLD + (4 << 20);
        byte[] original = random(size, 27);
        h.remote().putFile("/big.bin", original);
        h.write("big.bin", original);
        h.syncOk();

        java.nio.file.Files.move(h.local.resolve("big.bin"), h.local.resolve("renamed.bin"));
        SyncReport moved = h.syncOk();
        assertEquals(0, moved.uploaded(), "a local rename is a move on the server, nothing goes up");

        byte[] edited = original.clone();
        System.arraycopy(random(256 << 10, 28), 0, edited, size / 2, 256 << 10);
        h.remote().putFile("/renamed.bin", edited);
        SyncReport r = h.syncOk();
        assertEquals(1, r.downloaded());
        assertArrayEquals(edited, h.readBytes("renamed.bin"));
        assertTrue(r.bytesReceived() < 4L << 20, "only the changed chunks come down after the rename, got " + r.bytesReceived());
    }
}
