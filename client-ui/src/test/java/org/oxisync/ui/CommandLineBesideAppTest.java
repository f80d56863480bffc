package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.setUpAccount;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppHome;
import org.oxisync.app.cli.OxiSyncMain;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.ui.app.DesktopHooks;
import org.oxisync.ui.app.Opener;
import org.oxisync.ui.app.Shell;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The command line beside the running desktop app, which holds the store: {@code oxisync status} and the commands
 * that change the store reach the app over its control socket, and the app runs them (issue 18, item 10).
 */
@ExtendWith(ApplicationExtension.class)
class CommandLineBesideAppTest {
    @TempDir Path tmp;
    private Stage stage;
    private OxiCloudEmulator emulator;
    private AppHome home;
    private Shell shell;
    private String out;
    private String err;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @BeforeEach
    void server() {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        home = new AppHome(tmp.resolve("home"), true);
    }

    @AfterEach
    void tearDown() throws Exception {
        if (shell != null) {
            Shell s = shell;
            WaitForAsyncUtils.asyncFx(s::close).get();
        }
        emulator.close();
    }

    private int cli(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--home";
        all[args.length + 1] = home.dir().toString();
        int code = OxiSyncMain.run(new PrintWriter(o), new PrintWriter(e), all);
        out = o.toString();
        err = e.toString();
        return code;
    }

    @Test
    void theAppAnswersStatusAndRunsTheCommandLinesStoreChanges() throws Exception {
        Path local = tmp.resolve("Cloud");
        setUpAccount(home, emulator.baseUrl(), "alice", "secret", local, List.of());
        Opener none = new Opener() {
            @Override
            public void browse(String url) {
            }

            @Override
            public void open(Path fileOrFolder) {
            }

            @Override
            public void showInFolder(Path file) {
            }
        };
        DesktopHooks hooks = new DesktopHooks((h, i18n) -> Optional.empty(), (host, background, i18n) -> none, () -> { });
        shell = WaitForAsyncUtils.asyncFx(() -> {
            Shell s = new Shell(home, Clock.systemDefaultZone(), stage, null, false, Shell.DEFAULT_BACKEND, hooks);
            s.start();
            return s;
        }).get();
        waitUntil("the app serves the command line", 60, () -> Files.exists(home.dir().resolve("daemon.sock")));

        assertEquals(0, cli("status"), () -> err);
        assertTrue(out.contains("desktop app: running (pid"), out);
        assertTrue(out.contains("daemon:  not running"), out);

        assertEquals(0, cli("pair", "ignore", "add", "*.iso"), () -> err);
        assertEquals("Cloud: *.iso\n", out);
        assertEquals(List.of("*.iso"), shell.context().store().accounts().pairs().get(0).ignorePatterns());

        assertEquals(2, cli("conflicts", "resolve", local.resolve("none.txt").toString(), "--keep", "mine"));
        assertEquals("oxisync conflicts resolve: no open conflict on none.txt in pair 'Cloud' (see oxisync"
                + " conflicts list)\n", err);
    }
}
