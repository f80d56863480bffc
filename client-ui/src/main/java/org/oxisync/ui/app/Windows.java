package org.oxisync.ui.app;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import java.util.Optional;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.DirectoryChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.base.Appearance;
import org.oxisync.ui.base.UiPreferences;

/**
 * The one class that opens windows: the main window's content, the settings and "add folder" windows,
 * confirmations and folder choosers. It also applies the theme, so every window looks the same.
 */
public final class Windows {
    private static final String CSS = Objects.requireNonNull(Windows.class.getResource("/org/oxisync/ui/oxisync.css"))
            .toExternalForm();

    private final I18n i18n;
    private final Stage main;
    private final UiPreferences prefs;
    private Stage settings;
    private Stage addPair;
    /** Set once the main window was placed (saved or default geometry); later contents keep its place. */
    private boolean placed;
    /** The geometry the main window was placed at before it was first shown; applied again once it shows. */
    private WindowGeometry firstPlacement;
    /** The main window's last bounds while not maximized (what is saved when it is maximized). */
    private double normalX = Double.NaN;
    private double normalY = Double.NaN;
    private double normalW;
    private double normalH;

    public Windows(I18n i18n, Stage main) {
        this(i18n, main, null);
    }

    /**
     * @param i18n  the words and direction of every window and dialog it opens
     * @param prefs where the main window's geometry is saved and read ({@code null}: nothing is kept)
     */
    public Windows(I18n i18n, Stage main, UiPreferences prefs) {
        this.i18n = i18n;
        this.main = main;
        this.prefs = prefs;
        javafx.beans.value.ChangeListener<Object> track = (o, a, b) -> {
            if (!main.isMaximized() && !main.isIconified() && main.isShowing()) {
                normalX = main.getX();
                normalY = main.getY();
                normalW = main.getWidth();
                normalH = main.getHeight();
            }
        };
        main.xProperty().addListener(track);
        main.yProperty().addListener(track);
        main.widthProperty().addListener(track);
        main.heightProperty().addListener(track);
        main.addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDING, e -> saveGeometry());
    }

    /** The usable bounds of every screen, the primary first. */
    static List<Rectangle2D> screens() {
        List<Rectangle2D> out = new ArrayList<>();
        out.add(Screen.getPrimary().getVisualBounds());
        Screen.getScreens().stream().filter(s -> !s.equals(Screen.getPrimary()))
                .forEach(s -> out.add(s.getVisualBounds()));
        return out;
    }

    /** The main window's geometry now (the normal bounds when maximized). */
    public WindowGeometry geometry() {
        boolean max = main.isMaximized();
        return max && normalW > 0 ? new WindowGeometry(normalX, normalY, normalW, normalH, true)
                : new WindowGeometry(main.getX(), main.getY(), main.getWidth(), main.getHeight(), max);
    }

    /** Writes the main window's geometry to {@code ui.properties} (at hide, close and quit). */
    public void saveGeometry() {
        if (prefs == null || !placed || main.getWidth() <= 0 || Double.isNaN(main.getX())) {
            return;
        }
        geometry().save(prefs, "main");
        try {
            prefs.save();
        } catch (java.io.IOException e) {
            org.slf4j.LoggerFactory.getLogger(Windows.class).warn("cannot save the window's place: {}", e.toString());
        }
    }

    private void place(double width, double height, double minW, double minH) {
        List<Rectangle2D> screens = screens();
        WindowGeometry g = (prefs == null ? java.util.Optional.<WindowGeometry>empty() : WindowGeometry.load(prefs, "main"))
                .map(s -> s.fit(screens, minW, minH))
                .orElseGet(() -> WindowGeometry.firstStart(screens, width, height, minW, minH));
        main.setMaximized(false);
        apply(g);
        firstPlacement = g;
        normalX = g.x();
        normalY = g.y();
        normalW = g.width();
        normalH = g.height();
        if (g.maximized()) {
            main.setMaximized(true);
        }
        placed = true;
    }

    public Stage main() {
        return main;
    }

    /** Sets the light or dark AtlantaFX theme for every window. */
    public void applyTheme(Appearance appearance, boolean systemDark) {
        Application.setUserAgentStylesheet(appearance.stylesheet(systemDark));
    }

    /** Shows {@code root} in the main window (the wizard first, the status window afterwards). */
    public void showMain(Parent root, String title, double width, double height) {
        Scene scene = main.getScene();
        if (scene == null) {
            scene = new Scene(root);
            scene.getStylesheets().add(CSS);
            scene.setNodeOrientation(i18n.orientation());
            main.setScene(scene);
        } else {
            scene.setRoot(root);
            scene.setNodeOrientation(i18n.orientation()); // the language of this shell
            if (!scene.getStylesheets().contains(CSS)) {
                scene.getStylesheets().add(CSS);
            }
        }
        main.setTitle(title);
        main.setMinWidth(WindowGeometry.MIN_WIDTH);
        main.setMinHeight(WindowGeometry.MIN_HEIGHT);
        if (!placed) {
            place(width, height, WindowGeometry.MIN_WIDTH, WindowGeometry.MIN_HEIGHT);
        } else if (!main.isMaximized() && (main.getWidth() < width || main.getHeight() < height)) {
            // from the wizard to the main window: grow to the main window's first size, still on the screen
            WindowGeometry g = new WindowGeometry(main.getX(), main.getY(), Math.max(main.getWidth(), width),
                    Math.max(main.getHeight(), height), false).fit(screens(), WindowGeometry.MIN_WIDTH,
                    WindowGeometry.MIN_HEIGHT);
            main.setX(g.x());
            main.setY(g.y());
            main.setWidth(g.width());
            main.setHeight(g.height());
        }
        main.show();
        WindowGeometry first = firstPlacement;
        if (first != null && !first.maximized()) {
            // GTK under a window manager (openbox) drops the bounds set before the window is first mapped: it came
            // back at its minimum size, wherever the manager put it. Set again once shown, they hold.
            firstPlacement = null;
            apply(first);
        }
    }

    private void apply(WindowGeometry g) {
        main.setX(g.x());
        main.setY(g.y());
        main.setWidth(g.width());
        main.setHeight(g.height());
    }

    /** Shows the main window in front (a second launch, the tray's Open); also when it was hidden or minimized. */
    public void bringToFront() {
        if (main.isIconified()) {
            main.setIconified(false);
        }
        main.show();
        main.toFront();
        // Window managers with focus-stealing prevention ignore toFront for a window the user did not click:
        // a moment "always on top" raises it there too.
        if (!main.isAlwaysOnTop()) {
            main.setAlwaysOnTop(true);
            main.setAlwaysOnTop(false);
        }
        main.requestFocus();
    }

    public void hideMain() {
        main.hide();
    }

    public Stage openSettings(Parent view) {
        if (settings != null && settings.isShowing()) {
            settings.toFront();
            return settings;
        }
        settings = secondary(view, i18n.t("window.settings"), 880, 640);
        settings.setMinWidth(SETTINGS_MIN_WIDTH);
        settings.setMinHeight(480);
        Stage s = settings;
        s.getScene().addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE && !e.isConsumed()) {
                e.consume();
                s.close(); // Esc closes Settings (every change is already saved)
            }
        });
        settings.show();
        return settings;
    }

    /** Wide enough for the seven tabs in one row (the layout test checks no tab overflows into a menu). */
    public static final double SETTINGS_MIN_WIDTH = 800;

    public Stage openAddPair(Parent view) {
        if (addPair != null && addPair.isShowing()) {
            addPair.toFront();
            return addPair;
        }
        addPair = secondary(view, i18n.t("window.addFolder"), 720, 560);
        addPair.initModality(Modality.WINDOW_MODAL);
        addPair.show();
        return addPair;
    }

    public void closeAddPair() {
        if (addPair != null) {
            addPair.close();
            addPair = null;
        }
    }

    public Optional<Stage> settingsWindow() {
        return Optional.ofNullable(settings).filter(Stage::isShowing);
    }

    public void closeSettings() {
        if (settings != null) {
            settings.close();
        }
    }

    private Stage secondary(Parent view, String title, double w, double h) {
        Stage s = new Stage();
        s.initOwner(main);
        Scene scene = new Scene(view, w, h);
        scene.getStylesheets().add(CSS);
        scene.setNodeOrientation(i18n.orientation());
        s.setScene(scene);
        s.setTitle(title);
        s.setMinWidth(560);
        s.setMinHeight(420);
        // Over the main window, title bar on the screen: never at (0, -7) as the window manager may put it.
        List<Rectangle2D> screens = screens();
        double cx = main.isShowing() && Double.isFinite(main.getX()) ? main.getX() + (main.getWidth() - w) / 2 : Double.NaN;
        double cy = main.isShowing() && Double.isFinite(main.getY()) ? main.getY() + Math.max(0, (main.getHeight() - h) / 3) : Double.NaN;
        WindowGeometry g = new WindowGeometry(cx, cy, w, h, false).fit(screens, 560, 420);
        s.setX(g.x());
        s.setY(g.y());
        s.setWidth(g.width());
        s.setHeight(g.height());
        return s;
    }

    /** A folder chooser opened at {@code initial} (or its nearest existing parent). */
    public File chooseDirectory(Path initial, Window owner) {
        DirectoryChooser c = new DirectoryChooser();
        c.setTitle(i18n.t("window.chooseFolder"));
        Path p = initial;
        while (p != null && !Files.isDirectory(p)) {
            p = p.getParent();
        }
        if (p != null) {
            c.setInitialDirectory(p.toFile());
        }
        return c.showDialog(owner == null ? main : owner);
    }

    /** A yes/no question; true when the user chose {@code okLabel}. */
    public boolean confirm(String title, String text, String okLabel) {
        ButtonType ok = new ButtonType(okLabel, ButtonBar.ButtonData.OK_DONE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, text, ok, ButtonType.CANCEL);
        localize(a);
        a.initOwner(settings != null && settings.isShowing() ? settings : main);
        a.setTitle(title);
        a.setHeaderText(title);
        a.getDialogPane().getStylesheets().add(CSS);
        return a.showAndWait().filter(ok::equals).isPresent();
    }

    /** What to do when the window is closed and there is no tray to keep syncing in. */
    public enum CloseChoice { QUIT, MINIMIZE, CANCEL }

    /**
     * Without a system tray, closing the window would end syncing silently: ask. "Minimize" keeps syncing, with
     * the window in the task bar as the way back.
     */
    public CloseChoice askBeforeQuitWithoutTray() {
        ButtonType quit = new ButtonType(i18n.t("quit.quit"), ButtonBar.ButtonData.OK_DONE);
        ButtonType minimize = new ButtonType(i18n.t("quit.minimize"), ButtonBar.ButtonData.OTHER);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, i18n.t("quit.text"), minimize, quit, ButtonType.CANCEL);
        localize(a);
        a.initOwner(main);
        a.setTitle(i18n.t("quit.title"));
        a.setHeaderText(i18n.t("quit.header"));
        a.getDialogPane().getStylesheets().add(CSS);
        a.getDialogPane().setId("quit-without-tray");
        ((javafx.scene.control.Button) a.getDialogPane().lookupButton(minimize)).setDefaultButton(true);
        ((javafx.scene.control.Button) a.getDialogPane().lookupButton(quit)).setDefaultButton(false);
        for (ButtonType t : a.getButtonTypes()) {
            javafx.scene.Node b = a.getDialogPane().lookupButton(t);
            ButtonBar.setButtonUniformSize(b, false); // each button keeps its whole label
            ((javafx.scene.control.Button) b).setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        a.getDialogPane().setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        a.setResizable(true);
        return a.showAndWait().map(b -> b == quit ? CloseChoice.QUIT : b == minimize ? CloseChoice.MINIMIZE
                : CloseChoice.CANCEL).orElse(CloseChoice.CANCEL);
    }

    /** Gives a dialog built elsewhere the look, language, direction and owner of the app's own dialogs. */
    public void prepare(Alert a, String id) {
        localize(a);
        if (main.isShowing()) {
            a.initOwner(main);
        }
        a.getDialogPane().getStylesheets().add(CSS);
        a.getDialogPane().setId(id);
    }

    /** A message that needs no answer (shown without blocking). */
    public void inform(String title, String text) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, text, ButtonType.OK);
        localize(a);
        a.initOwner(settings != null && settings.isShowing() ? settings : main);
        a.setTitle(title);
        a.setHeaderText(title);
        a.getDialogPane().getStylesheets().add(CSS);
        a.getDialogPane().setId("inform");
        a.show();
    }

    /**
     * Right to left for Arabic and Farsi, in dialogs too; OK and Cancel in the user's language (JavaFX's own
     * words for them know only a few languages).
     */
    private void localize(Alert a) {
        a.getDialogPane().setNodeOrientation(i18n.orientation());
        if (a.getDialogPane().lookupButton(ButtonType.OK) instanceof javafx.scene.control.Button ok) {
            ok.setText(i18n.t("common.ok"));
        }
        if (a.getDialogPane().lookupButton(ButtonType.CANCEL) instanceof javafx.scene.control.Button c) {
            c.setText(i18n.t("common.cancel"));
        }
    }

    /** A small modal window over the main window (the sign-in dialog). */
    public Stage openDialog(Parent view, String title, double w, double h) {
        Stage s = secondary(view, title, w, h);
        s.initModality(Modality.WINDOW_MODAL);
        s.getScene().addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE && !e.isConsumed()) {
                e.consume();
                s.close();
            }
        });
        s.show();
        return s;
    }
}
