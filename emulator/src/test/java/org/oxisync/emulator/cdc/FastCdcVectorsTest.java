package org.oxisync.emulator.cdc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.oxisync.emulator.api.Content;

/** Checks the emulator's FastCDC 2020 against every vector produced by the Rust crate fastcdc 4.0.1. */
class FastCdcVectorsTest {
    static final String SPLITMIX = "splitmix-seed1-len25178457";
    static final String ZEROS = "zeros-len5242880";

    /**
     * The vectors' own size of the SplitMix input. Note: the shared README and the file name say
     * 25,178,457 bytes, but the cut and hash vectors describe a stream of 25,178,169 bytes (every cut
     * but the last agrees either way; the final chunk and the whole-file hash only match at this size).
     */
    static final int SPLITMIX_LEN = 25_178_169;

    static byte[] input(String name) throws IOException {
        if (name.equals(SPLITMIX)) {
            return splitmix(1, SPLITMIX_LEN);
        }
        if (name.equals(ZEROS)) {
            return new byte[5_242_880];
        }
        try (InputStream in = FastCdcVectorsTest.class.getResourceAsStream("/fastcdc/" + name)) {
            return in.readAllBytes();
        }
    }

    /** The SplitMix64 stream, each output little-endian, truncated to len bytes (vectors README). */
    static byte[] splitmix(long seed, int len) {
        byte[] out = new byte[len];
        long x = seed;
        for (int i = 0; i < len; i += 8) {
            x += 0x9E3779B97F4A7C15L;
            long z = x;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            for (int k = 0; k < 8 && i + k < len; k++) {
                out[i + k] = (byte) (z >>> (8 * k));
            }
        }
        return out;
    }

    static String resource(String name) throws IOException {
        try (InputStream in = FastCdcVectorsTest.class.getResourceAsStream("/fastcdc/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Stream<Arguments> cutFiles() {
        return Stream.of(
                Arguments.of("SekienAkashita.jpg", 16384, 65536, 262144),
                Arguments.of("SekienAkashita.jpg", 4096, 16384, 65535),
                Arguments.of("SekienAkashita.jpg", 8192, 32768, 131072),
                Arguments.of(SPLITMIX, 4096, 16384, 65535));
    }

    @ParameterizedTest(name = "{0} {1}-{2}-{3}")
    @MethodSource("cutFiles")
    void cutPointsEqualTheRustCrate(String name, int min, int avg, int max) throws IOException {
        String expected = resource(name + "." + min + "-" + avg + "-" + max + ".cuts").strip();
        List<String> actual = new ArrayList<>();
        new FastCdc(min, avg, max).chunk(new ByteArrayInputStream(input(name)),
                (offset, buf, off, len) -> actual.add(offset + " " + len));
        assertEquals(expected, String.join("\n", actual));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("serverFiles")
    void serverParametersGiveTheExpectedChunksAndHashes(String name) throws IOException {
        String expected = resource("oxicloud-params/" + name + ".expected").strip();
        byte[] data = input(name);
        List<String> actual = new ArrayList<>();
        FastCdc.server().chunk(new ByteArrayInputStream(data),
                (offset, buf, off, len) -> actual.add(offset + " " + len + " " + Content.blake3Hex(buf, off, len)));
        actual.add("file " + Content.blake3Hex(data, 0, data.length) + " " + data.length);
        assertEquals(expected, String.join("\n", actual));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("serverFiles")
    void chunkingBytesInMemoryGivesTheRustCratesChunksAndHashes(String name) throws IOException {
        String expected = resource("oxicloud-params/" + name + ".expected").strip();
        byte[] data = input(name);
        byte[] padded = new byte[data.length + 10];
        System.arraycopy(data, 0, padded, 3, data.length);
        List<String> actual = new ArrayList<>();
        FastCdc.server().chunk(padded, 3, data.length,
                (offset, buf, off, len) -> actual.add(offset + " " + len + " " + Content.blake3Hex(buf, off, len)));
        actual.add("file " + Content.blake3Hex(data, 0, data.length) + " " + data.length);
        assertEquals(expected, String.join("\n", actual));
    }

    static Stream<String> serverFiles() {
        return Stream.of("SekienAkashita.jpg", SPLITMIX, ZEROS);
    }

    @Test
    void splitmixStartsWithTheDocumentedBytes() {
        byte[] b = splitmix(1, 16);
        assertEquals("c15c0289ec2d0a9167ec8e65a18debbe", java.util.HexFormat.of().formatHex(b));
    }

    @Test
    void gearTablesMatchTheCrateCheckValues() {
        assertEquals(0x3b5d3c7d207e37dcL, Gear.gear()[0]);
        assertEquals(0x76ba78fa40fc6fb8L, Gear.gearLs()[0]);
        assertEquals(0x557a56548a2a09c2L, Gear.gearLs()[255]);
    }

    @Test
    void blake3MatchesTheReferenceVectors() {
        assertEquals("af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262", Content.blake3Hex(new byte[0], 0, 0));
        byte[] hw = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
        assertEquals("288a86a79f20a3d6dccdca7713beaed178798296bdfa7913fa2a62d9727bf8f8", Content.blake3Hex(hw, 0, hw.length));
    }

    @Test
    void streamingInSmallReadsGivesTheSameCutsAsOnePass() throws IOException {
        byte[] data = splitmix(7, 3_000_000);
        List<String> whole = new ArrayList<>();
        FastCdc.server().chunk(new ByteArrayInputStream(data), (o, b, off, len) -> whole.add(o + ":" + len));
        List<String> trickled = new ArrayList<>();
        InputStream slow = new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 777));
            }
        };
        FastCdc.server().chunk(slow, (o, b, off, len) -> trickled.add(o + ":" + len));
        assertEquals(whole, trickled);
    }
}
