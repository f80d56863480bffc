package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.oxisync.app.testing.AliceCliTest;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.app.control.ExitCodes;

/**
 * {@code oxisync undo} against the emulator: a dry run changes nothing, {@code --yes} puts back on both sides what a
 * run changed (a replaced file, a file deleted here, a file trashed on the server, a created file), the undo is a run
 * that can be undone in turn, items changed since are left and listed, and {@code --folder --to} undoes every run
 * since a time.
 */
class UndoCliTest extends AliceCliTest {
    private static final Pattern UNDO_RUN = Pattern.compile("the undo ran as run (\\d+)");

    private RemoteClient remote;

    /** Run A uploads a, b, c; run B downloads a new a and a created d, deletes b here, trashes c on the server. */
    private void twoRuns() throws Exception {
        loginAndPair();
        remote = server.remote("alice");
        write("a.txt", "one");
        write("b.txt", "bee");
        write("c.txt", "sea");
        sync();
        remote.putFile("/Sync/a.txt", bytes("two"));
        remote.trash("/Sync/b.txt");
        remote.putFile("/Sync/d.txt", bytes("new"));
        Files.delete(local.resolve("c.txt"));
        sync();
        assertEquals("two", read("a.txt"));
        assertFalse(Files.exists(local.resolve("b.txt")));
        assertFalse(remote.exists("/Sync/c.txt"));
        assertEquals("new", read("d.txt"));
    }

    @Test
    void aDryRunShowsWhatTheRunChangedAndWhatUndoWouldDoAndChangesNothing() throws Exception {
        twoRuns();
        assertEquals(0, run("undo", "--home", home.toString()), () -> err);
        assertTrue(out.contains("a.txt  downloaded (changed)"), out);
        assertTrue(out.contains("b.txt  deleted here (deleted on the server)"), out);
        assertTrue(out.contains("c.txt  file moved to the server's trash (deleted here)"), out);
        assertTrue(out.contains("d.txt  downloaded (new)"), out);
        assertTrue(out.contains("undo would:") && out.contains("put back the earlier content of a.txt"), out);
        assertTrue(out.contains("dry run: nothing was changed"), out);
        assertEquals("two", read("a.txt"));
        assertEquals("new", read("d.txt"));
        assertFalse(remote.exists("/Sync/c.txt"));
    }

    @Test
    void undoWithYesPutsBackEveryFileOnBothSidesAndCanItselfBeUndone() throws Exception {
        twoRuns();
        assertEquals(0, run("undo", "--yes", "--home", home.toString()), () -> out + err);
        assertBefore();
        Matcher m = UNDO_RUN.matcher(out);
        assertTrue(m.find(), out);

        assertEquals(0, run("undo", m.group(1), "--yes", "--home", home.toString()), () -> out + err);
        assertEquals("two", read("a.txt"));
        assertEquals("two", text(remote.read("/Sync/a.txt")));
        assertFalse(Files.exists(local.resolve("b.txt")));
        assertFalse(remote.exists("/Sync/b.txt"));
        assertFalse(Files.exists(local.resolve("c.txt")));
        assertFalse(remote.exists("/Sync/c.txt"));
        assertEquals("new", read("d.txt"));
        assertEquals("new", text(remote.read("/Sync/d.txt")));
    }

    @Test
    void anItemChangedSinceTheRunIsLeftAsItIsAndListed() throws Exception {
        twoRuns();
        assertEquals(0, run("undo", "--list", "--home", home.toString()), () -> err);
        Matcher m = Pattern.compile("run (\\d+) ").matcher(out);
        assertTrue(m.find(), out);
        String runB = m.group(1);
        write("a.txt", "mine, written after the run");
        sync();
        assertEquals(0, run("undo", runB, "--yes", "--home", home.toString()), () -> out + err);
        assertTrue(out.contains("a.txt: changed again since; left as it is"), out);
        assertEquals("mine, written after the run", read("a.txt"));
        assertEquals("mine, written after the run", text(remote.read("/Sync/a.txt")));
        assertEquals("bee", read("b.txt"));
        assertFalse(Files.exists(local.resolve("d.txt")));
    }

    @Test
    void undoFolderToATimePutsTheFolderBackAsItWasThen() throws Exception {
        loginAndPair();
        remote = server.remote("alice");
        write("a.txt", "one");
        write("b.txt", "bee");
        sync();
        Thread.sleep(20);
        Instant then = Instant.now();
        Thread.sleep(20);
        remote.putFile("/Sync/a.txt", bytes("two"));
        sync();
        remote.putFile("/Sync/a.txt", bytes("three"));
        remote.putFile("/Sync/e.txt", bytes("eee"));
        sync();
        assertEquals(0, run("undo", "--folder", local.toString(), "--to", then.toString(), "--yes", "--home",
                home.toString()), () -> out + err);
        assertTrue(out.contains("2 run(s) since"), out);
        assertEquals("one", read("a.txt"));
        assertEquals("one", text(remote.read("/Sync/a.txt")));
        assertEquals("bee", read("b.txt"));
        assertFalse(Files.exists(local.resolve("e.txt")));
        assertFalse(remote.exists("/Sync/e.txt"));
    }

    @Test
    void withoutConfirmationNothingIsUndoneAndAMissingRunIsRefused() throws Exception {
        twoRuns();
        assertEquals(ExitCodes.CONFIG, run("undo", "999999", "--home", home.toString()));
        assertTrue(err.contains("no run 999999 is recorded"), err);
        assertEquals(ExitCodes.CONFIG, run("undo", "--folder", local.toString(), "--home", home.toString()));
        assertTrue(err.contains("--folder and --to go together"), err);
    }

    private void assertBefore() throws Exception {
        assertEquals("one", read("a.txt"));
        assertEquals("one", text(remote.read("/Sync/a.txt")));
        assertEquals("bee", read("b.txt"));
        assertEquals("bee", text(remote.read("/Sync/b.txt")));
        assertEquals("sea", read("c.txt"));
        assertEquals("sea", text(remote.read("/Sync/c.txt")));
        assertFalse(Files.exists(local.resolve("d.txt")));
        assertFalse(remote.exists("/Sync/d.txt"));
    }

    private void sync() {
        server.flushTreeEtags(); // the server's folder ETags as its 500 ms flush leaves them
        assertEquals(0, run("sync-once", "--home", home.toString()), () -> out + err);
    }

    private void write(String name, String content) throws Exception {
        Files.writeString(local.resolve(name), content);
    }

    private String read(String name) throws Exception {
        return Files.readString(local.resolve(name));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

}
