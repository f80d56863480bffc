package org.oxisync.store.hash;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The command line of a hashing child JVM ({@link ChildChunker}, {@link ChildHasher}): the parent's {@code java},
 * the full tiered JIT (the child is given no {@code TieredStopAtLevel}), the Vector API module, a small serial
 * heap, and the parent's lane-memory settings, so the child warms up the lane width this machine measured.
 */
final class ChildJvm {
    /** {@code child}: large files are hashed in a child JVM (the launcher sets it beside its C1 options). */
    static final String PROPERTY = "oxisync.hash.largeFiles";

    private ChildJvm() {}

    /**
     * Whether this process hands large files to a child: the launcher asked for it, and a child could run the SIMD
     * kernel (the Vector API module is in this JVM's boot layer). Each caller compares the size with its own
     * threshold.
     */
    static boolean asked() {
        return "child".equalsIgnoreCase(System.getProperty(PROPERTY))
                && ModuleLayer.boot().findModule(Blake3Kernels.VECTOR_MODULE).isPresent();
    }

    /**
     * A child running {@code main} with {@code args}, its input closed and its errors discarded; empty when it
     * cannot be started (the caller then does the work in-process).
     */
    static Optional<Process> start(Class<?> main, List<String> args) {
        Optional<List<String>> command = command(main, args);
        if (command.isEmpty()) {
            return Optional.empty();
        }
        Process p;
        try {
            p = new ProcessBuilder(command.get()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            return Optional.empty();
        }
        try {
            p.getOutputStream().close();
            return Optional.of(p);
        } catch (IOException e) {
            p.destroy();
            return Optional.empty();
        }
    }

    /** {@code java ... -cp <this jar> main args}, or empty when this process cannot tell its java or its jar. */
    private static Optional<List<String>> command(Class<?> main, List<String> args) {
        try {
            Optional<String> java = ProcessHandle.current().info().command();
            var source = ChildJvm.class.getProtectionDomain().getCodeSource();
            if (java.isEmpty() || source == null) {
                return Optional.empty();
            }
            List<String> cmd = new ArrayList<>(List.of(java.get(), "--add-modules", Blake3Kernels.VECTOR_MODULE,
                    "-XX:+UseSerialGC", "-Xmx256m", "-Xlog:disable", "-Xlog:all=warning:stderr",
                    // the SIMD kernel compiled after far fewer calls: until C2 has compiled it, Vector API code runs
                    // boxed, 100x slower than scalar, and a child hashing 2 GiB spends a third of its time warming
                    // up. Measured: warm in 140-260 ms instead of 370-420; whole commands a little faster or the
                    // same within the noise (inspect chunks of 2 GiB 2.69-2.88 s against 2.84-3.05 s; bench/README.md
                    // "The kernel in the nineteenth session"). "quiet" first: the option must not print on stdout,
                    // which carries the child's answer.
                    "-XX:CompileCommand=quiet",
                    "-XX:CompileCommand=CompileThresholdScaling," + Blake3VectorKernels.VECTOR_CLASS + "*::*,0.01"));
            for (String passed : List.of(Blake3LaneMemory.PROPERTY, Blake3LaneProbe.PROPERTY)) {
                String value = System.getProperty(passed);
                if (value != null) {
                    cmd.add("-D" + passed + "=" + value);
                }
            }
            cmd.addAll(List.of("-cp", Path.of(source.getLocation().toURI()).toString(), main.getName()));
            cmd.addAll(args);
            return Optional.of(cmd);
        } catch (RuntimeException | URISyntaxException e) {
            return Optional.empty();
        }
    }
}
