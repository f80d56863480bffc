package org.oxisync.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.chunks.VerifyReport;

/**
 * Kills a child JVM that writes journal batches and chunks at random moments, then checks the store:
 * quick_check passes, every batch is whole or absent, recovery leaves no temp file, and every chunk's content
 * matches its name. {@code -Doxisync.crash.iterations=N} (default 50) sets how many kills.
 */
class CrashTest {
    @TempDir
    Path dir;

    @Test
    void killingAWriterAtRandomMomentsNeverLeavesAPartialBatchOrABadChunk() throws Exception {
        int iterations = Integer.getInteger("oxisync.crash.iterations", 50);
        long seed = Long.getLong("oxisync.crash.seed", System.nanoTime());
        Random rnd = new Random(seed);
        Path data = dir.resolve("data");
        Path nativeTmp = Files.createDirectories(dir.resolve("native"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        int committedBatches = 0;
        for (int i = 0; i < iterations; i++) {
            Process p = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m", "-Xshare:auto",
                    "-Dorg.sqlite.tmpdir=" + nativeTmp, "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                    "-cp", System.getProperty("java.class.path"), CrashWorker.class.getName(), data.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String ready = out.readLine();
            assertTrue(ready != null && ready.startsWith("ready"), "child started (seed " + seed + "): " + ready);
            // kill somewhere inside the write loop: mostly 0-150 ms in (often mid-batch); every tenth run only once
            // the child has reported a committed batch, so that some batches surely commit whatever the machine's
            // load (fixed delays of 300-600 ms committed nothing in 50 kills at a load average of 25-50)
            if (i % 10 == 0) {
                assertTrue(awaitCommit(p, out), "child committed a batch (seed " + seed + ")");
            }
            p.waitFor(rnd.nextInt(150), TimeUnit.MILLISECONDS);
            p.destroyForcibly();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            committedBatches = check(data, committedBatches, "iteration " + i + " (seed " + seed + ")");
        }
        assertTrue(committedBatches > 0, "the children committed some batches");
    }

    /**
     * Reads the child's output until it reports a committed batch; false if it ends first or reports none within
     * {@value #COMMIT_WAIT_SECONDS} s (a bound for a hung child only, far above any machine's time for one batch).
     */
    private static boolean awaitCommit(Process p, BufferedReader out) throws Exception {
        CompletableFuture<Boolean> seen = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.startsWith("committed")) {
                        return true;
                    }
                }
                return false;
            } catch (java.io.IOException e) {
                return false;
            }
        });
        try {
            return seen.get(COMMIT_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            p.destroyForcibly(); // ends the read
            return false;
        }
    }

    private static final int COMMIT_WAIT_SECONDS = 300;

    /** Checks the store after a kill; returns the number of committed batches. */
    private static int check(Path data, int before, String where) {
        try (LocalStore store = LocalStore.open(data, "crash", Clock.systemUTC())) {
            assertFalse(store.needsRebuild(), where);
            assertEquals("ok", store.database().quickCheck(), where);
            long pair = store.accounts().pairByName("p").orElseThrow().id();
            Map<String, String> settings = store.settings().all();
            List<Integer> batches = new ArrayList<>();
            settings.keySet().stream().filter(k -> k.startsWith("batch.")).forEach(k -> batches.add(Integer.parseInt(k.substring(6))));
            long expectedRows = (long) batches.size() * CrashWorker.ENTRIES;
            assertEquals(expectedRows, store.journal().count(pair), where + ": journal rows belong to whole batches only");
            for (int b : batches) {
                assertEquals(CrashWorker.ENTRIES, store.journal().children(pair, "b" + b).size(), where + " batch " + b);
            }
            assertEquals(batches.size(), store.versions().listVersions(pair).size(), where);
            assertTrue(batches.size() >= before, where);
            assertEquals(List.of(), store.chunkStore().tempFiles(), where + ": recovery removed temp files");
            VerifyReport report = store.chunkStore().verifyAll();
            assertTrue(report.clean(), where + ": corrupt chunks " + report.quarantined());
            for (var v : store.versions().listVersions(pair)) {
                for (var c : store.chunks().manifest(v.fileHash()).orElseThrow().chunks()) {
                    assertTrue(store.chunkStore().contains(c.hash()), where + ": a committed batch's chunk is present");
                }
            }
            assertEquals(List.of(), store.chunks().refCountMismatches(), where);
            return batches.size();
        }
    }
}
