package org.oxisync.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppHome;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.app.DesktopHooks;
import org.oxisync.ui.app.Shell;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A test of the desktop app's main window against an emulator that knows alice (password "secret"): the app's
 * {@link #home}, the {@link #local} folder it pairs, the open {@link #shell}; after each test the shell and the
 * emulator are closed. The subclass sets {@link #stage} in its own {@code @Start} method: TestFX looks for that on
 * the test class itself only.
 */
@ExtendWith(ApplicationExtension.class)
abstract class AliceShellTest {
    @TempDir Path tmp;
    Stage stage;
    OxiCloudEmulator emulator;
    RemoteClient remote;
    AppHome home;
    Path local;
    Shell shell;

    @BeforeEach
    void startServer() {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        remote = emulator.remote("alice");
        home = new AppHome(tmp.resolve("home"), true);
        local = tmp.resolve("Cloud");
    }

    @AfterEach
    void closeShellAndServer() throws Exception {
        closeShell();
        emulator.close();
    }

    /** Closes the open shell and its settings window, if one is open. */
    void closeShell() throws Exception {
        Shell s = shell;
        shell = null;
        UiTestSupport.close(s);
    }

    /** alice logs in with her password and pairs {@link #local} with her drive's root, as the CLI would. */
    FolderPair account() throws IOException {
        return UiTestSupport.setUpAccount(home, emulator.baseUrl(), "alice", "secret", local, List.of());
    }

    /** Opens the app on {@link #home} without a tray, with the desktop's own openers. */
    void startShell() throws Exception {
        shell = UiTestSupport.openShell(stage, home);
    }

    /** Opens the app on {@link #home} with {@code hooks} for the tray, the openers and the exit. */
    void startShell(DesktopHooks hooks) throws Exception {
        shell = WaitForAsyncUtils.asyncFx(() -> {
            Shell s = new Shell(home, Clock.systemDefaultZone(), stage, null, false, Shell.DEFAULT_BACKEND, hooks);
            s.start();
            return s;
        }).get();
    }
}
