package org.oxisync.packaging;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.oxisync.ui.Launcher;

/**
 * The GUI launcher's Main-Class: CLI arguments must reach OxiSyncMain without a single JavaFX class being
 * loaded (the packaged `oxisync` and `OxiSync --version` rely on it), the rest opens the window.
 */
class LauncherRoutingTest {

    @Test
    void noArgumentsOrGuiOpenTheWindow() {
        assertTrue(Launcher.opensWindow());
        assertTrue(Launcher.opensWindow("gui"));
        assertTrue(Launcher.opensWindow("gui", "--minimized"));
        assertFalse(Launcher.opensWindow("--version"));
        assertFalse(Launcher.opensWindow("sync-once", "gui"));
    }

    @Test
    void windowGetsTheArgumentsAfterGui() {
        assertArrayEquals(new String[] {"--minimized"}, Launcher.windowArguments("gui", "--minimized"));
        assertArrayEquals(new String[0], Launcher.windowArguments());
    }

    @Test
    void cliArgumentsRunTheCliWithoutLoadingJavaFx() throws Exception {
        Run run = launch("--version");

        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("org.oxisync.app.cli.OxiSyncMain"), "OxiSyncMain was not loaded");
        assertFalse(run.output().contains("javafx."), "a JavaFX class was loaded for a CLI command");
    }

    @Test
    void guiArgumentReachesJavaFx() throws Exception {
        // without a display the toolkit cannot start, but the launch must have got as far as JavaFX
        Run run = launch("gui");

        assertTrue(run.output().contains("javafx.application.Application"), "JavaFX was not reached");
    }

    private record Run(int exitCode, String output) {
    }

    private static Run launch(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-verbose:class", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), Launcher.class.getName()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile("launcher", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().remove("DISPLAY");
            builder.environment().remove("WAYLAND_DISPLAY");
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
            return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
