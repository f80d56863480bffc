package org.oxisync.bench.many;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The CI form of issue 21 item 7 (bench/README.md "Days of running"): one real daemon under a trickle of local and
 * remote changes for 1.5 minutes. The verdict: threads and open descriptors back to the idle baseline (within the
 * runner's slack of 2) once the trickle stops, and the folder equal to the server. RSS, thread, descriptor and CPU
 * growth are printed, not judged: 1.5 minutes on a shared machine cannot tell a leak from warm-up (the hour run in
 * bench/README.md judges them).
 */
class SoakSmokeTest {
    /** Under the build folder, kept when the run fails (passing seeds are removed by the runner). */
    private final Path work = ClientJar.workFolder("soak");

    @Test
    void aDaemonUnderATrickleOfChangesReturnsToItsThreadAndDescriptorBaseline() throws Exception {
        ClientJar.require();
        int rc = Soak.run(new String[] {"--minutes", "1.5", "--sample-seconds", "10", "--warmup-minutes", "0.4",
                "--files", "300", "--local-every-ms", "1000", "--remote-every-ms", "1500", "--poll-seconds", "5",
                "--settle-seconds", "60", "--report-flatness-only", "--work", work.toString()});
        assertEquals(0, rc, "the soak's verdict (its output above says why)");
    }
}
