package org.oxisync.store.hash;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Remembers how fast each SIMD lane width hashed on this CPU and JVM, so that only the first processes pay for
 * measuring them ({@link Blake3LaneProbe}). A small properties file: per CPU model and JVM version, one line per
 * measured width ({@code <key> lanes=<n>} = best nanoseconds for 64 chunks, or {@code cold} when the width did
 * not get faster than scalar within the warm-up's time), and optionally a fixed choice ({@code <key>} = lanes).
 * Each measuring child process writes its own line, so a measurement survives the process that asked for it;
 * the choice is the fastest width once every width is measured. Losing or failing to write the file only costs
 * a new measurement.
 *
 * <p>Where: system property {@code oxisync.blake3.laneCache} (a file path, or {@code off}), else
 * {@code $XDG_CACHE_HOME/oxisync/blake3-lanes.properties}, else {@code ~/.cache/oxisync/blake3-lanes.properties}.
 * The build's tests set both to a folder under the build directory (root pom.xml), never the user's cache.
 */
final class Blake3LaneMemory {
    static final String PROPERTY = "oxisync.blake3.laneCache";
    private static final String COLD = "cold";
    /**
     * Part of the key: raised whenever the SIMD kernel changes in a way that can change which width is fastest,
     * so that figures measured with an older kernel (or by an older, shorter probe) are not used. 2: padded tails,
     * and the probe's 10,000 timings of data out of the core's caches.
     */
    static final int KERNEL_REVISION = 2;
    private final Path file;
    private final String key;

    Blake3LaneMemory(Path file, String key) {
        this.file = file;
        this.key = key;
    }

    /** The memory at the configured place for this machine, or none when turned off. */
    static Optional<Blake3LaneMemory> standard() {
        String configured = System.getProperty(PROPERTY);
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
        return Optional.of(new Blake3LaneMemory(file.toAbsolutePath(), machineKey()));
    }

    /**
     * CPU model (Linux: /proc/cpuinfo), architecture, JVM version and the kernel's revision: what decides which
     * width is fastest.
     */
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
        return cpu + " java " + System.getProperty("java.vm.version", "?") + " kernel " + KERNEL_REVISION;
    }

    /**
     * The width to use among {@code widths}: the fixed choice if one is recorded, else the fastest width once
     * every one of {@code widths} is measured (a {@code cold} width never wins); empty while some are unmeasured
     * or none got warm.
     */
    Optional<Integer> choice(List<Integer> widths) {
        Properties p = read();
        String fixed = p.getProperty(key);
        if (fixed != null) {
            try {
                return Optional.of(Integer.parseInt(fixed.trim()));
            } catch (NumberFormatException e) {
                // damaged: fall back to the measurements
            }
        }
        Integer best = null;
        long bestNanos = Long.MAX_VALUE;
        for (int lanes : widths) {
            Optional<OptionalLong> m = measurement(p, lanes);
            if (m.isEmpty()) {
                return Optional.empty();
            }
            if (m.get().isPresent() && m.get().getAsLong() < bestNanos) {
                bestNanos = m.get().getAsLong();
                best = lanes;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The widths of {@code widths} without a measurement yet, in the same order. */
    List<Integer> unmeasured(List<Integer> widths) {
        Properties p = read();
        List<Integer> missing = new ArrayList<>();
        for (int lanes : widths) {
            if (measurement(p, lanes).isEmpty()) {
                missing.add(lanes);
            }
        }
        return missing;
    }

    /** Records one width's best time for 64 chunks, or (empty) that it did not get warm in time. */
    void recordMeasurement(int lanes, OptionalLong nanos) {
        String value = nanos.isPresent() ? Long.toString(nanos.getAsLong()) : COLD;
        update(p -> p.setProperty(measurementKey(lanes), value));
    }

    /** Records a fixed choice of {@code lanes} for this machine, whatever the measurements say. */
    void remember(int lanes) {
        update(p -> p.setProperty(key, Integer.toString(lanes)));
    }

    /** The fixed choice recorded for this machine, if any (not computed from measurements). */
    Optional<Integer> lanes() {
        String v = read().getProperty(key);
        try {
            return v == null ? Optional.empty() : Optional.of(Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    Path file() {
        return file;
    }

    private String measurementKey(int lanes) {
        return key + " lanes=" + lanes;
    }

    /** Empty: not measured; empty inside: measured cold; else the time. */
    private Optional<OptionalLong> measurement(Properties p, int lanes) {
        String v = p.getProperty(measurementKey(lanes));
        if (v == null) {
            return Optional.empty();
        }
        if (v.trim().equals(COLD)) {
            return Optional.of(OptionalLong.empty());
        }
        try {
            return Optional.of(OptionalLong.of(Long.parseLong(v.trim())));
        } catch (NumberFormatException e) {
            return Optional.empty(); // damaged: measure again
        }
    }

    private Properties read() {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException | RuntimeException e) {
            // no file or a damaged one: nothing remembered
        }
        return p;
    }

    /** Read, change, write to a temporary file, rename. */
    private void update(Consumer<Properties> change) {
        try {
            Properties p = read();
            change.accept(p);
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "blake3-lanes", ".tmp");
            try {
                try (OutputStream out = Files.newOutputStream(tmp)) {
                    p.store(out, "BLAKE3 SIMD lane widths measured per CPU and JVM (a cache; safe to delete)");
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
}
