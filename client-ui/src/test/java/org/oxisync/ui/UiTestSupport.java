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
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.oxisync.core.app.AppContext;
import org.oxisync.core.app.AppHome;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.setup.LoginSession;
import org.oxisync.ui.setup.PairSetup;
import org.oxisync.ui.setup.RemoteFolder;
import org.testfx.util.WaitForAsyncUtils;

/** Shared helpers of the UI tests: screenshots, waiting, and an account + pair set up without the window. */
final class UiTestSupport {
    private UiTestSupport() {
    }

    /** Saves the scene as a PNG in {@code screenshot.dir} (default target/screenshots); runs on the FX thread. */
    static Path screenshot(Scene scene, String name) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Path dir = Path.of(System.getProperty("screenshot.dir", "target/screenshots"));
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".png");
        WaitForAsyncUtils.asyncFx(() -> {
            WritableImage img = scene.snapshot(null);
            PixelReader pr = img.getPixelReader();
            int w = (int) img.getWidth();
            int h = (int) img.getHeight();
            BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    out.setRGB(x, y, pr.getArgb(x, y));
                }
            }
            ImageIO.write(out, "png", file.toFile());
            return null;
        }).get();
        return file;
    }

    static void waitUntil(String what, int seconds, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out after " + seconds + " s waiting until " + what);
        }
        WaitForAsyncUtils.waitForFxEvents();
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
}
