package org.oxisync.emulator.hash;

/**
 * Where the emulator's BLAKE3 comes from. By default Bouncy Castle's scalar Java ({@link BouncyCastleBlake3}): it is
 * independent of the client's own implementation, so the server still checks the client, and the test suites use
 * only it. A benchmark may put another implementation on the emulator's class path as a {@link java.util.ServiceLoader}
 * service of this interface, to hash at the speed class of the real server (0.8.7 hashes with the {@code blake3}
 * crate, which uses SIMD; Bouncy Castle here is about a tenth of that speed): see {@code bench/scripts/e2e-lib.sh}
 * ({@code E2E_EMU_HASH}) and emulator/README.md "BLAKE3 speed". What is hashed, and when, does not change.
 */
public interface Blake3Provider {
    /** A short description for the start-up line, e.g. "Bouncy Castle (scalar Java)". */
    String name();

    /** A fresh hasher in the default (unkeyed) mode with 32-byte output. */
    Hasher newHasher();

    /** One hash in progress; not thread-safe. */
    interface Hasher {
        void update(byte[] buf, int off, int len);

        /** The 32-byte hash of everything given so far; the hasher is not used afterwards. */
        byte[] digest();
    }
}
