package org.oxisync.store.hash;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Measures how fast each SIMD lane width hashes on this CPU, each width in a JVM of its own.
 *
 * <p>Why separate JVMs: the Vector API's library methods share their JIT profiles between all the kernels of a
 * process; once a 512-bit kernel has run, the 256-bit one never got compiled to vector code in the same JVM
 * (measured: its warm-up gave up after 30 s; warmed alone it was ready in 5 s). So the process that hashes uses
 * one width only, and the widths are measured by short child processes ({@code main} below: warm one width up,
 * time 64 chunks 10,000 times, the data out of the core's caches), one after the other, started in the background
 * by the first processes that warm SIMD up without a choice for this CPU ({@link Blake3Kernels}); until then the
 * default width is used.
 *
 * <p>Each child writes its own figure into {@link Blake3LaneMemory} before it exits, so a measurement is kept
 * even when the process that started it (a short command) has ended meanwhile: the child runs on for at most
 * the warm-up's give-up time, and the next process measures only the widths still missing. Turned off by
 * {@code -Doxisync.blake3.laneProbe=off} (the build's tests, which must not leave JVMs running behind them).
 */
public final class Blake3LaneProbe {
    static final String PROPERTY = "oxisync.blake3.laneProbe";
    private static final long CHILD_TIMEOUT_SECONDS = 90;
    private static final int CHUNKS = 64;
    /**
     * Timings of {@link #CHUNKS} chunks per child, the best one kept. Warm-up only shows that a width beats
     * scalar; C2 is not done with it then. Measured on a 2-core AMD EPYC (JDK 17, the kernel of revision 2): the
     * 8-lane kernel took 34 us for 64 chunks over its first 1,000 timings, 20 us from about the 2,000th on in the
     * cache and 25 us from about the 10,000th on with the data out of it. 200 timings, as before, chose 16 lanes
     * by chance; 3,000 timings of cached data chose 8 lanes, which hash a 2 GiB file slower (next constant).
     */
    private static final int TIMINGS = 10_000;
    /**
     * The timings walk through this many bytes, 64 chunks further each time, so that the data comes from the
     * last-level cache, as the bytes of a file just read do, not from the core's own caches. With 64 chunks
     * hashed again and again (all in L2) 8 lanes measured 2 % faster than 16; out of L2 16 lanes were 15 %
     * faster (21.1 against 25.4 us), and the child that hashes a 2 GiB file took 1.51-1.74 s with 16 lanes
     * against 1.71-2.06 s with 8 (bench/README.md "The kernel in the nineteenth session").
     */
    private static final int SPAN_BYTES = 16 << 20;
    private static final String COLD = "cold";

    private Blake3LaneProbe() {}

    /** Whether this process may start measuring children. */
    static boolean enabled() {
        return !"off".equalsIgnoreCase(System.getProperty(PROPERTY));
    }

    /**
     * Child process: {@code args[0]} = lanes. Prints "lanes nanos" (best time of 64 chunks), or "lanes cold" when
     * the width did not get faster than scalar within the warm-up's time (no usable figure), or nothing when the
     * width is not available; records the same in the lane memory given by {@code oxisync.blake3.laneCache}.
     */
    public static void main(String[] args) {
        int lanes = Integer.parseInt(args[0]);
        OptionalLong result;
        List<Supplier<Blake3Kernel>> one = Blake3VectorKernels.candidates(Optional.of(lanes));
        if (one.isEmpty() || one.get(0).get().degree() != lanes) {
            return;
        }
        Blake3Kernel kernel = one.get(0).get();
        Blake3Warmup warmup = new Blake3Warmup(one.get(0), Runnable::run);
        warmup.start();
        if (warmup.ready()) {
            byte[] in = new byte[SPAN_BYTES];
            for (int i = 0; i < in.length; i += 64) {
                in[i] = (byte) i;
            }
            int[] out = new int[8 * CHUNKS];
            long best = Long.MAX_VALUE;
            int at = 0;
            for (int i = 0; i < TIMINGS; i++) {
                at = (at + CHUNKS * Blake3.CHUNK_LEN) % in.length;
                long t0 = System.nanoTime();
                kernel.hashChunks(in, at, CHUNKS, Blake3.IV, i, 0, out, 0);
                kernel.hashParents(out, 0, CHUNKS / 2, Blake3.IV, Blake3.PARENT, out, 0);
                best = Math.min(best, System.nanoTime() - t0);
            }
            result = OptionalLong.of(best);
        } else {
            result = OptionalLong.empty();
        }
        Blake3LaneMemory.standard().ifPresent(m -> m.recordMeasurement(lanes, result));
        System.out.println(lanes + " " + (result.isPresent() ? Long.toString(result.getAsLong()) : COLD));
    }

    /**
     * Measures {@code widths} on a background daemon thread, one child JVM after the other (each records its
     * figure in {@code memory} itself).
     */
    static void startInBackground(Blake3LaneMemory memory, List<Integer> widths) {
        if (widths.isEmpty()) {
            return;
        }
        Thread t = new Thread(() -> {
            for (int lanes : widths) {
                measureInChild(lanes, memory);
            }
        }, "oxisync-blake3-lane-probe");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /**
     * One width measured in a child JVM that records its figure in {@code memory}: empty if the child gave no
     * answer; else its best time for 64 chunks, or an empty time if it did not get warm in time (a loaded
     * machine).
     */
    static Optional<OptionalLong> measureInChild(int lanes, Blake3LaneMemory memory) {
        return childCommand(memory.file()).flatMap(c -> runChild(c, lanes));
    }

    /** This JVM's java with the Vector API module and the class path holding this class. */
    private static Optional<List<String>> childCommand(Path memoryFile) {
        try {
            Optional<String> java = ProcessHandle.current().info().command();
            var source = Blake3LaneProbe.class.getProtectionDomain().getCodeSource();
            if (java.isEmpty() || source == null) {
                return Optional.empty();
            }
            String classPath = Path.of(source.getLocation().toURI()).toString();
            return Optional.of(List.of(java.get(), "--add-modules", Blake3Kernels.VECTOR_MODULE, "-Xshare:auto",
                    "-XX:+UseSerialGC", "-Xmx64m", "-Xlog:disable",
                    // scalar: the child's Blake3Kernels must not run the default width beside the measured one
                    "-Doxisync.blake3.kernel=scalar", "-D" + Blake3LaneMemory.PROPERTY + "=" + memoryFile,
                    "-cp", classPath, Blake3LaneProbe.class.getName()));
        } catch (RuntimeException | java.net.URISyntaxException e) {
            return Optional.empty();
        }
    }

    private static Optional<OptionalLong> runChild(List<String> command, int lanes) {
        List<String> cmd = new ArrayList<>(command);
        cmd.add(Integer.toString(lanes));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String output;
            try (InputStream in = p.getInputStream()) {
                output = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
            }
            if (!p.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            for (String line : output.split("\n")) {
                String[] f = line.trim().split(" ");
                if (f.length == 2 && f[0].equals(Integer.toString(lanes)) && f[1].matches("\\d+")) {
                    return Optional.of(OptionalLong.of(Long.parseLong(f[1])));
                }
                if (f.length == 2 && f[0].equals(Integer.toString(lanes)) && f[1].equals(COLD)) {
                    return Optional.of(OptionalLong.empty());
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
