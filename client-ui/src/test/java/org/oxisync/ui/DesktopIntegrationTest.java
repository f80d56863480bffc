package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.oxisync.ui.app.DesktopHooks;
import org.oxisync.ui.app.Opener;
import org.oxisync.ui.app.TrayMenu;
import org.oxisync.ui.app.TrayPort;
import org.oxisync.ui.model.PairRow;
import org.oxisync.ui.sync.PairPhase;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The tray menu and desktop notifications over real syncs. A headless JVM has no {@code SystemTray}, so the tray
 * is a recording {@link TrayPort} driving the same {@link TrayMenu} the AWT icon draws.
 */
class DesktopIntegrationTest extends AliceShellTest {
    private final FakeTray tray = new FakeTray();
    private final FakeOpener opener = new FakeOpener();
    private final AtomicInteger exits = new AtomicInteger();

    /** Records what the shell shows in the tray and the notifications it pops up. */
    static final class FakeTray implements TrayPort {
        volatile TrayMenu menu;
        final List<String> notes = new CopyOnWriteArrayList<>();
        volatile boolean removed;

        @Override
        public void update(PairPhase phase, String headline, boolean paused) {
            menu.update(phase, headline, paused);
        }

        @Override
        public void notify(String title, String text, boolean error) {
            notes.add((error ? "error: " : "warning: ") + title + " | " + text);
        }

        @Override
        public void remove() {
            removed = true;
        }
    }

    /** Records the pages and folders handed to the desktop. */
    static final class FakeOpener implements Opener {
        final List<String> calls = new CopyOnWriteArrayList<>();

        @Override
        public void browse(String url) {
            calls.add("browse " + url);
        }

        @Override
        public void open(Path fileOrFolder) {
            calls.add("open " + fileOrFolder);
        }

        @Override
        public void showInFolder(Path file) {
            calls.add("show " + file);
        }
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private void openShell() throws Exception {
        account();
        DesktopHooks hooks = new DesktopHooks((h, i18n) -> {
            tray.menu = new TrayMenu(i18n, h);
            return Optional.of(tray);
        }, (host, background, i18n) -> opener, exits::incrementAndGet);
        startShell(hooks);
        waitUntil("the pairs are listed", 10, () -> !shell.status().pairs().isEmpty());
    }

    private void waitIdle(String what) {
        waitUntil(what, 60, () -> {
            PairRow r = shell.status().pairs().get(0);
            return r.lastRunProperty().get() != null && !shell.status().busyProperty().get();
        });
    }

    private void click(String id) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> tray.menu.item(id).orElseThrow().action().run()).get();
        WaitForAsyncUtils.waitForFxEvents();
    }

    private String label(String id) {
        return tray.menu.item(id).orElseThrow().label();
    }

    @Test
    void trayShowsTheStateAndPausesResumesSyncsOpensAndQuits() throws Exception {
        remote.putFile("/a.txt", "a".getBytes(StandardCharsets.UTF_8));
        openShell();
        waitUntil("the file arrives", 60, () -> Files.exists(local.resolve("a.txt")));
        waitIdle("the first run ends");
        waitUntil("the tray says all is well", 10, () -> label(TrayMenu.STATUS).equals("Everything is up to date"));
        assertEquals("OxiSync — Everything is up to date", tray.menu.tooltip());
        assertEquals(PairPhase.IDLE, tray.menu.phase());
        assertEquals("Pause syncing", label(TrayMenu.PAUSE));

        click(TrayMenu.PAUSE);
        waitUntil("the pair is paused", 60, () -> shell.status().pairs().get(0).phaseProperty().get() == PairPhase.PAUSED);
        assertEquals("Resume syncing", label(TrayMenu.PAUSE));
        assertEquals("Syncing is paused", label(TrayMenu.STATUS));
        assertFalse(tray.menu.item(TrayMenu.SYNC).orElseThrow().enabled(), "no 'Sync now' while paused");

        remote.putFile("/b.txt", "b".getBytes(StandardCharsets.UTF_8));
        click(TrayMenu.PAUSE); // now "Resume syncing"
        assertEquals("Pause syncing", label(TrayMenu.PAUSE));
        click(TrayMenu.SYNC);
        waitUntil("syncing resumed and fetched the new file", 60, () -> Files.exists(local.resolve("b.txt")));

        click(TrayMenu.FOLDER);
        click(TrayMenu.WEB);
        assertEquals(List.of("open " + local, "browse " + emulator.baseUrl()), opener.calls);

        click(TrayMenu.QUIT);
        assertEquals(1, exits.get(), "quit ends the app once");
        assertTrue(tray.removed, "the icon is removed");
        shell = null; // closed by quit
    }

    @Test
    void conflictsAndErrorsAreNotifiedOnlyWhileNotificationsAreOn() throws Exception {
        remote.putFile("/plan.txt", "first".getBytes(StandardCharsets.UTF_8));
        remote.putFile("/todo.txt", "first".getBytes(StandardCharsets.UTF_8));
        openShell();
        waitUntil("the files arrive", 60, () -> Files.exists(local.resolve("todo.txt")));
        waitIdle("the first run ends");
        assertTrue(tray.notes.isEmpty(), "nothing to tell after a clean sync: " + tray.notes);

        Files.writeString(local.resolve("plan.txt"), "mine");
        remote.putFile("/plan.txt", "theirs".getBytes(StandardCharsets.UTF_8));
        emulator.setQuota("alice", 20); // full: the new file's upload fails (an error, retried by itself)
        Files.writeString(local.resolve("big.txt"), "more bytes than the quota leaves room for");
        emulator.flushTreeEtags(); // the server's 500 ms ETag flush of the change above
        click(TrayMenu.SYNC);
        // The conflict may take a second run (the first can meet the server's change mid-upload): wait for both.
        waitUntil("a conflict and an error are notified", 60, () -> tray.notes.stream().anyMatch(n -> n.startsWith(
                "warning: Conflict in Cloud")) && tray.notes.stream().anyMatch(n -> n.startsWith("error: ")));
        assertTrue(tray.notes.stream().anyMatch(n -> n.startsWith("warning: Conflict in Cloud | Both sides changed "
                + "plan.txt.")), tray.notes.toString());
        assertTrue(tray.notes.stream().anyMatch(n -> n.startsWith("error: Could not sync a file in Cloud | ")
                && n.contains("storage on the server is full")), tray.notes.toString());

        waitIdle("the run ends");
        int before = tray.notes.size();
        WaitForAsyncUtils.asyncFx(() -> shell.settings().notificationsProperty().set(false)).get();
        Files.writeString(local.resolve("todo.txt"), "mine too");
        remote.putFile("/todo.txt", "theirs too".getBytes(StandardCharsets.UTF_8));
        emulator.flushTreeEtags();
        click(TrayMenu.SYNC);
        waitUntil("the second conflict is counted", 60, () -> shell.status().conflictCountProperty().get() == 2);
        assertEquals(before, tray.notes.size(), "notifications are off: " + tray.notes);
    }
}
