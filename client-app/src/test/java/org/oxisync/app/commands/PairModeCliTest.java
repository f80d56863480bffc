package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.app.testing.AliceCliTest;

/** {@code pair add --mode/--role/--keep-remote-deletes}: kept with the pair, shown by {@code pair list}, obeyed. */
class PairModeCliTest extends AliceCliTest {
    @BeforeEach
    void login() {
        assertEquals(0, runWithStdin("pw-Quokka-42\n", "login", server.baseUrl(), "--user", "alice",
                "--password-stdin", "--home", home.toString()), () -> err);
    }

    @Test
    void pairListShowsEachPairsModeAndRole() {
        assertEquals(0, run("pair", "add", tmp.resolve("Mirror").toString(), "/Mirror", "--mode", "download-only",
                "--home", home.toString()), () -> err);
        assertEquals(0, run("pair", "add", tmp.resolve("Backup").toString(), "/Backup", "--mode", "upload-only",
                "--keep-remote-deletes", "--home", home.toString()), () -> err);
        assertEquals(0, run("pair", "add", tmp.resolve("Team").toString(), "/Team", "--role", "contributor",
                "--home", home.toString()), () -> err);
        assertEquals(0, run("pair", "list", "--home", home.toString()), () -> err);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("Mirror\t") && l.endsWith("\tdownload-only, owner")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("Backup\t")
                && l.endsWith("\tupload-only (keeps remote deletes), owner")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("Team\t") && l.endsWith("\ttwo-way, contributor")), out);
        assertEquals(0, run("status", "--home", home.toString()), () -> err);
        assertTrue(out.contains("mode:      download-only, owner"), out);
    }

    @Test
    void keepRemoteDeletesWithoutUploadOnlyIsRefusedAndAddsNoPair() {
        assertEquals(2, run("pair", "add", tmp.resolve("X").toString(), "/X", "--keep-remote-deletes",
                "--home", home.toString()));
        assertTrue(err.contains("--keep-remote-deletes goes with --mode upload-only"), err);
        assertEquals(2, run("pair", "add", tmp.resolve("X").toString(), "/X", "--mode", "sideways",
                "--home", home.toString()));
        assertTrue(err.contains("unknown --mode 'sideways'"), err);
        assertEquals(0, run("pair", "list", "--home", home.toString()));
        assertTrue(out.contains("no folder pairs"), out);
    }

    @Test
    void aDownloadOnlyPairKeepsANewLocalFileLocalAndSaysSo() throws Exception {
        Path dir = tmp.resolve("Mirror");
        assertEquals(0, run("pair", "add", dir.toString(), "/Mirror", "--mode", "download-only",
                "--home", home.toString()), () -> err);
        Files.writeString(dir.resolve("mine.txt"), "only here");
        assertEquals(0, run("sync-once", "--home", home.toString()), () -> err);
        assertTrue(out.contains("mine.txt: not uploaded: read-only (download-only pair)"), out);
        assertFalse(server.remote("alice").list("/Mirror").contains("mine.txt"));
        assertEquals("only here", Files.readString(dir.resolve("mine.txt")));
    }
}
