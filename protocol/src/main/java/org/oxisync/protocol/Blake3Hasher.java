package org.oxisync.protocol;

import java.util.HexFormat;
import org.apache.commons.codec.digest.Blake3;

/** BLAKE3-256 (lowercase hex) through commons-codec. */
public final class Blake3Hasher implements ChunkHasher {
    @Override
    public String hash(byte[] data, int offset, int length) {
        byte[] out = new byte[32];
        Blake3.initHash().update(data, offset, length).doFinalize(out);
        return HexFormat.of().formatHex(out);
    }
}
