package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;

class BenchmarkModesTest {
    private static EmulatorConfig trusting() {
        return EmulatorConfig.builder().user("alice", "secret").benchmarkOnlyTrustClientHashes().build();
    }

    @Test
    void theTestJvmCarriesTheRefusalAndAnEmulatorThatTrustsClientHashesDoesNotStartInIt() {
        assertEquals("1", System.getenv(BenchmarkModes.REFUSE_ENV), "the root pom.xml sets it for every test JVM");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> OxiCloudEmulator.start(trusting()));
        assertTrue(e.getMessage().contains(BenchmarkModes.TRUST_FLAG), e.getMessage());
    }

    @Test
    void outsideTestsTheModeStartsWithALoudWarning() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        BenchmarkModes.check(trusting(), Map.of(), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("WARNING: " + BenchmarkModes.TRUST_FLAG), text);
        assertTrue(text.contains("does NOT verify"), text);
    }

    @Test
    void theFaithfulDefaultPassesSilentlyEvenInTests() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        EmulatorConfig faithful = EmulatorConfig.builder().user("alice", "secret").build();
        assertFalse(faithful.benchmarkOnlyTrustClientHashes());
        BenchmarkModes.check(faithful, Map.of(BenchmarkModes.REFUSE_ENV, "1"),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, err.size());
    }

    @Test
    void onlyTheLongCommandLineFlagSelectsTheMode() {
        assertTrue(EmulatorMain.parse(new String[] {"--user", "a:b", BenchmarkModes.TRUST_FLAG, "--port", "0"})
                .benchmarkOnlyTrustClientHashes());
        assertFalse(EmulatorMain.parse(new String[] {"--user", "a:b", "--port", "0"}).benchmarkOnlyTrustClientHashes());
    }
}
