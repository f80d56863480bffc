package org.oxisync.store.hash;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The whole-file BLAKE3 of one large file, computed in a child JVM with the full JIT and the SIMD kernel, for a
 * process that runs on C1 only ({@code oxisync inspect hash} through the launcher). The same trade as
 * {@link ChildChunker}'s: the C1 scalar kernel in-process (two threads) needs about 1.7 s of wall time per GiB and
 * nothing to start; the child about 0.9 s to start its JVM and compile the SIMD kernel, then about 0.4 s per GiB.
 *
 * <p>Protocol: the child ({@link #main}: file) writes one line {@code = hash size} and exits 0; anything else is a
 * failed child, and the caller hashes in-process (nothing has been reported before that line, so nothing is lost).
 */
final class ChildHasher {
    /**
     * Files from this size go to the child. Measured with {@code oxisync inspect hash} through the launcher
     * (2026-12-06, bench/README.md "Hashing in every command"), in-process against the child, wall time: 256 MiB
     * 0.65-0.70 s against 1.10-1.27 s, 512 MiB 1.03-1.06 against 1.15-1.32, 1 GiB 1.75-1.87 against 1.51-1.52,
     * 2 GiB 3.11-3.37 against 1.92-2.02. The crossover is about 700 MiB. Again on 2026-12-07 (quiet, after the
     * child's warm-up was cut), median of 5 alternated: 384 MiB 1.12 s against 0.90 s, 512 MiB 1.19 s against
     * 1.16 s; so 768 MiB stays (the chunker's crossover fell to about 384 MiB: FastCDC gains more from C2).
     */
    static final long MIN_SIZE = 768L << 20;
    private static final long TIMEOUT_HOURS = 24;

    private ChildHasher() {}

    /** Whether this process hands the hash of a {@code size}-byte file to a child JVM. */
    static boolean wanted(long size) {
        return size >= MIN_SIZE && ChildJvm.asked();
    }

    /** The file's BLAKE3 (hex) and size from a child JVM, or empty if it could not start or did not report. */
    static Optional<FileHasher.Result> run(Path file) throws IOException {
        Optional<Process> started = ChildJvm.start(ChildHasher.class, List.of(file.toAbsolutePath().toString()));
        if (started.isEmpty()) {
            return Optional.empty();
        }
        Process p = started.get();
        try {
            String line;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
                line = in.readLine();
            }
            if (line == null || !p.waitFor(TIMEOUT_HOURS, TimeUnit.HOURS) || p.exitValue() != 0) {
                return Optional.empty();
            }
            String[] f = line.split(" ");
            if (f.length != 3 || !f[0].equals("=") || !f[1].matches("[0-9a-f]{64}")) {
                return Optional.empty();
            }
            return Optional.of(new FileHasher.Result(f[1], Long.parseLong(f[2])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the hashing process ran", e);
        } finally {
            p.destroy();
        }
    }

    /** The child: {@code file}; exit 0 after the {@code = hash size} line, 1 on any error. */
    public static void main(String[] args) {
        try {
            FileHasher.Result r = FileHasher.hashInProcess(Path.of(args[0]));
            PrintStream out = new PrintStream(System.out, false, StandardCharsets.US_ASCII);
            out.println("= " + r.hash() + " " + r.size());
            out.flush();
            System.exit(out.checkError() ? 1 : 0);
        } catch (IOException | RuntimeException e) {
            System.exit(1);
        }
    }
}
