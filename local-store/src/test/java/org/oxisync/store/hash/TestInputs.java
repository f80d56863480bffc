package org.oxisync.store.hash;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The inputs named by the shared test vectors. */
final class TestInputs {
    /**
     * The splitmix vectors are named {@code len25178457}, but both vector files end at byte 25,178,169 (the
     * sum of their cuts and the size on the "file" line; b3sum of the first 25,178,169 bytes gives the
     * expected whole-file hash). So the vectors were generated from that prefix, and the tests use it.
     */
    static final int SPLITMIX_VECTOR_LEN = 25_178_169;

    private TestInputs() {}

    /** The first {@code len} bytes of the SplitMix64 stream with seed 1, each output little-endian. */
    static byte[] splitmix(int len) {
        byte[] out = new byte[len];
        long x = 1;
        for (int i = 0; i < len; i += 8) {
            x += 0x9E3779B97F4A7C15L;
            long z = x;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            for (int b = 0; b < 8 && i + b < len; b++) {
                out[i + b] = (byte) (z >>> (8 * b));
            }
        }
        return out;
    }

    static byte[] resource(String name) {
        try (InputStream in = TestInputs.class.getResourceAsStream("vectors/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> lines(String name) {
        String text = new String(resource(name), java.nio.charset.StandardCharsets.US_ASCII);
        List<String> lines = new ArrayList<>(List.of(text.split("\n")));
        lines.removeIf(String::isBlank);
        return lines;
    }

    /** The input a vector file is named after: {@code SekienAkashita.jpg}, {@code splitmix-...}, {@code zeros-...}. */
    static byte[] input(String name) {
        if (name.equals("splitmix-seed1-len25178457")) {
            return splitmix(SPLITMIX_VECTOR_LEN);
        }
        if (name.startsWith("zeros-len")) {
            return new byte[Integer.parseInt(name.substring("zeros-len".length()))];
        }
        return resource(name);
    }

    static Path write(Path dir, String name, byte[] data) throws IOException {
        return Files.write(dir.resolve(name), data);
    }

    /** An InputStream that returns at most {@code maxRead} bytes per read, to exercise refills. */
    static InputStream trickle(byte[] data, int maxRead) {
        return new InputStream() {
            private int pos;

            @Override
            public int read() {
                return pos < data.length ? data[pos++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    return 0;
                }
                if (pos >= data.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, maxRead), data.length - pos);
                System.arraycopy(data, pos, b, off, n);
                pos += n;
                return n;
            }
        };
    }
}
