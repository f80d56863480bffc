package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;
import org.oxisync.ui.base.UiPreferences;

/**
 * The main window comes back at its saved outer size and place even when the window system drops the bounds set
 * before the first show (GTK under openbox did: the window opened at its minimum size where the manager chose).
 */
@ExtendWith(ApplicationExtension.class)
class WindowsPlacementTest {
    @TempDir Path tmp;

    @Test
    void theSavedBoundsAreSetAgainOnceTheWindowShowsWhenTheWindowSystemDroppedThem() throws Exception {
        Path file = tmp.resolve("ui.properties");
        Files.writeString(file, "window.main=120,60,1002,725,false\n");
        UiPreferences prefs = UiPreferences.load(file);
        double[] shown = WaitForAsyncUtils.asyncFx(() -> {
            Stage stage = new Stage();
            // what the window manager did at the first map: its own place, the minimum size
            stage.addEventHandler(WindowEvent.WINDOW_SHOWN, e -> {
                stage.setX(1);
                stage.setY(20);
                stage.setWidth(WindowGeometry.MIN_WIDTH);
                stage.setHeight(WindowGeometry.MIN_HEIGHT);
            });
            Windows windows = new Windows(org.oxisync.ui.i18n.I18n.english(), stage, prefs);
            windows.showMain(new StackPane(), "OxiSync", WindowGeometry.DEFAULT_WIDTH, WindowGeometry.DEFAULT_HEIGHT);
            double[] b = {stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()};
            stage.hide();
            return b;
        }).get();
        assertEquals(120, shown[0], 0.5, "x");
        assertEquals(60, shown[1], 0.5, "y");
        assertEquals(1002, shown[2], 0.5, "the saved outer width");
        assertEquals(725, shown[3], 0.5, "the saved outer height");
    }

    @Test
    void laterContentsKeepTheSizeTheUserGaveTheWindow() throws Exception {
        Path file = tmp.resolve("ui.properties");
        Files.writeString(file, "window.main=120,60,1002,725,false\n");
        UiPreferences prefs = UiPreferences.load(file);
        double[] after = WaitForAsyncUtils.asyncFx(() -> {
            Stage stage = new Stage();
            Windows windows = new Windows(org.oxisync.ui.i18n.I18n.english(), stage, prefs);
            windows.showMain(new StackPane(), "Set up OxiSync", 760, 600);
            stage.setWidth(1100);
            stage.setHeight(760);
            windows.showMain(new StackPane(), "OxiSync", WindowGeometry.DEFAULT_WIDTH, WindowGeometry.DEFAULT_HEIGHT);
            double[] b = {stage.getWidth(), stage.getHeight()};
            stage.hide();
            return b;
        }).get();
        assertEquals(1100, after[0], 0.5, "the first placement is not applied again over the user's size");
        assertEquals(760, after[1], 0.5);
    }
}
