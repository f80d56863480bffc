package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.ui.base.UiPreferences;

/** Issue 18 #1: the window's place is kept, but never off-screen or larger than the screen. */
class WindowGeometryTest {
    private static final Rectangle2D LAPTOP = new Rectangle2D(0, 0, 1366, 740);
    private static final Rectangle2D RIGHT = new Rectangle2D(1366, 0, 1920, 1050);

    @Test
    void aPlaceOnAScreenIsKept() {
        WindowGeometry g = new WindowGeometry(1500, 100, 1000, 700, false).fit(List.of(LAPTOP, RIGHT), 760, 520);
        assertEquals(new WindowGeometry(1500, 100, 1000, 700, false), g);
    }

    @Test
    void aPlaceOnAScreenThatIsGoneMovesToThePrimaryAndShrinksToIt() {
        WindowGeometry g = new WindowGeometry(1500, 100, 1800, 1000, true).fit(List.of(LAPTOP), 760, 520);
        assertEquals(1366, g.width());
        assertEquals(740, g.height());
        assertEquals(0, g.x());
        assertEquals(0, g.y());
        assertTrue(g.maximized(), "maximized stays maximized");
    }

    @Test
    void aTitleBarAboveTheScreenIsBroughtDown() {
        WindowGeometry g = new WindowGeometry(0, -7, 900, 600, false).fit(List.of(LAPTOP), 760, 520);
        assertTrue(g.y() >= 0, "the title bar is visible: " + g);
    }

    @Test
    void theFirstStartIsTheDefaultSizeCentredAndNeverBelowTheMinimum() {
        WindowGeometry g = WindowGeometry.firstStart(List.of(RIGHT), WindowGeometry.DEFAULT_WIDTH,
                WindowGeometry.DEFAULT_HEIGHT, WindowGeometry.MIN_WIDTH, WindowGeometry.MIN_HEIGHT);
        assertEquals(WindowGeometry.DEFAULT_WIDTH, g.width());
        assertEquals(WindowGeometry.DEFAULT_HEIGHT, g.height());
        assertEquals(1366 + (1920 - WindowGeometry.DEFAULT_WIDTH) / 2, g.x());
        WindowGeometry small = new WindowGeometry(10, 10, 300, 200, false).fit(List.of(RIGHT), 760, 520);
        assertEquals(760, small.width());
        assertEquals(520, small.height());
    }

    @Test
    void savedAndReadBack(@TempDir Path dir) throws Exception {
        UiPreferences p = UiPreferences.load(dir.resolve("ui.properties"));
        new WindowGeometry(12, 34, 1000, 700, true).save(p, "main");
        p.save();
        assertEquals(new WindowGeometry(12, 34, 1000, 700, true),
                WindowGeometry.load(UiPreferences.load(dir.resolve("ui.properties")), "main").orElseThrow());
        p.put("window.main", "garbage");
        assertTrue(WindowGeometry.load(p, "main").isEmpty(), "an unreadable value is ignored");
    }
}
