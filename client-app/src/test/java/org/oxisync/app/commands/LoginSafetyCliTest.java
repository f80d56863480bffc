package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.oxisync.app.testing.AliceCliTest;

/** What `login` and `pair add` never do with a user's password and folders. */
class LoginSafetyCliTest extends AliceCliTest {

    private String configText() throws Exception {
        Path config = home.resolve("config.properties");
        return Files.exists(config) ? Files.readString(config) : "";
    }

    @Test
    void aPasswordInTheAddressIsRefusedBeforeAnythingIsSavedOrPrinted() throws Exception {
        String withPassword = server.baseUrl().replace("http://", "http://alice:pw-Quokka-42@");
        int code = runWithStdin("pw-Quokka-42\n", "login", withPassword, "--user", "alice", "--password-stdin",
                "--home", home.toString());
        assertEquals(2, code);
        assertFalse(out.contains("pw-Quokka-42") || err.contains("pw-Quokka-42"), out + err);
        assertFalse(configText().contains("pw-Quokka-42"), "nothing of it saved");
        run("accounts", "--home", home.toString());
        assertFalse(out.contains("pw-Quokka-42"), out);
    }

    @Test
    void anAddressWithoutSchemeNeverFallsBackToHttpForAPasswordFromStdin() throws Exception {
        String schemeLess = server.baseUrl().substring("http://".length()); // https does not answer there
        int code = runWithStdin("pw-Quokka-42\n", "login", schemeLess, "--user", "alice", "--password-stdin",
                "--home", home.toString());
        assertEquals(2, code, out + err);
        assertTrue(err.contains("unencrypted"), err);
        assertFalse(configText().contains("alice"), "not logged in");

        assertEquals(0, runWithStdin("pw-Quokka-42\n", "login", server.baseUrl(), "--user", "alice",
                "--password-stdin", "--home", home.toString()), () -> err); // http:// typed: the user's choice
    }

    @Test
    void pairAddMakesANewSyncRootOwnerOnly() throws Exception {
        local = tmp.resolve("NewSync");
        loginAndPair();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(local)));
    }
}
