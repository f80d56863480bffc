package org.oxisync.ui.app;

import java.awt.AWTException;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.EventQueue;
import java.awt.GraphicsEnvironment;
import java.awt.Image;
import java.awt.MenuItem;
import java.awt.PopupMenu;
import java.awt.RenderingHints;
import java.awt.SystemTray;
import java.awt.TrayIcon;
import java.awt.image.BufferedImage;
import java.util.Optional;
import javafx.application.Platform;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.sync.PairPhase;

/**
 * The tray icon where the desktop has one ({@link SystemTray#isSupported()}; never in headless tests): the state
 * as the icon's colour and tooltip, and a menu to open the window, pause or resume, sync now, open the folder,
 * open the web UI and quit, as {@link TrayMenu} describes them. Menu actions run on the FX thread; AWT calls run
 * on the AWT event thread.
 */
public final class Tray implements TrayPort {
    /** What the menu does; called on the FX thread. */
    public interface Handler {
        void showWindow();

        void togglePause();

        void syncNow();

        void openFolder();

        void openWebUi();

        void quit();
    }

    private final TrayIcon icon;
    private final TrayMenu model;
    private final java.util.Map<String, MenuItem> items;

    private Tray(TrayIcon icon, TrayMenu model, java.util.Map<String, MenuItem> items) {
        this.icon = icon;
        this.model = model;
        this.items = items;
    }

    /** Installs the icon, or returns empty where there is no tray. */
    public static Optional<Tray> install(Handler h, I18n i18n) {
        if (GraphicsEnvironment.isHeadless() || !SystemTray.isSupported()) {
            return Optional.empty();
        }
        try {
            TrayMenu model = new TrayMenu(i18n, h);
            PopupMenu menu = new PopupMenu();
            java.util.Map<String, MenuItem> items = new java.util.LinkedHashMap<>();
            for (TrayMenu.Item i : model.items()) {
                if (i.separatorBefore()) {
                    menu.addSeparator();
                }
                MenuItem m = new MenuItem(i.label());
                m.setEnabled(i.enabled());
                String id = i.id();
                m.addActionListener(e -> Platform.runLater(() -> model.item(id).ifPresent(x -> x.action().run())));
                items.put(id, m);
                menu.add(m);
            }
            TrayIcon icon = new TrayIcon(image(PairPhase.IDLE), "OxiSync", menu);
            icon.setImageAutoSize(true);
            icon.addActionListener(e -> Platform.runLater(h::showWindow));
            SystemTray.getSystemTray().add(icon);
            return Optional.of(new Tray(icon, model, items));
        } catch (AWTException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    @Override
    public void update(PairPhase phase, String headline, boolean paused) {
        model.update(phase, headline, paused);
        String tip = model.tooltip();
        var labels = model.items();
        EventQueue.invokeLater(() -> {
            icon.setImage(image(phase));
            icon.setToolTip(tip);
            for (TrayMenu.Item i : labels) {
                MenuItem m = items.get(i.id());
                m.setLabel(i.label());
                m.setEnabled(i.enabled());
            }
        });
    }

    @Override
    public void notify(String title, String text, boolean error) {
        EventQueue.invokeLater(() -> icon.displayMessage(title, text,
                error ? TrayIcon.MessageType.ERROR : TrayIcon.MessageType.WARNING));
    }

    @Override
    public void remove() {
        EventQueue.invokeLater(() -> SystemTray.getSystemTray().remove(icon));
    }

    /** A round cloud-sync mark in the state's colour, drawn so no image file is needed at any size. */
    static Image image(PairPhase p) {
        int s = 64;
        BufferedImage img = new BufferedImage(s, s, BufferedImage.TYPE_INT_ARGB);
        var g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        Color c = switch (p) {
            case IDLE -> new Color(0x1f883d);
            case SCANNING, SYNCING -> new Color(0x0969da);
            case PAUSED -> new Color(0x6e7781);
            case OFFLINE -> new Color(0x9a6700);
            case ERROR -> new Color(0xcf222e);
        };
        g.setColor(c);
        g.fillOval(2, 2, s - 4, s - 4);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(6, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.drawArc(16, 16, 32, 32, 30, 150);
        g.drawArc(16, 16, 32, 32, 210, 150);
        g.dispose();
        return img;
    }
}
