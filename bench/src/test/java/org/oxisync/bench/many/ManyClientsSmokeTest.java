package org.oxisync.bench.many;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The CI form of issue 21 item 6 (bench/README.md "Many clients, one folder"): five real {@code oxisync} clients of
 * one user (three daemons, two sync-once loops, each its own JVM through the launcher) change one shared tree at
 * once behind the emulator's real per-user delta limiter, over two seeds. The verdict is the runner's: every tree
 * converges within a generous bound (300 s; an idle 2-core machine takes 10-20 s, one at load 35-45 50-75 s), no version any client wrote is
 * lost, and no client failed. Timing goals are the benchmark's, not this test's. A writer overwrites or deletes what
 * it wrote itself only once its client has run since (a daemon's runs are read from its status): on a loaded machine
 * a daemon may not have run for a long time, and such a loss would be the writer's, not the client's. Needs the client's jar
 * ({@code client-app/<build dir>/oxisync.jar}, built earlier in the same reactor); the pom passes its path.
 */
class ManyClientsSmokeTest {
    /** Under the build folder, kept when the run fails (passing seeds are removed by the runner). */
    private final Path work = ClientJar.workFolder("many-clients");

    @Test
    void fiveClientsOfOneUserConvergeAndLoseNoVersionOverTwoSeeds() throws Exception {
        ClientJar.require();
        int rc = ManyClients.run(new String[] {"--clients", "5", "--files", "300", "--dirs", "20", "--large", "1",
                "--large-mib", "1", "--write-seconds", "8", "--ops", "2", "--poll-seconds", "5",
                "--timeout-seconds", "300", "--seeds", "1,2", "--work", work.toString()});
        assertEquals(0, rc, "the runner's verdict (its output above says why)");
    }
}
