package org.oxisync.ui.app;

import java.util.List;
import java.util.Optional;
import org.oxisync.ui.i18n.I18n;
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
    private String headline;
    private boolean paused;

    private final I18n i18n;

    public TrayMenu(I18n i18n, Tray.Handler handler) {
        this.i18n = i18n;
        this.headline = i18n.t("phase.idle");
        this.handler = handler;
    }

    /** The latest state from the status model. */
    public void update(PairPhase phase, String headline, boolean paused) {
        this.phase = phase;
        this.headline = headline == null || headline.isBlank() ? i18n.t("phase.idle") : headline;
        this.paused = paused;
    }

    public PairPhase phase() {
        return phase;
    }

    public String tooltip() {
        return i18n.t("tray.tooltip", "state", headline);
    }

    public List<Item> items() {
        return List.of(
                new Item(STATUS, headline, false, false, () -> { }),
                new Item(OPEN, i18n.t("tray.open"), true, true, handler::showWindow),
                new Item(PAUSE, paused ? i18n.t("tray.resume") : i18n.t("tray.pause"), true, false, handler::togglePause),
                new Item(SYNC, i18n.t("tray.syncNow"), !paused, false, handler::syncNow),
                new Item(FOLDER, i18n.t("tray.openFolder"), true, false, handler::openFolder),
                new Item(WEB, i18n.t("tray.openWeb"), true, false, handler::openWebUi),
                new Item(QUIT, i18n.t("tray.quit"), true, true, handler::quit));
    }

    public Optional<Item> item(String id) {
        return items().stream().filter(i -> i.id().equals(id)).findFirst();
    }
}
