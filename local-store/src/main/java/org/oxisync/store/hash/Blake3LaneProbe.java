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
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Measures which SIMD lane width hashes fastest on this CPU, each width in a JVM of its own.
 *
 * <p>Why separate JVMs: the Vector API's library methods share their JIT profiles between all the kernels of a
 * process; once a 512-bit kernel has run, the 256-bit one never got compiled to vector code in the same JVM
 * (measured: its warm-up gave up after 30 s; warmed alone it was ready in 5 s). So the process that hashes uses
 * one width only, and the widths are compared by short child processes ({@code main} below: warm one width up,
 * print its best time for 64 chunks), started once per CPU and JVM in the background and remembered
 * ({@link Blake3LaneMemory}); until then the default width is used.
 */
public final class Blake3LaneProbe {
    private static final long CHILD_TIMEOUT_SECONDS = 60;
    private static final int CHUNKS = 64;
    private static final String COLD = "cold";

    private Blake3LaneProbe() {}

    /**
     * Child process: {@code args[0]} = lanes. Prints "lanes nanos" (best time of 64 chunks), or "lanes cold" when
     * the width did not get faster than scalar within the warm-up's time (no usable figure), or nothing when the
     * width is not available.
     */
    public static void main(String[] args) {
        int lanes = Integer.parseInt(args[0]);
        List<Supplier<Blake3Kernel>> one = Blake3VectorKernels.candidates(Optional.of(lanes));
        if (one.isEmpty()) {
            return;
        }
        Blake3Kernel kernel = one.get(0).get();
        Blake3Warmup warmup = new Blake3Warmup(one.get(0), Runnable::run);
        warmup.start();
        if (!warmup.ready()) {
            System.out.println(kernel.degree() + " " + COLD);
            return;
        }
        byte[] in = new byte[CHUNKS * Blake3.CHUNK_LEN];
        int[] out = new int[8 * CHUNKS];
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 200; i++) {
            long t0 = System.nanoTime();
            kernel.hashChunks(in, 0, CHUNKS, Blake3.IV, i, 0, out, 0);
            kernel.hashParents(out, 0, CHUNKS / 2, Blake3.IV, Blake3.PARENT, out, 0);
            best = Math.min(best, System.nanoTime() - t0);
        }
        System.out.println(kernel.degree() + " " + best);
    }

    /**
     * Starts the comparison on a background daemon thread when there is more than one width: one child JVM per
     * width, one after the other, at the lowest priority; tells {@code chosen} the fastest width.
     */
    static void startInBackground(IntConsumer chosen) {
        List<Integer> widths = new ArrayList<>();
        for (Supplier<Blake3Kernel> s : Blake3VectorKernels.candidates(Optional.empty())) {
            widths.add(s.get().degree());
        }
        Optional<List<String>> java = childCommand();
        if (widths.size() < 2 || java.isEmpty()) {
            return;
        }
        Thread t = new Thread(() -> {
            int bestLanes = -1;
            long bestNanos = Long.MAX_VALUE;
            for (int lanes : widths) {
                OptionalLong nanos = runChild(java.get(), lanes).orElse(OptionalLong.empty());
                if (nanos.isPresent() && nanos.getAsLong() < bestNanos) {
                    bestNanos = nanos.getAsLong();
                    bestLanes = lanes;
                }
            }
            if (bestLanes > 0) {
                chosen.accept(bestLanes);
            }
        }, "oxisync-blake3-lane-probe");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /**
     * One width measured in a child JVM: empty if the child gave no answer; else its best time for 64 chunks, or
     * an empty time if it did not get warm in time (a loaded machine).
     */
    static Optional<OptionalLong> measureInChild(int lanes) {
        return childCommand().flatMap(c -> runChild(c, lanes));
    }

    /** This JVM's java with the Vector API module and the class path holding this class. */
    private static Optional<List<String>> childCommand() {
        try {
            Optional<String> java = ProcessHandle.current().info().command();
            var source = Blake3LaneProbe.class.getProtectionDomain().getCodeSource();
            if (java.isEmpty() || source == null) {
                return Optional.empty();
            }
            String classPath = Path.of(source.getLocation().toURI()).toString();
            return Optional.of(List.of(java.get(), "--add-modules", Blake3Kernels.VECTOR_MODULE, "-Xshare:auto",
                    "-XX:+UseSerialGC", "-Xmx64m", "-Xlog:disable", "-cp", classPath, Blake3LaneProbe.class.getName()));
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
