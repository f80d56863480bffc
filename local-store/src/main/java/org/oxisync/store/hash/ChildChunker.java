package org.oxisync.store.hash;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Chunks and hashes one large file in a child JVM that has the full tiered JIT, for a process that runs on C1
 * only.
 *
 * <p>Why: the launcher runs short commands ({@code sync-once}, {@code inspect}, ...) with
 * {@code -XX:TieredStopAtLevel=1}: a no-change sync of 100,000 files costs about 1 s less CPU that way
 * (bench/README.md). Without C2 the Vector API kernel cannot be compiled and hashing runs at the scalar kernel's
 * C1 speed, about a third of the SIMD pipeline's. The run knows only when it meets a file how much it must hash;
 * so a file of at least {@link #MIN_SIZE} is handed to a child JVM started with the full JIT and the SIMD kernel
 * (its start and warm-up, about 1-2 s of CPU, are paid only then), while everything else stays on C1. The
 * launcher turns this on with {@code -Doxisync.hash.largeFiles=child} next to its C1 options.
 *
 * <p>Protocol: the child ({@link #main}: file, min, avg, max) writes one {@code offset length hash} line per
 * chunk, in file order, then {@code = fileHash size chunkCount}. The parent passes chunks to the sink as they come.
 * If the child fails before any chunk, the caller hashes in-process; after some, the run gets an IOException
 * (the sink has seen part of the file), like any read error.
 */
final class ChildChunker {
    /**
     * Files from this size go to the child. Measured side by side with {@code oxisync inspect chunks}, child against
     * in-process, 5 alternated runs each on a quiet machine (2026-12-07, after the child's C2 warm-up was cut to
     * 140-260 ms; bench/README.md "Twentieth session"): median wall 256 MiB 1.47 s against 1.24 s (the child 1.19x
     * slower), 384 MiB 0.94x, 512 MiB 0.75x (1.53 s against 2.05 s). The crossover is about 320-384 MiB. (It was
     * 768 MiB from 2026-12-02, when the child's start and warm-up cost about 3 s of CPU; 128 MiB before that, after
     * the warm SIMD rate alone, which made every edit of a 256 MiB file pay the child.) {@link ChildHasher}, which
     * has no FastCDC to speed up, keeps 768 MiB: there the child was still 1.30x slower at 384 MiB and even at 512.
     */
    static final long MIN_SIZE = 384L << 20;
    private static final long TIMEOUT_HOURS = 24;

    private ChildChunker() {}

    /** Whether this process hands a file of {@code size} bytes to a child JVM. */
    static boolean wanted(long size) {
        return size >= MIN_SIZE && ChildJvm.asked();
    }

    /**
     * Chunks {@code file} in a child JVM, passing chunks to {@code sink}; empty if the child could not start or
     * ended before reporting a chunk (hash in-process then).
     */
    static Optional<FileSummary> run(Path file, FastCdc.Params params, ChunkSink sink) throws IOException {
        Optional<Process> started = ChildJvm.start(ChildChunker.class, List.of(file.toAbsolutePath().toString(),
                Integer.toString(params.min()), Integer.toString(params.avg()), Integer.toString(params.max())));
        if (started.isEmpty()) {
            return Optional.empty();
        }
        Process p = started.get();
        long chunks = 0;
        try {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
                String line;
                while ((line = in.readLine()) != null) {
                    String[] f = line.split(" ");
                    if (f.length == 4 && f[0].equals("=") && Long.parseLong(f[3]) == chunks) {
                        if (!p.waitFor(TIMEOUT_HOURS, TimeUnit.HOURS) || p.exitValue() != 0) {
                            break;
                        }
                        return Optional.of(new FileSummary(f[1], Long.parseLong(f[2]), chunks));
                    }
                    if (f.length != 3) {
                        break;
                    }
                    sink.accept(new ChunkRef(Long.parseLong(f[0]), Integer.parseInt(f[1]), f[2]));
                    chunks++;
                }
            }
        } catch (NumberFormatException e) {
            // malformed output: handled below like a failed child
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the hashing process ran", e);
        } finally {
            p.destroy();
        }
        if (chunks == 0) {
            return Optional.empty();
        }
        throw new IOException("the hashing process for " + file + " failed after " + chunks + " chunks");
    }

    /** The child: {@code file min avg max}; exit 0 after the summary line, 1 on any error. */
    public static void main(String[] args) {
        try (PrintWriter out = new PrintWriter(new BufferedWriter(
                new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), 1 << 16))) {
            Path file = Path.of(args[0]);
            FastCdc.Params params = new FastCdc.Params(Integer.parseInt(args[1]), Integer.parseInt(args[2]),
                    Integer.parseInt(args[3]));
            if (!Files.isRegularFile(file)) {
                System.exit(1);
            }
            FileSummary s = new FileChunker(params).streamInProcess(file, c -> out.println(c.toLine()));
            out.println("= " + s.fileHash() + " " + s.size() + " " + s.chunkCount());
            out.flush();
            if (out.checkError()) {
                System.exit(1);
            }
        } catch (IOException | RuntimeException e) {
            System.exit(1);
        }
    }
}
