package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class Blake3Test {

    static List<Named<Supplier<Blake3Kernel>>> kernels() {
        return Blake3Paths.all();
    }

    static Stream<Arguments> officialVectors() throws IOException {
        JsonNode root;
        try (InputStream in = Blake3Test.class.getResourceAsStream("vectors/test_vectors.json")) {
            root = new ObjectMapper().readTree(in);
        }
        byte[] key = root.get("key").asText().getBytes(StandardCharsets.US_ASCII);
        String context = root.get("context_string").asText();
        List<Arguments> args = new ArrayList<>();
        for (Named<Supplier<Blake3Kernel>> kernel : Blake3Paths.all()) {
            for (JsonNode c : root.get("cases")) {
                int len = c.get("input_len").asInt();
                args.add(Arguments.of(kernel, len, key, context,
                        c.get("hash").asText(), c.get("keyed_hash").asText(), c.get("derive_key").asText()));
            }
        }
        return args.stream();
    }

    static byte[] vectorInput(int len) {
        byte[] in = new byte[len];
        for (int i = 0; i < len; i++) {
            in[i] = (byte) (i % 251);
        }
        return in;
    }

    private static String xof(Blake3 h, int len) {
        byte[] out = new byte[len];
        h.digest(out, 0, len);
        return Hex.encode(out);
    }

    @ParameterizedTest(name = "{0} len={1}")
    @MethodSource("officialVectors")
    void officialVectorsMatchInAllThreeModesWithExtendedOutput(Supplier<Blake3Kernel> kernel, int len, byte[] key,
            String context, String hash, String keyedHash, String deriveKey) {
        byte[] input = vectorInput(len);
        int outLen = hash.length() / 2;
        assertEquals(hash, xof(Blake3.newHasher(kernel).update(input), outLen));
        assertEquals(keyedHash, xof(Blake3.newKeyedHasher(key, kernel).update(input), outLen));
        assertEquals(deriveKey, xof(Blake3.newKeyDerivationHasher(context, kernel).update(input), outLen));
        assertEquals(hash.substring(0, 64), Blake3.newHasher(kernel).update(input).hexDigest());
    }

    @Test
    void knownStringsHashAsTheServerExpects() {
        assertEquals("af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262", Blake3.hashHex(new byte[0]));
        assertEquals("288a86a79f20a3d6dccdca7713beaed178798296bdfa7913fa2a62d9727bf8f8",
                Blake3.hashHex("Hello, World!".getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @MethodSource("kernels")
    void anySplitOfTheInputGivesTheOneShotHash(Supplier<Blake3Kernel> kernel) {
        Random random = new Random(42);
        for (int len : new int[] {1, 1023, 1024, 1025, 32 * 1024, 32 * 1024 + 1, 100_000, 777_777}) {
            byte[] data = new byte[len];
            random.nextBytes(data);
            byte[] expected = Blake3.newHasher(kernel).update(data).digest();
            for (int piece : new int[] {1, 63, 1000, 1024, 4096, 33 * 1024 + 5, 300_000}) {
                if (piece == 1 && len > 40_000) {
                    continue;
                }
                Blake3 h = Blake3.newHasher(kernel);
                for (int off = 0; off < len; off += piece) {
                    h.update(data, off, Math.min(piece, len - off));
                }
                assertArrayEquals(expected, h.digest(), "len " + len + " piece " + piece);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("kernels")
    void matchesCommonsCodecOnRandomInputsOfManySizes(Supplier<Blake3Kernel> kernel) {
        Random random = new Random(7);
        int[] sizes = {0, 64, 65, 1024 * 8, 1024 * 9 + 1, 1024 * 64, 1024 * 65 - 1, 1 << 20, (1 << 20) + 12345};
        for (int len : sizes) {
            byte[] data = new byte[len];
            random.nextBytes(data);
            byte[] expected = org.apache.commons.codec.digest.Blake3.hash(data);
            assertArrayEquals(expected, Blake3.newHasher(kernel).update(data).digest(), "len " + len);
        }
    }

    @Test
    void multithreadedHashingOfLargeInputsGivesTheSameHash() {
        Random random = new Random(3);
        for (int len : new int[] {(1 << 20) + 1, 5 * (1 << 20) + 777, 8 << 20}) {
            byte[] data = new byte[len];
            random.nextBytes(data);
            byte[] expected = Blake3.newHasher(Blake3Kernels.scalar()).update(data).digest();
            assertArrayEquals(expected, Blake3.newHasher().multithreaded().update(data).digest());
            assertArrayEquals(expected, Blake3.hash(data));
        }
    }

    @Test
    void largeUpdatesAfterAKeptChunkGiveTheOneShotHash() {
        // each update keeps its last chunk back; the next tops it up, then hashes the rest straight from the array
        Random random = new Random(11);
        byte[] data = new byte[(12 << 20) + 4321];
        random.nextBytes(data);
        byte[] expected = Blake3.newHasher(Blake3Kernels.scalar()).update(data).digest();
        for (int piece : new int[] {4 << 20, (1 << 20) + 1, 40_000, 32 * 1024 + 1024}) {
            for (boolean threads : new boolean[] {false, true}) {
                Blake3 h = Blake3.newHasher();
                if (threads) {
                    h.multithreaded();
                }
                for (int off = 0; off < data.length; off += piece) {
                    h.update(data, off, Math.min(piece, data.length - off));
                }
                assertArrayEquals(expected, h.digest(), "piece " + piece + ", threads " + threads);
            }
        }
    }

    @Test
    void byteBufferUpdatesHeapOrDirectEqualArrayUpdates() {
        byte[] data = vectorInput(200_000);
        byte[] expected = Blake3.hash(data);
        ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data).flip();
        assertArrayEquals(expected, Blake3.newHasher().update(direct).digest());
        assertEquals(0, direct.remaining());
        ByteBuffer heap = ByteBuffer.wrap(data, 10, data.length - 10).slice();
        Blake3 h = Blake3.newHasher().update(ByteBuffer.wrap(data, 0, 10));
        assertArrayEquals(expected, h.update(heap).digest());
    }

    @Test
    void digestDoesNotChangeTheStateSoMoreInputMayFollow() {
        byte[] data = vectorInput(70_000);
        Blake3 h = Blake3.newHasher().update(data, 0, 40_000);
        byte[] first = h.digest();
        assertArrayEquals(first, h.digest());
        h.update(data, 40_000, 30_000);
        assertArrayEquals(Blake3.hash(data), h.digest());
    }

    @Test
    void rejectsKeysThatAreNot32Bytes() {
        assertThrows(IllegalArgumentException.class, () -> Blake3.newKeyedHasher(new byte[31]));
    }

    @Test
    void hexRoundTripsAndIsLowercase() {
        byte[] bytes = {0, 1, (byte) 0xAB, (byte) 0xFF};
        assertEquals("0001abff", Hex.encode(bytes));
        assertArrayEquals(bytes, Hex.decode("0001ABff"));
        assertThrows(IllegalArgumentException.class, () -> Hex.decode("abc"));
        assertThrows(IllegalArgumentException.class, () -> Hex.decode("zz"));
    }
}
