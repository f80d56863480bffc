package org.oxisync.ui.view;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.store.LocalStore;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.ErrorsModel;
import org.oxisync.ui.model.StatusModel;
import org.oxisync.ui.sync.PairPhase;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The status surfaces (the header, the pair cards, Errors) in English, German and Arabic, with one pair failing an
 * item over quota and one syncing, rendered to {@code status-LANG.png}. The copies in docs/screenshots come from this
 * test: {@code mvn -o -pl client-ui -am -Dtest=StatusScreenshotsTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Doxisync.docs.screenshots=$PWD/docs/screenshots test} (without the property they go to target/screenshots).
 */
@ExtendWith(ApplicationExtension.class)
class StatusScreenshotsTest {
    @TempDir static Path tmp;
    private Stage stage;
    private LocalStore store;
    private Background background;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close() {
        if (background != null) {
            background.close();
        }
        if (store != null) {
            store.close();
        }
    }

    @Test
    void theStatusSurfacesAreRenderedInEnglishGermanAndArabic() throws Exception {
        store = LocalStore.open(tmp.resolve("data"), "alice", Clock.systemUTC(), StoreOptions.DEFAULT);
        FolderPair docs = store.accounts().savePair(FolderPair.create("Documents", "/home/alice/Documents", "r1",
                "/Documents"));
        FolderPair photos = store.accounts().savePair(FolderPair.create("Photos", "/home/alice/Photos", "r2",
                "/Photos"));
        store.errors().recordFailure(docs.id(), "backup/disk.iso", "the server's storage is full",
                ReasonCode.QUOTA.name(), Map.of());
        background = new Background(1, 1);
        Path dir = Path.of(System.getProperty("oxisync.docs.screenshots", "target/screenshots"));
        Files.createDirectories(dir);
        String english = null;
        for (Locale l : List.of(Locale.ENGLISH, Locale.GERMAN, Locale.forLanguageTag("ar"))) {
            I18n i18n = I18n.of(l);
            String headline = render(i18n, docs, photos, dir.resolve("status-" + l.toLanguageTag() + ".png"));
            if (english == null) {
                english = headline;
            } else {
                assertNotEquals(english, headline, l + ": the header speaks the language");
            }
            BufferedImage img = ImageIO.read(dir.resolve("status-" + l.toLanguageTag() + ".png").toFile());
            assertTrue(img.getWidth() >= 700 && img.getHeight() >= 400, l + ": a whole window is rendered");
        }
    }

    /** Shows header, cards and Errors in {@code i18n}, writes the picture; returns the header's text. */
    private String render(I18n i18n, FolderPair docs, FolderPair photos, Path file) throws Exception {
        StatusModel model = new StatusModel(i18n, Clock.fixed(Instant.parse("2026-12-07T10:00:00Z"), ZoneOffset.UTC));
        ErrorsModel errors = new ErrorsModel(i18n, () -> store, model, background);
        fx(() -> {
            model.setPairs(List.of(docs, photos));
            SyncReport failed = new SyncReport("Documents", SyncStatus.PARTIAL, 3, 1, 0, 0, 0, 0, 0, 0, 0,
                    List.of(new ItemError("backup/disk.iso", Reason.of(ReasonCode.QUOTA, "storage full"))), List.of(),
                    List.of(), "partial", Duration.ofSeconds(2), null);
            model.runFinished("Documents", failed);
            model.setFailing(Map.of("Documents", Set.of("backup/disk.iso")));
            model.stateChanged("Photos", PairPhase.SYNCING, "", null);
            model.progress("Photos", new ProgressSnapshot(12_000_000, 30_000_000, 3, 0, 8, 0, 2_000_000,
                    Optional.empty()));
            return null;
        });
        CountDownLatch read = new CountDownLatch(1);
        fx(() -> {
            errors.reload(read::countDown);
            return null;
        });
        assertTrue(read.await(20, TimeUnit.SECONDS), "Errors read");
        fx(() -> {
            Label header = new Label();
            header.getStyleClass().add("page-title");
            header.textProperty().bind(model.headlineProperty());
            VBox root = new VBox(12, header, new StatusPane(i18n, model, new StatusSurfacesPropertyTest.NoActions()),
                    new ErrorsPane(i18n, errors, new StatusSurfacesPropertyTest.NoActions()));
            root.setPadding(new Insets(16));
            Scene scene = new Scene(root, 800, 760);
            scene.setNodeOrientation(i18n.orientation());
            // the app's look: its AtlantaFX theme and its own stylesheet, as Windows gives every window
            javafx.application.Application.setUserAgentStylesheet(
                    new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet());
            scene.getStylesheets().add(java.util.Objects.requireNonNull(
                    StatusScreenshotsTest.class.getResource("/org/oxisync/ui/oxisync.css")).toExternalForm());
            stage.setScene(scene);
            stage.show();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        return fx(() -> {
            write(stage.getScene().snapshot(null), file);
            return ((Label) ((VBox) stage.getScene().getRoot()).getChildren().get(0)).getText();
        });
    }

    private static void write(WritableImage img, Path file) throws Exception {
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        int[] argb = new int[w * h];
        img.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        out.setRGB(0, 0, w, h, argb, 0, w);
        ImageIO.write(out, "png", file.toFile());
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get();
    }
}
