package org.oxisync.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.concurrent.Callable;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.RadioButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.ui.i18n.I18n;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Finding 11: with the focus on the sync modes (landed there after signing in with Enter), the arrow keys only move
 * the focus among them and never choose one; Space chooses the mode that has the focus.
 */
@ExtendWith(ApplicationExtension.class)
class ModeChooserKeysTest {
    private ModeChooser modes;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        modes = new ModeChooser(I18n.english());
        modes.show(Role.OWNER, SyncMode.TWO_WAY, false);
        stage.setScene(new Scene(modes, 600, 400));
        stage.show();
    }

    @Test
    void theArrowKeysMoveAmongTheModesAndNeverChooseOneSpaceDoes(FxRobot robot) throws Exception {
        RadioButton twoWay = (RadioButton) modes.lookup("#mode-" + SyncMode.TWO_WAY.wireName());
        fx(() -> {
            twoWay.requestFocus();
            return null;
        });
        robot.type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(SyncMode.TWO_WAY, fx(() -> modes.modeProperty().get()), "Down chose nothing");
        assertEquals(Map.of(SyncMode.TWO_WAY, true), selected(), "the shown choice is as it was");
        Node focused = fx(() -> stage.getScene().getFocusOwner());
        String next = focused.getId();
        assertEquals(true, next.startsWith("mode-") && !next.equals(twoWay.getId()), "the focus moved on: " + next);
        robot.type(KeyCode.UP);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(twoWay.getId(), fx(() -> stage.getScene().getFocusOwner().getId()), "Up moved back");
        robot.type(KeyCode.DOWN).type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(next, "mode-" + fx(() -> modes.modeProperty().get()).wireName(), "Space chose the focused mode");
    }

    private Map<SyncMode, Boolean> selected() throws Exception {
        return fx(() -> {
            Map<SyncMode, Boolean> out = new java.util.EnumMap<>(SyncMode.class);
            for (SyncMode m : SyncMode.values()) {
                if (((RadioButton) modes.lookup("#mode-" + m.wireName())).isSelected()) {
                    out.put(m, true);
                }
            }
            return out;
        });
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get();
    }
}
