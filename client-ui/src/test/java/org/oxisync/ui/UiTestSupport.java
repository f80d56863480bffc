package org.oxisync.ui;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelFormat;
import javafx.scene.transform.Transform;
import javafx.stage.Stage;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.app.Shell;
import org.oxisync.ui.model.LoginSession;
import org.oxisync.ui.setup.PairSetup;
import org.oxisync.ui.setup.RemoteFolder;
import org.testfx.util.WaitForAsyncUtils;

/** Shared helpers of the UI tests: screenshots, waiting, and an account + pair set up without the window. */
final class UiTestSupport {
    private UiTestSupport() {
    }

    /**
     * Saves the scene as {@code name.png} and, rendered at 200 % (the root drawn through a 2x scale, as a HiDPI
     * screen draws it), as {@code name@2x.png}, in {@code screenshot.dir} (default target/screenshots).
     */
    static Path screenshot(Scene scene, String name) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Path dir = Path.of(System.getProperty("screenshot.dir", "target/screenshots"));
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".png");
        WaitForAsyncUtils.asyncFx(() -> {
            write(scene.snapshot(null), file);
            SnapshotParameters twice = new SnapshotParameters();
            twice.setTransform(Transform.scale(2, 2));
            twice.setFill(scene.getFill());
            write(scene.getRoot().snapshot(twice, null), dir.resolve(name + "@2x.png"));
            return null;
        }).get();
        return file;
    }

    /** Saves the scene as {@code name.png} at the size it has, without the 2x render (for windows already scaled). */
    static Path snapshot(Scene scene, String name) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Path dir = Path.of(System.getProperty("screenshot.dir", "target/screenshots"));
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".png");
        WaitForAsyncUtils.asyncFx(() -> {
            write(scene.snapshot(null), file);
            return null;
        }).get();
        return file;
    }

    private static void write(WritableImage img, Path file) throws IOException {
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        int[] argb = new int[w * h];
        img.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        out.setRGB(0, 0, w, h, argb, 0, w);
        ImageIO.write(out, "png", file.toFile());
    }

    static void waitUntil(String what, int seconds, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out after " + seconds + " s waiting until " + what);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Opens the app on {@code home} in {@code stage} as a user starts it (the desktop's own openers, no tray), on the
     * FX thread, and waits for the first screen.
     */
    static Shell openShell(Stage stage, AppHome home) throws Exception {
        Shell shell = WaitForAsyncUtils.asyncFx(() -> {
            Shell s = new Shell(home, Clock.systemDefaultZone(), stage, null, false, Shell.DEFAULT_BACKEND, false);
            s.start();
            return s;
        }).get();
        WaitForAsyncUtils.waitForFxEvents();
        return shell;
    }

    /** Closes {@code shell} and its settings window on the FX thread; nothing when {@code shell} is null. */
    static void close(Shell shell) throws Exception {
        if (shell != null) {
            WaitForAsyncUtils.asyncFx(() -> {
                shell.windows().closeSettings();
                shell.close();
            }).get();
        }
    }

    /** Logs in as {@code user} with a password and pairs {@code local} with the drive root, as the CLI would. */
    static FolderPair setUpAccount(AppHome home, String server, String user, String password, Path local,
                                   List<String> exclusions) throws IOException {
        try (AppContext ctx = new AppContext(home, Clock.systemDefaultZone());
             LoginSession s = new LoginSession(ctx, server, null)) {
            s.loginWithPassword(user, password);
            Account a = s.finish();
            OxiCloudApi api = ctx.api();
            api.me();
            return new PairSetup(ctx).create(local, new RemoteFolder(a.rootFolderId(), "All files", "/"), exclusions);
        }
    }

    /**
     * The visible labels and buttons under {@code root} whose text is drawn cut ("Sync …", "P…"): the text the
     * skin draws differs from the control's text (mnemonic underscores aside). Must run on the FX thread after
     * a layout pass.
     */
    static List<String> truncated(javafx.scene.Parent root) {
        root.applyCss();
        root.layout();
        List<String> out = new java.util.ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(javafx.scene.Node n, List<String> out) {
        if (!n.isVisible() || n instanceof javafx.scene.control.ListView<?> || n instanceof javafx.scene.control.TableView<?>
                || n instanceof javafx.scene.control.TreeView<?>) {
            return; // list rows may be cut: they carry the whole text as a tooltip
        }
        if (n instanceof javafx.scene.control.Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            String want = l.isMnemonicParsing() ? l.getText().replaceFirst("_(?=.)", "") : l.getText();
            String shown = l.getChildrenUnmodifiable().stream().filter(c -> c instanceof javafx.scene.text.Text)
                    .map(c -> ((javafx.scene.text.Text) c).getText()).findFirst().orElse("");
            if (!shown.equals(want)) {
                out.add("\"" + want + "\" drawn as \"" + shown + "\" (" + l.getClass().getSimpleName()
                        + (l.getId() == null ? "" : " #" + l.getId()) + ", width " + l.getWidth() + ")");
            }
        }
        if (n instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, out));
        }
    }
}
