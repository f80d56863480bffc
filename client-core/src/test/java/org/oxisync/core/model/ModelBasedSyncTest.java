package org.oxisync.core.model;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;

/**
 * Randomized model-based test of the sync engine in the spirit of Dropbox's CanopyCheck (see {@link SeedRun} for
 * one seed and its invariants, {@link CrashSwitch} for the simulated crashes).
 *
 * <ul>
 *   <li>default: seeds 1..200 (CI);</li>
 *   <li>{@code -Doxisync.model.seeds=5000} runs that many, from {@code -Doxisync.model.seedStart=N} (default 1);</li>
 *   <li>{@code -Doxisync.model.seed=N} replays one seed and prints its operation log
 *       ({@code -Doxisync.model.verbose=true} prints every seed's log).</li>
 * </ul>
 * Seeds share an emulator (a new one every 25 seeds); each gets its own user (so its own drive and trash), folder
 * and store. Everything lives in tmpfs when there is one ({@code -Doxisync.model.onDisk=true} keeps it on disk).
 */
class ModelBasedSyncTest {
    private static final int MAX_REPORTED = 5;
    /** A fresh emulator now and then keeps its snapshot (all users' trees) small. */
    private static final int SEEDS_PER_EMULATOR = 25;

    @TempDir Path tmp;

    @Test
    void randomOperationsFaultsAndCrashesNeverLoseContentAndEndInSync() throws Exception {
        String one = System.getProperty("oxisync.model.seed");
        long start = one != null ? Long.parseLong(one) : Long.getLong("oxisync.model.seedStart", 1);
        int count = one != null ? 1 : Integer.getInteger("oxisync.model.seeds", 200);
        List<String> failures = new ArrayList<>();
        List<Long> failedSeeds = new ArrayList<>();
        long t0 = System.nanoTime();
        Path base = fastTempDir();
        try (QuietLogs quiet = QuietLogs.warnOff()) {
            OxiCloudEmulator server = null;
            try {
                for (long seed = start; seed < start + count; seed++) {
                    if (server == null || (seed - start) % SEEDS_PER_EMULATOR == 0) {
                        if (server != null) {
                            server.close();
                        }
                        server = OxiCloudEmulator.start(EmulatorConfig.builder()
                                .defaultQuotaBytes(0).dataDir(Files.createDirectories(base.resolve("emulator-" + seed)))
                                .build());
                    }
                    Path dir = Files.createDirectories(base.resolve("seed-" + seed));
                    SeedRun run = null;
                    try {
                        run = new SeedRun(seed, server, dir);
                        run.run();
                        if (one != null || Boolean.getBoolean("oxisync.model.verbose")) {
                            System.out.println(String.join("\n", run.log));
                        }
                        deleteTree(dir);
                    } catch (Throwable e) {
                        failedSeeds.add(seed);
                        if (failures.size() < MAX_REPORTED) {
                            failures.add("seed " + seed + " (replay: -Doxisync.model.seed=" + seed + "): " + e
                                    + "\n" + (run == null ? "" : String.join("\n", run.log)) + "\n" + stack(e));
                        }
                    }
                }
            } finally {
                if (server != null) {
                    server.close();
                }
                if (!base.equals(tmp)) {
                    deleteTree(base);
                }
            }
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("model-based sync: %d seed(s) from %d in %d ms, %d failed %s%n", count, start, ms,
                failedSeeds.size(), failedSeeds);
        if (!failedSeeds.isEmpty()) {
            fail(failedSeeds.size() + " of " + count + " seeds failed: " + failedSeeds + "\n\n"
                    + String.join("\n\n", failures));
        }
    }

    /**
     * The seeds fsync a lot (store, temp files, the emulator's snapshot) and that is not what they test: on Linux
     * they run in tmpfs ({@code /dev/shm}) when it is there, which makes them several times faster.
     */
    private Path fastTempDir() throws IOException {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm) && !Boolean.getBoolean("oxisync.model.onDisk")) {
            return Files.createTempDirectory(shm, "oxisync-model-");
        }
        return tmp;
    }

    private static String stack(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement el : e.getStackTrace()) {
            if (el.getClassName().startsWith("org.oxisync")) {
                sb.append("    at ").append(el).append('\n');
            }
        }
        return sb.toString();
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
