package org.oxisync.ui.app;

import java.util.List;
import java.util.Locale;
import javafx.geometry.Rectangle2D;
import org.oxisync.ui.base.UiPreferences;

/**
 * Where a window stood: position, size and whether it was maximized, saved in {@code ui.properties} when it
 * closes and moves, restored at the next start. {@link #fit} places a saved geometry on the screens there are
 * now: a window whose title bar is on no screen (a monitor unplugged, a resolution changed) is moved onto the
 * primary screen, and it is never larger than the screen's usable area. Pure functions but for the property
 * keys.
 */
public record WindowGeometry(double x, double y, double width, double height, boolean maximized) {
    static final String PREFIX = "window.";

    /** The first size of the main window: room for the header, the buttons and a pair card, nothing cut. */
    public static final double DEFAULT_WIDTH = 980;
    public static final double DEFAULT_HEIGHT = 680;
    /** The smallest main window; the layout test checks nothing is truncated at this size either. */
    public static final double MIN_WIDTH = 760;
    public static final double MIN_HEIGHT = 520;

    /** The saved geometry of {@code window} ("main"), if any and readable. */
    public static java.util.Optional<WindowGeometry> load(UiPreferences prefs, String window) {
        String v = prefs.get(PREFIX + window, "");
        String[] p = v.split(",");
        if (p.length != 5) {
            return java.util.Optional.empty();
        }
        try {
            WindowGeometry g = new WindowGeometry(Double.parseDouble(p[0]), Double.parseDouble(p[1]),
                    Double.parseDouble(p[2]), Double.parseDouble(p[3]), Boolean.parseBoolean(p[4]));
            return g.width() > 0 && g.height() > 0 && Double.isFinite(g.x()) && Double.isFinite(g.y())
                    ? java.util.Optional.of(g) : java.util.Optional.empty();
        } catch (NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }

    public void save(UiPreferences prefs, String window) {
        prefs.put(PREFIX + window, String.format(Locale.ROOT, "%.0f,%.0f,%.0f,%.0f,%s", x, y, width, height, maximized));
    }

    /**
     * This geometry placed on {@code screens} (their usable bounds; the first is the primary): at least
     * {@code minW}×{@code minH} where the screen allows, at most the screen; kept where it was when its title bar
     * (the top 40 px, at least 100 px of its width) is on a screen, else centred on the primary screen.
     */
    public WindowGeometry fit(List<Rectangle2D> screens, double minW, double minH) {
        Rectangle2D primary = screens.isEmpty() ? new Rectangle2D(0, 0, 1280, 800) : screens.get(0);
        Rectangle2D home = screens.stream().filter(this::titleBarOn).findFirst().orElse(null);
        Rectangle2D s = home == null ? primary : home;
        double w = Math.min(Math.max(width, minW), s.getWidth());
        double h = Math.min(Math.max(height, minH), s.getHeight());
        if (home == null) {
            return new WindowGeometry(s.getMinX() + (s.getWidth() - w) / 2, s.getMinY() + (s.getHeight() - h) / 3,
                    w, h, maximized);
        }
        double nx = Math.min(Math.max(x, s.getMinX()), s.getMaxX() - w);
        double ny = Math.min(Math.max(y, s.getMinY()), s.getMaxY() - h);
        return new WindowGeometry(nx, ny, w, h, maximized);
    }

    /** The default first geometry: {@link #DEFAULT_WIDTH}×{@link #DEFAULT_HEIGHT}, centred on the primary screen. */
    public static WindowGeometry firstStart(List<Rectangle2D> screens, double w, double h, double minW, double minH) {
        return new WindowGeometry(Double.NaN, Double.NaN, w, h, false).fit(screens, minW, minH);
    }

    private boolean titleBarOn(Rectangle2D screen) {
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            return false;
        }
        double visibleW = Math.min(x + width, screen.getMaxX()) - Math.max(x, screen.getMinX());
        return y >= screen.getMinY() && y + 40 <= screen.getMaxY() && visibleW >= Math.min(100, width);
    }
}
