package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FastCdcTest {

    static Stream<String> cutVectors() {
        return Stream.of(
                "SekienAkashita.jpg.4096-16384-65535.cuts",
                "SekienAkashita.jpg.8192-32768-131072.cuts",
                "SekienAkashita.jpg.16384-65536-262144.cuts",
                "splitmix-seed1-len25178457.4096-16384-65535.cuts");
    }

    private static FastCdc.Params paramsOf(String vectorName) {
        String[] p = vectorName.replace(".cuts", "").substring(vectorName.lastIndexOf('.', vectorName.length() - 6) + 1)
                .split("-");
        return new FastCdc.Params(Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2]));
    }

    private static String inputOf(String vectorName) {
        String withoutCuts = vectorName.substring(0, vectorName.length() - ".cuts".length());
        return withoutCuts.substring(0, withoutCuts.lastIndexOf('.'));
    }

    private static List<String> asLines(int[] lengths) {
        List<String> lines = new ArrayList<>();
        long off = 0;
        for (int len : lengths) {
            lines.add(off + " " + len);
            off += len;
        }
        return lines;
    }

    @ParameterizedTest
    @MethodSource("cutVectors")
    void onePassCutsEqualTheRustCrate(String vector) {
        byte[] data = TestInputs.input(inputOf(vector));
        FastCdc cdc = new FastCdc(paramsOf(vector));
        assertEquals(TestInputs.lines(vector), asLines(cdc.chunkLengths(data)));
    }

    @ParameterizedTest
    @MethodSource("cutVectors")
    void streamingCutsWithSmallReadsEqualTheRustCrate(String vector) throws IOException {
        byte[] data = TestInputs.input(inputOf(vector));
        List<String> lines = new ArrayList<>();
        long total = new FastCdcStream(paramsOf(vector))
                .forEachChunk(TestInputs.trickle(data, 10_007), (offset, buf, off, len) -> lines.add(offset + " " + len));
        assertEquals(TestInputs.lines(vector), lines);
        assertEquals(data.length, total);
    }

    @Test
    void splitmixGeneratorReproducesTheDocumentedFirstBytes() {
        assertEquals("c15c0289ec2d0a9167ec8e65a18debbe", Hex.encode(TestInputs.splitmix(16)));
    }

    @Test
    void serverParametersUseTheMasksOfTheProtocolReference() {
        FastCdc cdc = new FastCdc(FastCdc.Params.SERVER);
        assertEquals(0x0000d91707537000L, cdc.maskS());
        assertEquals(0x0000d90703537000L, cdc.maskL());
        assertEquals(0x3b5d3c7d207e37dcL, FastCdc.GEAR[0]);
        assertEquals(0x76ba78fa40fc6fb8L, FastCdc.GEAR_LS[0]);
        assertEquals(0xaabd2b2a451504e1L, FastCdc.GEAR[255]);
    }

    @Test
    void zerosAreCutAtMaxAndTheRestIsOneShortChunk() {
        FastCdc cdc = new FastCdc(new FastCdc.Params(1024, 4096, 16384));
        int[] lengths = cdc.chunkLengths(new byte[16384 * 3 + 5]);
        assertEquals(List.of("0 16384", "16384 16384", "32768 16384", "49152 5"), asLines(lengths));
        assertEquals(0, cdc.chunkLengths(new byte[0]).length);
    }

    @Test
    void rejectsParametersOutsideTheCrateRanges() {
        assertThrows(IllegalArgumentException.class, () -> new FastCdc.Params(63, 256, 1024));
        assertThrows(IllegalArgumentException.class, () -> new FastCdc.Params(64, 255, 1024));
        assertThrows(IllegalArgumentException.class, () -> new FastCdc.Params(64, 256, 16_777_217));
        assertThrows(IllegalArgumentException.class, () -> new FastCdc.Params(8192, 4096, 65536));
    }
}
