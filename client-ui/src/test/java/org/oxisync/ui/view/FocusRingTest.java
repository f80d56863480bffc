package org.oxisync.ui.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.oxisync.ui.base.Appearance;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The keyboard focus is drawn on radio buttons and plain buttons (Cancel), in the app's theme and style sheet:
 * a control reached with Tab looks different from the same control without the focus.
 */
@ExtendWith(ApplicationExtension.class)
class FocusRingTest {
    private RadioButton first;
    private RadioButton second;
    private Button cancel;
    private Button other;

    @Start
    void start(Stage stage) {
        Application.setUserAgentStylesheet(Appearance.parse("light").stylesheet(false));
        ToggleGroup g = new ToggleGroup();
        first = new RadioButton("Two-way");
        second = new RadioButton("Upload only");
        first.setToggleGroup(g);
        second.setToggleGroup(g);
        first.setSelected(true);
        cancel = new Button("Cancel");
        other = new Button("Other");
        HBox box = new HBox(20, other, first, second, cancel);
        box.setStyle("-fx-padding: 20;");
        Scene scene = new Scene(box, 600, 120);
        scene.getStylesheets().add(FocusRingTest.class.getResource("/org/oxisync/ui/oxisync.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    private static Image shot(Node n) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return fx(() -> n.snapshot(null, null));
    }

    private static boolean differ(Image a, Image b) {
        if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) {
            return true;
        }
        PixelReader ra = a.getPixelReader();
        PixelReader rb = b.getPixelReader();
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if (ra.getArgb(x, y) != rb.getArgb(x, y)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void aRadioButtonAndAButtonReachedWithTabShowTheFocus(FxRobot robot) throws Exception {
        fx(() -> {
            other.requestFocus();
            return null;
        });
        Image radioPlain = shot(first);
        Image cancelPlain = shot(cancel);
        robot.type(KeyCode.TAB); // onto the selected radio button
        assertTrue(fx(first::isFocused), "the radio button has the focus");
        assertTrue(differ(radioPlain, shot(first)), "the focused radio button is drawn differently");
        for (int i = 0; i < 3 && !fx(cancel::isFocused); i++) {
            robot.type(KeyCode.TAB); // on to Cancel
        }
        assertTrue(fx(cancel::isFocused), "Cancel has the focus");
        assertTrue(differ(cancelPlain, shot(cancel)), "the focused Cancel button is drawn differently");
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get();
    }
}
