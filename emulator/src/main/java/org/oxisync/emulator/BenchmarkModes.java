package org.oxisync.emulator;

import java.io.PrintStream;
import java.util.Map;
import org.oxisync.emulator.config.EmulatorConfig;

/**
 * The emulator's one mode that is <b>not</b> OxiCloud 0.8.7's behaviour: {@value #TRUST_FLAG} (builder
 * {@link EmulatorConfig.Builder#benchmarkOnlyTrustClientHashes()}). The real server recomputes BLAKE3 of every
 * uploaded chunk and of the whole file at commit; on a 2-core machine the emulator doing the same competes with the
 * client, so a benchmark of the client's upload pipeline may turn it off. A server that trusts its clients' hashes
 * hides every client hashing bug, hence:
 * <ul>
 *   <li>every start with the mode prints a warning on standard error;</li>
 *   <li>every start is refused while the environment variable {@value #REFUSE_ENV} is {@code 1}. The root
 *       {@code pom.xml} sets it for every module's test JVM (surefire {@code environmentVariables}); processes a test
 *       starts (an emulator jar, a client) inherit it, so no test, in-process or not, can run against a trusting
 *       emulator.</li>
 * </ul>
 */
public final class BenchmarkModes {
    /** The command-line flag of {@link EmulatorMain}. */
    public static final String TRUST_FLAG = "--benchmark-only-trust-client-hashes";
    /** Set to {@code 1} in test JVMs (root pom.xml): a start with a benchmark-only mode is refused. */
    public static final String REFUSE_ENV = "OXICLOUD_EMULATOR_REFUSE_BENCHMARK_MODES";

    private BenchmarkModes() {}

    /**
     * Refuses a benchmark-only configuration where the environment says tests run, else warns about it on {@code err};
     * a faithful configuration passes silently.
     *
     * @throws IllegalStateException a benchmark-only mode while {@value #REFUSE_ENV}=1
     */
    static void check(EmulatorConfig cfg, Map<String, String> env, PrintStream err) {
        if (!cfg.benchmarkOnlyTrustClientHashes()) {
            return;
        }
        if ("1".equals(env.get(REFUSE_ENV))) {
            throw new IllegalStateException(TRUST_FLAG + " is refused here (" + REFUSE_ENV + "=1, set for every test"
                    + " JVM by the root pom.xml): tests must run against the faithful OxiCloud 0.8.7 double");
        }
        err.println("WARNING: " + TRUST_FLAG + ": this emulator does NOT verify uploaded content. Delta chunks are"
                + " stored under the hashes the client declared and files under the declared file hash, without"
                + " recomputing BLAKE3 (OxiCloud 0.8.7 always does). For benchmarks of the client's upload pipeline"
                + " only; never test a client against it.");
        err.flush();
    }
}
