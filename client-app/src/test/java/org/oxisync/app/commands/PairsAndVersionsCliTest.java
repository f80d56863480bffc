package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.oxisync.app.testing.AliceCliTest;

/** `pair add` says when it creates the folder; `versions list` with several pairs lists them all. */
class PairsAndVersionsCliTest extends AliceCliTest {
    @Test
    void pairAddSaysItCreatedAMissingFolder() {
        loginAndPair();
        Path missing = tmp.resolve("not/yet/there");
        assertEquals(0, run("pair", "add", missing.toString(), "/Other", "--home", home.toString()), () -> err);
        assertTrue(Files.isDirectory(missing));
        assertTrue(out.contains("Created the folder " + missing), out);
    }

    @Test
    void versionsListWithSeveralPairsListsEveryPair() throws Exception {
        loginAndPair();
        Path other = Files.createDirectories(tmp.resolve("Other"));
        assertEquals(0, run("pair", "add", other.toString(), "/Other", "--name", "Other", "--home", home.toString()),
                () -> err);
        assertEquals(0, run("versions", "list", "--home", home.toString()), () -> err);
        assertTrue(out.contains("Other:") && out.contains("no versions kept"), out);
    }
}
