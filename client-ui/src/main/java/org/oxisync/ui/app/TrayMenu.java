package org.oxisync.ui.app;

import static org.oxisync.ui.i18n.I18n.t;

import java.util.List;
import java.util.Optional;
import org.oxisync.ui.sync.PairPhase;

/**
 * What the tray shows and does, without AWT: the state line, the menu entries (labels, enabled, action) and the
 * tooltip. {@link Tray} draws it with {@code java.awt.SystemTray}; tests drive it directly (there is no tray
 * in a headless test). Actions call the {@link Tray.Handler} and must run on the FX thread.
 */
public final class TrayMenu {
    /** Menu entry ids, stable for tests and for the AWT menu. */
    public static final String STATUS = "status";
    public static final String OPEN = "open";
    public static final String PAUSE = "pause";
    public static final String SYNC = "sync";
    public static final String FOLDER = "folder";
    public static final String WEB = "web";
    public static final String QUIT = "quit";

    /** One entry; {@code separatorBefore} draws a line above it. */
    public record Item(String id, String label, boolean enabled, boolean separatorBefore, Runnable action) {}

    private final Tray.Handler handler;
    private PairPhase phase = PairPhase.IDLE;
    private String headline = t("phase.idle");
    private boolean paused;

    public TrayMenu(Tray.Handler handler) {
        this.handler = handler;
    }

    /** The latest state from the status model. */
    public void update(PairPhase phase, String headline, boolean paused) {
        this.phase = phase;
        this.headline = headline == null || headline.isBlank() ? t("phase.idle") : headline;
        this.paused = paused;
    }

    public PairPhase phase() {
        return phase;
    }

    public String tooltip() {
        return t("tray.tooltip", "state", headline);
    }

    public List<Item> items() {
        return List.of(
                new Item(STATUS, headline, false, false, () -> { }),
                new Item(OPEN, t("tray.open"), true, true, handler::showWindow),
                new Item(PAUSE, paused ? t("tray.resume") : t("tray.pause"), true, false, handler::togglePause),
                new Item(SYNC, t("tray.syncNow"), !paused, false, handler::syncNow),
                new Item(FOLDER, t("tray.openFolder"), true, false, handler::openFolder),
                new Item(WEB, t("tray.openWeb"), true, false, handler::openWebUi),
                new Item(QUIT, t("tray.quit"), true, true, handler::quit));
    }

    public Optional<Item> item(String id) {
        return items().stream().filter(i -> i.id().equals(id)).findFirst();
    }
}
