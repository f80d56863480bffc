package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import javafx.application.Application;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.ui.app.GuiLog;
import org.oxisync.ui.app.OxiSyncApp;
import org.oxisync.ui.app.SingleInstance;
import org.slf4j.LoggerFactory;
import org.testfx.api.FxToolkit;

/**
 * The real start path: the {@link OxiSyncApp} class that {@code oxisync} / {@code oxisync gui} launches, with its
 * {@code --home} argument, started by TestFX on Monocle (init, start, stop), as {@code Application.launch} would.
 */
class AppStartTest {
    @TempDir Path tmp;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @Test
    void theAppOpensTheWizardOnFirstRunHoldsTheInstanceAndWritesAMaskedLogFile() throws Exception {
        Path home = tmp.resolve("portable-home");
        Application app = FxToolkit.setupApplication(OxiSyncApp.class, "--home", home.toString());
        Stage stage = FxToolkit.toolkitContext().getRegisteredStage();
        waitUntil("the first-run wizard is shown", 60, () -> stage.isShowing() && "Set up OxiSync".equals(stage.getTitle())
                && stage.getScene() != null && stage.getScene().lookup("#server-url") != null);
        Optional<SingleInstance> second = SingleInstance.claim(home, () -> { });
        assertTrue(second.isEmpty(), "a second launch on the same home defers to the running app");

        LoggerFactory.getLogger("org.oxisync.test").warn("refresh failed; sent Authorization: Bearer s3cr3t-token "
                + "and {\"password\":\"hunter2\"}");
        Path log = home.resolve("logs").resolve(GuiLog.FILE);
        String text = Files.readString(log);
        assertTrue(text.matches("(?s).*INFO  \\[.*\\] session: OxiSync \\S+ started \\(Java .*home " 
                + java.util.regex.Pattern.quote(home.toString()) + "\\).*"), text);
        assertTrue(text.contains("sent Authorization: Bearer *** and {\"password\":\"***\"}"), text);
        assertFalse(text.contains("s3cr3t") || text.contains("hunter2"), "no secret in the log: " + text);

        FxToolkit.cleanupApplication(app);
        assertTrue(Files.readString(log).contains("OxiSync stopped"), "the end of the session is logged");
        Optional<SingleInstance> after = SingleInstance.claim(home, () -> { });
        assertTrue(after.isPresent(), "the instance lock is released when the app stops");
        after.get().close();
    }
}
