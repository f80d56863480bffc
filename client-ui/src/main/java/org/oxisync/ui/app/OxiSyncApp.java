package org.oxisync.ui.app;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.oxisync.core.app.AppHome;

/**
 * The JavaFX application: resolves the app home (as the CLI does: {@code --home DIR} or {@code OXISYNC_HOME}),
 * claims the single instance (a second launch only brings the first one's window forward), applies the log
 * level chosen in Settings, reads the OS's light/dark preference off the FX thread, then hands over to
 * {@link Shell}.
 */
public final class OxiSyncApp extends Application {
    private AppHome home;
    private boolean systemDark;
    private SingleInstance instance;
    private Shell shell;
    private volatile Runnable showHook = () -> { };

    @Override
    public void init() throws IOException {
        home = AppHome.fromEnvironment(homeArgument(getParameters().getRaw()).map(java.nio.file.Path::of).orElse(null));
        Optional<SingleInstance> claimed = SingleInstance.claim(home.dir(), () -> Platform.runLater(() -> showHook.run()));
        if (claimed.isEmpty()) {
            return; // start() exits: the running instance shows its window
        }
        instance = claimed.get();
        if (System.getenv("OXISYNC_LOG_LEVEL") == null && System.getProperty("OXISYNC_LOG_LEVEL") == null) {
            String level = UiPreferences.load(home.dir().resolve("ui.properties")).get(UiPreferences.LOG_LEVEL, "warn");
            System.setProperty("OXISYNC_LOG_LEVEL", level.toUpperCase(java.util.Locale.ROOT));
        }
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
        shell.start();
    }

    @Override
    public void stop() {
        if (shell != null) {
            shell.close();
        }
        if (instance != null) {
            instance.close();
        }
        // Non-daemon threads of libraries (AWT's tray) must not keep the process alive.
        System.exit(0);
    }
}
