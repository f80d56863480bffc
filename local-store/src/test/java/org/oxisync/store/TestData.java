package org.oxisync.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.codec.binary.Hex;
import org.apache.commons.codec.digest.Blake3;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;

/** Test data with an independent BLAKE3 (commons-codec), and digests with fixed-size chunks. */
public final class TestData {
    private TestData() {
    }

    public static String blake3(byte[] data) {
        return blake3(data, 0, data.length);
    }

    public static String blake3(byte[] data, int off, int len) {
        byte[] copy = java.util.Arrays.copyOfRange(data, off, off + len);
        return Hex.encodeHexString(Blake3.initHash().update(copy).doFinalize(32));
    }

    public static byte[] random(long seed, int size) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** A digest of {@code data} cut into pieces of {@code chunkSize} (the last may be shorter). */
    public static FileDigest digest(byte[] data, int chunkSize) {
        List<ChunkRef> refs = new ArrayList<>();
        for (int off = 0; off < data.length; off += chunkSize) {
            int len = Math.min(chunkSize, data.length - off);
            refs.add(new ChunkRef(off, len, blake3(data, off, len)));
        }
        return new FileDigest(refs, blake3(data), data.length);
    }
}
