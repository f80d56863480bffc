package org.oxisync.bench.emuhash;

import org.oxisync.emulator.hash.Blake3Provider;
import org.oxisync.store.hash.Blake3;

/**
 * Benchmarks only: gives the emulator the client's BLAKE3 (the SIMD kernel when the emulator runs with
 * {@code --add-modules jdk.incubator.vector}), so that the emulator hashes at the speed class of the real server,
 * whose {@code blake3} crate uses SIMD, instead of Bouncy Castle's scalar Java at about a tenth of it. One thread per
 * hash, as the server's {@code blake3::Hasher::update}. Registered only by {@code bench/scripts/e2e-lib.sh}
 * ({@code E2E_EMU_HASH=client}), never in a test: there the emulator must check the client with an implementation
 * of its own.
 */
public final class ClientKernelBlake3 implements Blake3Provider {
    @Override
    public String name() {
        return "the client's kernel (" + Blake3.implementation() + "; benchmarks only)";
    }

    @Override
    public Hasher newHasher() {
        Blake3 b = Blake3.newHasher();
        return new Hasher() {
            @Override
            public void update(byte[] buf, int off, int len) {
                b.update(buf, off, len);
            }

            @Override
            public byte[] digest() {
                return b.digest();
            }
        };
    }
}
