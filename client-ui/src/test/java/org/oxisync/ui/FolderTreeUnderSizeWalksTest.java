package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.control.TreeItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.BackgroundFolderLoader;
import org.oxisync.ui.model.FolderSelection;
import org.oxisync.ui.model.FolderSelection.Folder;
import org.oxisync.ui.setup.RemoteFolder;
import org.oxisync.ui.setup.RemoteFolders;
import org.oxisync.ui.view.SelectiveTree;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The selective-sync tree (wizard and Settings) sizes every folder it shows; each size is a walk of up to 2,000
 * listings. A folder the user opens must be listed while those walks still run: here six walks (more than the
 * shell's threads) hang on the server until the end of the test, and the opened folder's child still shows. When the
 * walks and the listings shared one pool of three threads, the listing queued behind them (Settings' folder tree was
 * slow to show under load).
 */
@ExtendWith(ApplicationExtension.class)
class FolderTreeUnderSizeWalksTest {
    private static final List<String> TOP = List.of("A", "B", "C", "D", "E", "F");

    @Test
    void theFolderTreeIsShownWhileSizeWalksAreStillRunning() throws Exception {
        CountDownLatch walksMayEnd = new CountDownLatch(1);
        AtomicBoolean opened = new AtomicBoolean();
        AtomicInteger walksHanging = new AtomicInteger();
        OxiCloudApi api = server(id -> {
            if (id.equals("root")) {
                return folders("root", TOP);
            }
            if (!opened.get()) { // a size walk (the tree sizes each folder it shows): hangs until the end
                walksHanging.incrementAndGet();
                walksMayEnd.await();
                return List.of();
            }
            return id.equals("A") ? folders("A", List.of("A1")) : List.of();
        });
        Background background = new Background(3, 2);
        try {
            BackgroundFolderLoader loader = new BackgroundFolderLoader(background, () -> new RemoteFolders(api));
            SelectiveTree tree = fx(() -> new SelectiveTree(I18n.english(),
                    new FolderSelection(new RemoteFolder("root", "", "/"), List.of()), loader));
            waitUntil("the top folders are shown", 60, () -> fx(() -> tree.shown().size() == TOP.size()));
            waitUntil("size walks hang on the server", 60, () -> walksHanging.get() >= 2);

            opened.set(true);
            fx(() -> {
                item(tree, "A").setExpanded(true);
                return null;
            });
            waitUntil("the opened folder's child is shown", 60,
                    () -> fx(() -> tree.shown().stream().anyMatch(f -> f.remote.name().equals("A1"))));
            assertEquals(1, walksMayEnd.getCount(), "the size walks were still running");
        } finally {
            walksMayEnd.countDown();
            background.close();
        }
    }

    private static TreeItem<Folder> item(SelectiveTree tree, String name) {
        for (TreeItem<Folder> c : tree.getRoot().getChildren()) {
            if (c.getValue().remote.name().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no row " + name);
    }

    private static List<Resource> folders(String parent, List<String> names) {
        List<Resource> out = new ArrayList<>();
        for (String n : names) {
            out.add(new FolderDto(n, n, "/" + n, parent, "drive", 0, 0, false, "e", null, null, null, null, false,
                    false));
        }
        return out;
    }

    /** Listing {@code id} on the server: what {@code OxiCloudApi.allResources} answers. */
    private interface Listing {
        List<Resource> of(String id) throws Exception;
    }

    /** A server that answers listings only; anything else is a test error. */
    private static OxiCloudApi server(Listing listing) {
        return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(), new Class<?>[] {OxiCloudApi.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("allResources")) {
                        Iterator<Resource> it = listing.of((String) args[0]).iterator();
                        return it;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get();
    }
}
