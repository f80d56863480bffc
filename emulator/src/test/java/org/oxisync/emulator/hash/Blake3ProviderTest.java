package org.oxisync.emulator.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the emulator's BLAKE3 is chosen: Bouncy Castle unless a benchmark puts a provider on the class path. */
class Blake3ProviderTest {
    @Test
    void withoutAProviderOnTheClassPathTheEmulatorHashesWithBouncyCastle() {
        assertEquals(BouncyCastleBlake3.class, Blake3.choose(Collections.emptyIterator()).getClass());
        // the test class path has no provider: the suites check the client against the independent implementation
        assertEquals(BouncyCastleBlake3.class, Blake3.PROVIDER.getClass());
    }

    @Test
    void aProviderFoundOnTheClassPathIsUsed() {
        Blake3Provider other = new Blake3Provider() {
            @Override
            public String name() {
                return "other";
            }

            @Override
            public Hasher newHasher() {
                throw new UnsupportedOperationException();
            }
        };
        assertSame(other, Blake3.choose(List.of(other).iterator()));
    }
}
