package org.oxisync.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.LocalStore;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.ActivityModel;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** An Activity list emptied by its filter says that nothing matches, not that nothing happened. */
@ExtendWith(ApplicationExtension.class)
class ActivityPlaceholderTest {
    @TempDir static Path tmp;
    private final I18n i18n = I18n.english();
    private LocalStore store;
    private Background background;
    private ActivityModel model;
    private ActivityPane pane;

    @Start
    void start(Stage stage) {
        store = LocalStore.open(tmp.resolve("data"), "alice", Clock.systemUTC(), StoreOptions.DEFAULT);
        FolderPair p = store.accounts().savePair(FolderPair.create("Docs", tmp.resolve("Docs").toString(), "r", "/"));
        store.activity().append(p.id(), "upload", "a.txt", "1 bytes sent");
        background = new Background(1, 1);
        model = new ActivityModel(() -> store, background);
        pane = new ActivityPane(i18n, model, new StatusSurfacesPropertyTest.NoActions(), Clock.systemUTC());
        stage.setScene(new Scene(pane, 800, 500));
        stage.show();
    }

    @AfterEach
    void close() {
        background.close();
        store.close();
    }

    private String placeholderTitle() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return fx(() -> {
            TableView<?> t = (TableView<?>) pane.lookup("#activity-table");
            Node p = t.getPlaceholder();
            return p.lookupAll(".label").stream().map(n -> ((Label) n).getText()).findFirst().orElse("");
        });
    }

    @Test
    void aFilterWithNoMatchSaysNothingMatches() throws Exception {
        assertEquals(i18n.t("activity.empty.title"), placeholderTitle());
        fx(() -> {
            model.reload();
            return null;
        });
        UiWait.until("the activity is read", () -> fx(() -> !model.everything().isEmpty()));
        fx(() -> {
            model.filterProperty().set(ActivityModel.Filter.CONFLICTS);
            return null;
        });
        assertEquals(0, (int) fx(() -> model.rows().size()));
        assertEquals(i18n.t("activity.noMatch.title"), placeholderTitle());
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get();
    }

    /** Waits up to 20 s. */
    private static final class UiWait {
        static void until(String what, Callable<Boolean> cond) throws Exception {
            long end = System.nanoTime() + 20_000_000_000L;
            while (!cond.call()) {
                if (System.nanoTime() > end) {
                    throw new AssertionError("timed out waiting until " + what);
                }
                Thread.sleep(50);
            }
        }
    }
}
