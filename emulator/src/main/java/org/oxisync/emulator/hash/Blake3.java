package org.oxisync.emulator.hash;

import java.util.HexFormat;
import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * The emulator's BLAKE3 (32-byte default-mode hashes). The implementation is chosen once per process
 * ({@link #PROVIDER}): a {@link Blake3Provider} service found on the class path (benchmarks only), else Bouncy Castle
 * ({@link BouncyCastleBlake3}). Not thread-safe; one instance per hash.
 */
public final class Blake3 {
    /** Chosen once at class initialisation and never changed. */
    public static final Blake3Provider PROVIDER = choose(ServiceLoader.load(Blake3Provider.class).iterator());

    private Blake3Provider.Hasher hasher = PROVIDER.newHasher();

    public void update(byte[] buf, int off, int len) {
        hasher.update(buf, off, len);
    }

    public void update(byte[] buf) {
        hasher.update(buf, 0, buf.length);
    }

    /** The 32-byte hash as lower-case hex; the instance is reset afterwards. */
    public String hex() {
        byte[] out = hasher.digest();
        hasher = PROVIDER.newHasher();
        return HexFormat.of().formatHex(out);
    }

    public static String hex(byte[] buf, int off, int len) {
        Blake3Provider.Hasher h = PROVIDER.newHasher();
        h.update(buf, off, len);
        return HexFormat.of().formatHex(h.digest());
    }

    /** The first service found, else Bouncy Castle. */
    static Blake3Provider choose(Iterator<Blake3Provider> found) {
        return found.hasNext() ? found.next() : new BouncyCastleBlake3();
    }
}
