package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.Optional;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The SIMD kernel of this JVM's width against the scalar kernel on the batch edges: fewer chunks or parents than
 * lanes (hashed side by side with unused lanes), inputs that end exactly where the chunks end, in-place parents.
 */
class Blake3VectorKernelTest {
    private final Blake3Kernel scalar = new Blake3ScalarKernel();

    private static Blake3Kernel simd() {
        Optional<Supplier<Blake3Kernel>> vector = Blake3Kernels.vector();
        assumeTrue(vector.isPresent() || Boolean.getBoolean("oxisync.test.expectVector"), "no Vector API module");
        assertTrue(vector.isPresent(), "SIMD BLAKE3 kernel unavailable although the module was added");
        return vector.get().get();
    }

    @Test
    void anyNumberOfChunksHashesLikeTheScalarKernelWithoutReadingPastTheInput() {
        Blake3Kernel simd = simd();
        Random random = new Random(21);
        for (int n = 0; n <= 3 * simd.degree() + 1; n++) {
            for (int off : new int[] {0, 7}) {
                // the array ends where the last chunk ends: a lane reading past it would throw
                byte[] in = new byte[off + n * Blake3.CHUNK_LEN];
                random.nextBytes(in);
                int[] expected = new int[8 * n + 3];
                int[] actual = new int[8 * n + 3];
                long counter = (1L << 32) - 2; // the lanes' counters cross into the high word
                scalar.hashChunks(in, off, n, Blake3.IV, counter, 0, expected, 3);
                simd.hashChunks(in, off, n, Blake3.IV, counter, 0, actual, 3);
                assertArrayEquals(expected, actual, n + " chunks at offset " + off);
            }
        }
    }

    @Test
    void anyNumberOfParentsHashesLikeTheScalarKernelInPlaceAndAtTheEndOfTheArray() {
        Blake3Kernel simd = simd();
        Random random = new Random(22);
        for (int n = 1; n <= 3 * simd.degree() + 1; n++) {
            int[] in = random.ints(16 * n).toArray();
            int[] expected = new int[8 * n];
            scalar.hashParents(in, 0, n, Blake3.IV, Blake3.PARENT, expected, 0);
            int[] inPlace = in.clone();
            simd.hashParents(inPlace, 0, n, Blake3.IV, Blake3.PARENT, inPlace, 0);
            assertArrayEquals(expected, Arrays.copyOf(inPlace, 8 * n), n + " parents in place");
            int[] roomy = Arrays.copyOf(in, 16 * n + 16 * simd.degree());
            int[] out = new int[8 * n];
            simd.hashParents(roomy, 0, n, Blake3.IV, Blake3.PARENT, out, 0);
            assertArrayEquals(expected, out, n + " parents with room after them");
        }
    }

    @Test
    void wholeChunksStillBufferedAtTheDigestHashLikeTheScalarKernel() {
        Random random = new Random(23);
        for (int chunks = 1; chunks <= 32; chunks++) {
            byte[] data = new byte[chunks * Blake3.CHUNK_LEN + random.nextInt(Blake3.CHUNK_LEN)];
            random.nextBytes(data);
            byte[] expected = Blake3.newHasher(Blake3Kernels.scalar()).update(data).digest();
            Blake3 h = Blake3.newHasher(Blake3Kernels.vector().orElseGet(Blake3Kernels::scalar));
            for (int off = 0; off < data.length; off += 500) {
                h.update(data, off, Math.min(500, data.length - off));
            }
            assertArrayEquals(expected, h.digest(), data.length + " bytes in 500-byte pieces");
        }
    }
}
