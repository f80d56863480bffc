package org.oxisync.ui;

import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.oxisync.app.AppHome;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.ui.app.DesktopHooks;
import org.oxisync.ui.app.Shell;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The desktop app as the UI tests open it, one shell at a time on TestFX's stage: against an emulator in this JVM
 * that knows alice (password "secret"), with no tray and openers that fail as on a desktop without xdg-open
 * ({@link FirstUseTest.FailingOpener}). Open it on a new home (the first-run wizard), in a chosen language, or with
 * {@link #openSynced} on an account with one pair whose first sync has run. {@link #close} closes the shell, any
 * other window and the emulator. Each shell makes its own {@link org.oxisync.ui.i18n.I18n} from its home's
 * ui.properties: no language is left behind for the next test.
 */
final class ShellFixture implements AutoCloseable {
    /** The window's size in the language and accessibility tests. */
    static final double WIDTH = 980;
    static final double HEIGHT = 680;

    private final Stage stage;
    private final Path tmp;
    private final OxiCloudEmulator emulator;
    private Shell shell;

    /** Starts the emulator; {@code tmp} holds the homes and local folders. */
    ShellFixture(Stage stage, Path tmp) {
        this.stage = stage;
        this.tmp = tmp;
        this.emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
    }

    OxiCloudEmulator emulator() {
        return emulator;
    }

    /** The open shell (null when none is open). */
    Shell shell() {
        return shell;
    }

    /** Opens the app on {@code home} as a newcomer starts it: the system's language, the window's own size. */
    Shell open(AppHome home) throws Exception {
        return start(home, s -> { });
    }

    /** Opens the app on {@code home} with the window at {@code width} × {@code height}. */
    Shell open(AppHome home, double width, double height) throws Exception {
        return start(home, s -> {
            s.setWidth(width);
            s.setHeight(height);
        });
    }

    /** Opens the app on {@code home} in {@code language} (saved in its ui.properties, as Settings does), 980 × 680. */
    Shell open(AppHome home, Locale language) throws Exception {
        Files.createDirectories(home.dir());
        Files.writeString(home.dir().resolve("ui.properties"), "language=" + language.toLanguageTag() + "\n");
        return open(home, WIDTH, HEIGHT);
    }

    /** Opens the app in {@code language} on a new home, tmp/{@code name}: the first-run wizard. */
    Shell openWizard(String name, Locale language) throws Exception {
        return open(new AppHome(tmp.resolve(name), true), language);
    }

    /**
     * Logs alice in with her password and pairs tmp/Cloud-{@code name} (holding {@code localFiles}, each with "content
     * of NAME") with her drive's root, as the CLI would, in the home tmp/home-{@code name}; then opens the app there
     * in {@code language} and waits for the main window and the end of its first sync. Returns the local folder.
     */
    Path openSynced(String name, Locale language, List<String> localFiles) throws Exception {
        AppHome home = new AppHome(tmp.resolve("home-" + name), true);
        Path local = Files.createDirectories(tmp.resolve("Cloud-" + name));
        for (String f : localFiles) {
            Files.writeString(local.resolve(f), "content of " + f);
        }
        UiTestSupport.setUpAccount(home, emulator.baseUrl(), "alice", "secret", local, List.of());
        Shell s = open(home, language);
        waitUntil("the main window", 20, () -> s.mainView().isPresent());
        waitUntil("the first sync ends", 60, () -> !s.status().busyProperty().get());
        return local;
    }

    private Shell start(AppHome home, Consumer<Stage> size) throws Exception {
        DesktopHooks hooks = new DesktopHooks((h, i18n) -> Optional.empty(), (host, background, i18n) -> new FirstUseTest.FailingOpener(),
                () -> { });
        shell = WaitForAsyncUtils.asyncFx(() -> {
            Shell s = new Shell(home, Clock.systemDefaultZone(), stage, null, false, Shell.DEFAULT_BACKEND, hooks);
            s.start();
            size.accept(stage);
            return s;
        }).get();
        WaitForAsyncUtils.waitForFxEvents();
        return shell;
    }

    /** Closes the open shell and its settings window, if one is open. */
    void closeShell() throws Exception {
        Shell s = shell;
        shell = null;
        UiTestSupport.close(s);
    }

    @Override
    public void close() throws Exception {
        try {
            closeShell();
            WaitForAsyncUtils.asyncFx(() -> {
                for (Window w : List.copyOf(Window.getWindows())) {
                    if (w != stage && w instanceof Stage st) {
                        st.close();
                    }
                }
            }).get();
        } finally {
            emulator.close();
        }
    }
}
