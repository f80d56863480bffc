package org.oxisync.emulator.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The emulator's BLAKE3 against the official vectors ({@code shared/vectors/blake3/test_vectors.json}, copied into
 * the test resources): the first 32 bytes of each case's {@code hash} output.
 */
class Blake3VectorsTest {
    static JsonNode cases() throws Exception {
        try (InputStream in = Blake3VectorsTest.class.getResourceAsStream("/blake3/test_vectors.json")) {
            return new ObjectMapper().readTree(in).get("cases");
        }
    }

    static byte[] input(int len) {
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
            b[i] = (byte) (i % 251);
        }
        return b;
    }

    @Test
    void everyOfficialVectorHashesToItsExpectedValueInOneUpdate() throws Exception {
        JsonNode cases = cases();
        assertTrue(cases.size() >= 35);
        for (JsonNode c : cases) {
            int len = c.get("input_len").asInt();
            String expected = c.get("hash").asText().substring(0, 64);
            assertEquals(expected, Blake3.hex(input(len), 0, len), "input_len " + len);
        }
    }

    @Test
    void everyOfficialVectorHashesToItsExpectedValueFedInUnevenPieces() throws Exception {
        Random random = new Random(7);
        for (JsonNode c : cases()) {
            int len = c.get("input_len").asInt();
            byte[] data = input(len);
            Blake3 h = new Blake3();
            int pos = 0;
            while (pos < len) {
                int n = Math.min(len - pos, 1 + random.nextInt(1500));
                h.update(data, pos, n);
                pos += n;
            }
            assertEquals(c.get("hash").asText().substring(0, 64), h.hex(), "input_len " + len);
        }
    }

    @Test
    void anOffsetIntoALargerArrayHashesOnlyThatRange() throws Exception {
        JsonNode c = cases().get(20); // 2049 bytes
        int len = c.get("input_len").asInt();
        byte[] padded = new byte[len + 10];
        System.arraycopy(input(len), 0, padded, 5, len);
        assertEquals(c.get("hash").asText().substring(0, 64), Blake3.hex(padded, 5, len));
    }

    @Test
    void anInstanceIsResetAfterProducingAHash() {
        Blake3 h = new Blake3();
        h.update(new byte[] {1, 2, 3});
        h.hex();
        assertEquals("af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262", h.hex());
    }
}
