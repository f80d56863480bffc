package org.oxisync.ui.app;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.oxisync.app.AppHome;
import org.oxisync.app.Version;
import org.slf4j.LoggerFactory;
import org.oxisync.ui.base.Appearance;
import org.oxisync.ui.base.UiPreferences;

/**
 * The JavaFX application: resolves the app home (as the CLI does: {@code --home DIR} or {@code OXISYNC_HOME}),
 * claims the single instance (a second launch only brings the first one's window forward), starts the log file
 * ({@link GuiLog}, at the level chosen in Settings), reads the OS's light/dark preference off the FX thread, then hands over to
 * {@link Shell}.
 */
public final class OxiSyncApp extends Application {
    private AppHome home;
    private boolean systemDark;
    private SingleInstance instance;
    private Shell shell;
    private volatile Runnable showHook = () -> { };
    private Optional<GuiLog> log = Optional.empty();

    @Override
    public void init() throws IOException {
        home = AppHome.fromEnvironment(homeArgument(getParameters().getRaw()).map(java.nio.file.Path::of).orElse(null));
        org.oxisync.app.PrivateHome.secure(home); // before the first file of the home is made
        SingleInstance.Claim claim = SingleInstance.tryClaim(home.dir(), () -> Platform.runLater(() -> showHook.run()));
        if (claim.instance().isEmpty()) {
            // start() exits: the running instance shows its window. Say so, never exit silently.
            if (claim.signalled()) {
                System.out.println("OxiSync is already running; its window was brought to the front.");
            } else {
                System.err.println("OxiSync is already running for " + home.dir() + " but did not answer. If it "
                        + "hangs, end it (its log is in " + home.logDir() + ") and start OxiSync again.");
            }
            return;
        }
        instance = claim.instance().get();
        String level = System.getenv("OXISYNC_LOG_LEVEL") != null ? System.getenv("OXISYNC_LOG_LEVEL")
                : UiPreferences.load(home.dir().resolve("ui.properties")).get(UiPreferences.LOG_LEVEL, "warn");
        log = GuiLog.install(home.logDir(), level);
        LoggerFactory.getLogger(GuiLog.SESSION).info("OxiSync {} started (Java {}, JavaFX {}, home {})",
                Version.current(), System.getProperty("java.version"), System.getProperty("javafx.runtime.version"),
                home.dir());
        systemDark = Appearance.systemPrefersDark();
    }

    static Optional<String> homeArgument(List<String> raw) {
        for (int i = 0; i < raw.size(); i++) {
            String a = raw.get(i);
            if (a.equals("--home") && i + 1 < raw.size()) {
                return Optional.of(raw.get(i + 1));
            }
            if (a.startsWith("--home=")) {
                return Optional.of(a.substring("--home=".length()));
            }
        }
        return Optional.empty();
    }

    @Override
    public void start(Stage stage) throws IOException {
        if (instance == null) {
            Platform.exit();
            return;
        }
        shell = new Shell(home, Clock.systemDefaultZone(), stage, getHostServices(), systemDark,
                Shell.DEFAULT_BACKEND, true);
        showHook = shell::showWindow;
        log.ifPresent(l -> shell.settings().logLevelProperty().addListener((o, a, b) -> l.level(b)));
        shell.start();
    }

    @Override
    public void stop() {
        if (shell != null) {
            shell.close();
        }
        if (instance != null) {
            instance.close();
            LoggerFactory.getLogger(GuiLog.SESSION).info("OxiSync stopped");
        }
        log.ifPresent(GuiLog::close);
        // UiMain ends the process once the toolkit is down (AWT's tray threads would keep it alive).
    }

    /** For tests: the shell once started. */
    Optional<Shell> shell() {
        return Optional.ofNullable(shell);
    }
}
