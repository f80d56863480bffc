package org.oxisync.bench.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Test data for the end-to-end scripts ({@code bench/scripts/e2e-*.sh}), deterministic from a seed and fast
 * (one JVM instead of one {@code head /dev/urandom} process per file). Uses the JDK only, so the scripts compile
 * it with a plain {@code javac} and need no Maven build.
 *
 * <pre>
 * TreeGen tree ROOT COUNT MIN_BYTES MAX_BYTES SEED [PER_FOLDER]   COUNT files of random size and content,
 *                                                     PER_FOLDER (default 100) per folder, 100 folders per top
 *                                                     folder: ROOT/t00/d0000/f0000000.bin (a million files in
 *                                                     20,000 folders: PER_FOLDER 50; 50,000 in one: 50000)
 * TreeGen file PATH BYTES SEED                       one file of random content
 * TreeGen overwrite PATH OFFSET BYTES SEED            overwrite BYTES in place (size unchanged)
 * </pre>
 * Content is random (incompressible, no two files alike), so the server can deduplicate nothing.
 */
public final class TreeGen {
    static final int FILES_PER_FOLDER = 100;
    static final int FOLDERS_PER_TOP = 100;

    private TreeGen() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            usage();
        }
        switch (args[0]) {
            case "tree" -> {
                require(args, args.length == 7 ? 7 : 6);
                int perFolder = args.length > 6 ? Integer.parseInt(args[6]) : FILES_PER_FOLDER;
                long n = tree(Path.of(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                        Integer.parseInt(args[4]), Long.parseLong(args[5]), perFolder);
                System.out.println("wrote " + args[2] + " files, " + n + " bytes under " + args[1]);
            }
            case "file" -> {
                require(args, 4);
                file(Path.of(args[1]), Long.parseLong(args[2]), Long.parseLong(args[3]));
            }
            case "overwrite" -> {
                require(args, 5);
                overwrite(Path.of(args[1]), Long.parseLong(args[2]), Integer.parseInt(args[3]),
                        Long.parseLong(args[4]));
            }
            default -> usage();
        }
    }

    /** Writes {@code count} files with sizes uniform in [min, max]; returns the total bytes written. */
    static long tree(Path root, int count, int min, int max, long seed) throws IOException {
        return tree(root, count, min, max, seed, FILES_PER_FOLDER);
    }

    static long tree(Path root, int count, int min, int max, long seed, int perFolder) throws IOException {
        if (count < 0 || min < 0 || max < min || perFolder < 1) {
            throw new IllegalArgumentException("need count >= 0, 0 <= min <= max and perFolder >= 1");
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] buf = new byte[max];
        long total = 0;
        Path folder = null;
        for (int i = 0; i < count; i++) {
            if (i % perFolder == 0) {
                int f = i / perFolder;
                folder = root.resolve(String.format("t%02d/d%04d", f / FOLDERS_PER_TOP, f));
                Files.createDirectories(folder);
            }
            int size = min + rnd.nextInt(max - min + 1);
            fill(rnd, buf, size);
            try (OutputStream out = Files.newOutputStream(folder.resolve(String.format("f%07d.bin", i)))) {
                out.write(buf, 0, size);
            }
            total += size;
        }
        return total;
    }

    static void file(Path path, long bytes, long seed) throws IOException {
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] buf = new byte[1 << 20];
        Path parent = path.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        try (OutputStream out = Files.newOutputStream(path)) {
            for (long left = bytes; left > 0; ) {
                int n = (int) Math.min(buf.length, left);
                fill(rnd, buf, n);
                out.write(buf, 0, n);
                left -= n;
            }
        }
    }

    static void overwrite(Path path, long offset, int bytes, long seed) throws IOException {
        byte[] buf = new byte[bytes];
        fill(new SplittableRandom(seed), buf, bytes);
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            if (offset < 0 || offset + bytes > f.length()) {
                throw new IllegalArgumentException("range " + offset + "+" + bytes + " is outside the file ("
                        + f.length() + " bytes)");
            }
            f.seek(offset);
            f.write(buf);
            f.getFD().sync();
        }
    }

    private static void fill(SplittableRandom rnd, byte[] buf, int n) {
        for (int i = 0; i < n; i += 8) {
            long v = rnd.nextLong();
            for (int k = 0; k < 8 && i + k < n; k++) {
                buf[i + k] = (byte) (v >>> (8 * k));
            }
        }
    }

    private static void require(String[] args, int n) {
        if (args.length != n) {
            usage();
        }
    }

    private static void usage() {
        System.err.println("usage: TreeGen tree ROOT COUNT MIN_BYTES MAX_BYTES SEED [PER_FOLDER] | file PATH BYTES SEED"
                + " | overwrite PATH OFFSET BYTES SEED");
        System.exit(2);
    }
}
