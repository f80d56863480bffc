package org.oxisync.bench.emuhash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.hash.Blake3Provider;
import org.oxisync.emulator.hash.BouncyCastleBlake3;

/** The benchmark's server-class BLAKE3 for the emulator gives the same hashes as the emulator's own. */
class ClientKernelBlake3Test {
    @Test
    void hashesEqualBouncyCastlesForSizesAroundChunkAndFrameBoundariesFedInPieces() {
        Random random = new Random(19);
        int[] sizes = {0, 1, 1023, 1024, 1025, 2048, 65_536, 131_072 + 7, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 513};
        for (int size : sizes) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            Blake3Provider.Hasher ours = new ClientKernelBlake3().newHasher();
            Blake3Provider.Hasher theirs = new BouncyCastleBlake3().newHasher();
            int pos = 0;
            while (pos < size) {
                int n = Math.min(size - pos, 1 + random.nextInt(300_000));
                ours.update(data, pos, n);
                theirs.update(data, pos, n);
                pos += n;
            }
            assertArrayEquals(theirs.digest(), ours.digest(), "size " + size);
        }
    }
}
