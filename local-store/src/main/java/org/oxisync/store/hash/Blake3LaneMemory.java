package org.oxisync.store.hash;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.Properties;

/**
 * Remembers which SIMD lane width measured fastest on this CPU and JVM, so that only the first process pays for
 * measuring every width ({@link Blake3Warmup}). A small properties file, one line per CPU model and JVM version;
 * losing or failing to write it only costs a new measurement.
 *
 * <p>Where: system property {@code oxisync.blake3.laneCache} (a file path, or {@code off}), else
 * {@code $XDG_CACHE_HOME/oxisync/blake3-lanes.properties}, else {@code ~/.cache/oxisync/blake3-lanes.properties}.
 */
final class Blake3LaneMemory {
    private final Path file;
    private final String key;

    Blake3LaneMemory(Path file, String key) {
        this.file = file;
        this.key = key;
    }

    /** The memory at the configured place for this machine, or none when turned off. */
    static Optional<Blake3LaneMemory> standard() {
        String configured = System.getProperty("oxisync.blake3.laneCache");
        if ("off".equalsIgnoreCase(configured)) {
            return Optional.empty();
        }
        Path file;
        if (configured != null && !configured.isBlank()) {
            file = Path.of(configured);
        } else {
            String xdg = System.getenv("XDG_CACHE_HOME");
            Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
            file = base.resolve("oxisync").resolve("blake3-lanes.properties");
        }
        return Optional.of(new Blake3LaneMemory(file, machineKey()));
    }

    /** CPU model (Linux: /proc/cpuinfo), architecture, and JVM version: what decides which width is fastest. */
    static String machineKey() {
        String cpu = System.getProperty("os.arch", "?");
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (Files.isReadable(cpuinfo)) {
            try (var lines = Files.lines(cpuinfo, StandardCharsets.ISO_8859_1)) {
                cpu += lines.filter(l -> l.startsWith("model name")).findFirst()
                        .map(l -> " " + l.substring(l.indexOf(':') + 1).trim()).orElse("");
            } catch (IOException | RuntimeException e) {
                // the architecture alone is still a usable key
            }
        }
        return cpu + " java " + System.getProperty("java.vm.version", "?");
    }

    /** The remembered lane count for this machine, if any. */
    Optional<Integer> lanes() {
        try (InputStream in = Files.newInputStream(file)) {
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty(key);
            return v == null ? Optional.empty() : Optional.of(Integer.parseInt(v.trim()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Records {@code lanes} for this machine (write to a temporary file, then rename). */
    void remember(int lanes) {
        try {
            Properties p = new Properties();
            if (Files.isRegularFile(file)) {
                try (InputStream in = Files.newInputStream(file)) {
                    p.load(in);
                }
            }
            p.setProperty(key, Integer.toString(lanes));
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "blake3-lanes", ".tmp");
            try {
                try (OutputStream out = Files.newOutputStream(tmp)) {
                    p.store(out, "BLAKE3 SIMD lane width measured fastest, per CPU and JVM (a cache; safe to delete)");
                }
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | RuntimeException e) {
            // a cache: the next process measures again
        }
    }

    Path file() {
        return file;
    }
}
