package org.oxisync.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.oxisync.ui.model.FolderSelection.Folder;
import org.oxisync.ui.model.FolderSelection.Mark;
import org.oxisync.ui.setup.RemoteFolder;
import org.oxisync.ui.setup.RemoteFolders;

/** Selective sync over nested folders (issue 18 #37): tri-state ticks derived from the excluded paths. */
class FolderSelectionTest {
    private static RemoteFolder folder(String path) {
        return new RemoteFolder("id" + path, path.substring(path.lastIndexOf('/') + 1), path);
    }

    /** /Sync with Docs (Docs/Old, Docs/New) and Photos (Photos/2025, Photos/2026). */
    private static FolderSelection tree(List<String> saved) {
        FolderSelection s = new FolderSelection(folder("/Sync"), saved);
        s.listed(s.root(), List.of(folder("/Sync/Docs"), folder("/Sync/Photos")));
        s.listed(s.find("Docs"), List.of(folder("/Sync/Docs/New"), folder("/Sync/Docs/Old")));
        s.listed(s.find("Photos"), List.of(folder("/Sync/Photos/2025"), folder("/Sync/Photos/2026")));
        return s;
    }

    @Test
    void aListenerOnAFoldersChildrenHearsItsListingEvenAfterGarbageCollections() {
        FolderSelection s = new FolderSelection(folder("/Sync"), List.of());
        int[] heard = {0};
        s.root().children().addListener((javafx.collections.ListChangeListener<Folder>) c -> heard[0]++);
        // the view the listener was added to must outlive collections: a weakly held one was collected here, with it
        java.lang.ref.WeakReference<Object> view = new java.lang.ref.WeakReference<>(s.root().children());
        for (int i = 0; i < 10 && view.get() != null; i++) {
            System.gc();
        }
        s.listed(s.root(), List.of(folder("/Sync/Docs")));
        assertEquals(1, heard[0], "the tree draws a folder's rows from this event");
    }

    @Test
    void uncheckingANestedFolderStoresItsPathAndMarksItsParentsPartly() {
        FolderSelection s = tree(List.of());
        s.toggle(s.find("Photos/2025"));
        assertEquals(List.of("Photos/2025"), s.exclusions());
        assertEquals(Mark.EXCLUDED, s.find("Photos/2025").mark.get());
        assertEquals(Mark.PARTLY, s.find("Photos").mark.get());
        assertEquals(Mark.PARTLY, s.root().mark.get());
        assertEquals(Mark.SYNCED, s.find("Docs").mark.get());
        assertTrue(s.changed());
    }

    @Test
    void uncheckingAFolderCoversEverythingBelowItAndCheckingItAgainSyncsAll() {
        FolderSelection s = tree(List.of("Photos/2025"));
        assertEquals(Mark.PARTLY, s.find("Photos").mark.get(), "a partly synced folder is shown as such");
        s.toggle(s.find("Photos")); // partly -> synced, with everything below it
        assertEquals(List.of(), s.exclusions());
        s.toggle(s.find("Photos")); // synced -> excluded
        assertEquals(List.of("Photos"), s.exclusions(), "one path, not one per sub-folder");
        assertEquals(Mark.EXCLUDED, s.find("Photos/2026").mark.get());
    }

    @Test
    void tickingAFolderBelowAnExcludedOneKeepsItsSiblingsExcluded() {
        FolderSelection s = tree(List.of("Docs"));
        s.toggle(s.find("Docs/New"));
        assertEquals(List.of("Docs/Old"), s.exclusions());
        assertEquals(Mark.PARTLY, s.find("Docs").mark.get());
        assertEquals(Mark.SYNCED, s.find("Docs/New").mark.get());
    }

    @Test
    void foldersAboveASavedExclusionMustBeListedAndUnlistedExclusionsAreKept() {
        FolderSelection s = new FolderSelection(folder("/Sync"), List.of("/Docs/Old/", "Gone/Away"));
        s.listed(s.root(), List.of(folder("/Sync/Docs"), folder("/Sync/Photos")));
        assertTrue(s.mustList(s.find("Docs")), "Docs holds a saved exclusion");
        assertFalse(s.mustList(s.find("Photos")));
        assertEquals(Mark.PARTLY, s.find("Docs").mark.get(), "partly before it is even listed");
        s.listed(s.find("Docs"), List.of(folder("/Sync/Docs/Old")));
        assertEquals(Mark.EXCLUDED, s.find("Docs/Old").mark.get());
        assertNull(s.find("Gone"));
        assertEquals(List.of("Docs/Old", "Gone/Away"), s.exclusions(), "a folder the server no longer lists keeps its rule");
        assertFalse(s.changed());
    }

    @Test
    void freshlyListedFoldersTakeTheirParentsTick() {
        FolderSelection s = new FolderSelection(folder("/Sync"), List.of());
        s.listed(s.root(), List.of(folder("/Sync/Docs")));
        s.toggle(s.find("Docs"));
        s.listed(s.find("Docs"), List.of(folder("/Sync/Docs/Deep")));
        assertEquals(Mark.EXCLUDED, s.find("Docs/Deep").mark.get());
    }

    @Test
    void theSyncedAndNewlyDownloadedBytesFollowTheTicks() {
        FolderSelection s = tree(List.of("Photos"));
        assertEquals(OptionalLong.empty(), s.bytesSynced(), "unknown while the sizes are counted");
        s.sized(s.root(), new RemoteFolders.Size(1_000, 10, true));
        s.sized(s.find("Docs"), new RemoteFolders.Size(100, 2, true));
        s.sized(s.find("Photos"), new RemoteFolders.Size(800, 6, true));
        s.sized(s.find("Photos/2025"), new RemoteFolders.Size(300, 2, true));
        s.sized(s.find("Photos/2026"), new RemoteFolders.Size(500, 4, true));
        assertEquals(OptionalLong.of(200), s.bytesSynced());
        assertEquals(OptionalLong.of(0), s.bytesToDownload(), "nothing newly ticked");
        s.toggle(s.find("Photos/2026"));
        assertEquals(List.of("Photos/2025"), s.exclusions());
        assertEquals(OptionalLong.of(700), s.bytesSynced());
        assertEquals(OptionalLong.of(500), s.bytesToDownload(), "only the newly ticked 2026 comes down");
        s.set(s.root(), false);
        assertEquals(List.of("Docs", "Photos"), s.exclusions(), "Select none unticks every top folder");
        assertEquals(OptionalLong.of(100), s.bytesSynced(), "the files directly in the pair's folder still sync");
    }
}
