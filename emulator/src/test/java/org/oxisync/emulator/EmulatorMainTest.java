package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;

/** The command line's server settings. */
class EmulatorMainTest {
    @Test
    void theChunkAndDirectPutCapsAreSetFromTheCommandLineAsTheServersEnvironmentSetsThem() {
        EmulatorConfig c = EmulatorMain.parse(new String[] {"--user", "a:b", "--chunk-max-bytes", "4194304",
                "--direct-put-max-bytes", "4194304"});
        assertEquals(4_194_304L, c.chunkMaxBytes());
        assertEquals(4_194_304L, c.directPutMaxBytes());
    }

    @Test
    void trustedProxyRangesAreTakenAsTheServersVariable() {
        assertEquals(java.util.List.of("0.0.0.0/0"), EmulatorMain.parse(new String[] {"--user", "a:b",
                "--trust-proxy-cidr", "0.0.0.0/0"}).trustProxyCidrs());
        assertEquals(java.util.List.of(), EmulatorMain.parse(new String[] {"--user", "a:b"}).trustProxyCidrs(),
                "none by default, as 0.8.7");
    }
}
