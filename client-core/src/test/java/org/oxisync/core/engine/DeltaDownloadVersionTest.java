package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.store.versions.VersionInfo;

/**
 * A large file edited on the server comes down as a delta that reuses the local file's chunks, and those chunks go
 * into the chunk store on the way for the replaced content's version (one hash for both): that version must still
 * hold the old content byte for byte, after one remote edit and after a second one.
 */
class DeltaDownloadVersionTest extends HarnessTest {

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    private byte[] restored(VersionInfo v) throws Exception {
        Path target = tmp.resolve("restored-" + v.id());
        h.store.versions().restore(v.id(), target);
        return Files.readAllBytes(target);
    }

    @Test
    void theContentsReplacedByTwoRemoteDeltaEditsAreKeptAsVersionsThatRestoreByteForByte() throws Exception {
        int size = (int) TransferOptions.DEFAULT_DELTA_THRESHOLD + (4 << 20);
        byte[] first = random(size, 11);
        h.write("big.bin", first);
        h.syncOk();
        byte[] second = first.clone();
        System.arraycopy(random(512 << 10, 12), 0, second, size / 3, 512 << 10);
        h.remote().putFile("/big.bin", second);

        SyncReport r = h.syncOk();

        assertEquals(1, r.downloaded());
        assertTrue(r.bytesReused() > size / 2, "a delta download, reused " + r.bytesReused());
        assertArrayEquals(second, h.readBytes("big.bin"));
        List<VersionInfo> versions = h.store.versions().listVersions(h.pair.id(), "big.bin");
        assertEquals(1, versions.size());
        assertArrayEquals(first, restored(versions.get(0)));

        byte[] third = second.clone();
        System.arraycopy(random(512 << 10, 13), 0, third, 2 * size / 3, 512 << 10);
        h.remote().putFile("/big.bin", third);
        h.syncOk();

        assertArrayEquals(third, h.readBytes("big.bin"));
        versions = h.store.versions().listVersions(h.pair.id(), "big.bin");
        assertEquals(2, versions.size());
        assertArrayEquals(second, restored(versions.get(0)), "the newest version: the content the second edit replaced");
        assertArrayEquals(first, restored(versions.get(1)));
    }
}
