package org.oxisync.emulator.hash;

import java.util.HexFormat;
import org.bouncycastle.crypto.digests.Blake3Digest;

/**
 * The emulator's BLAKE3 (32-byte default-mode hashes), on Bouncy Castle's {@code Blake3Digest}: about twice as fast
 * as commons-codec's {@code Blake3} here (both are scalar Java), and independent of the client's own implementation,
 * so the server still checks the client. Checked against the official vectors ({@code Blake3VectorsTest}).
 * Not thread-safe; one instance per hash.
 */
public final class Blake3 {
    private final Blake3Digest digest = new Blake3Digest(256);

    public void update(byte[] buf, int off, int len) {
        digest.update(buf, off, len);
    }

    public void update(byte[] buf) {
        digest.update(buf, 0, buf.length);
    }

    /** The 32-byte hash as lower-case hex; the instance is reset afterwards. */
    public String hex() {
        byte[] out = new byte[32];
        digest.doFinal(out, 0);
        return HexFormat.of().formatHex(out);
    }

    public static String hex(byte[] buf, int off, int len) {
        Blake3 b = new Blake3();
        b.update(buf, off, len);
        return b.hex();
    }
}
