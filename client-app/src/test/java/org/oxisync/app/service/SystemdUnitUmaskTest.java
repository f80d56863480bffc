package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The systemd user unit the packages ship makes what the daemon creates private, whatever the login's umask. */
class SystemdUnitUmaskTest {
    @Test
    void theDaemonsUnitSetsAnOwnerOnlyUmask() throws Exception {
        Path unit = Path.of("..", "packaging", "src", "systemd", "oxisync.service"); // from client-app's folder
        assertTrue(Files.readAllLines(unit).stream().map(String::strip).anyMatch("UMask=0077"::equals),
                "UMask=0077 in " + unit.toAbsolutePath().normalize());
    }
}
