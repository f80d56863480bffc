package org.oxisync.ui.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.oxisync.ui.setup.RemoteFolder;
import org.oxisync.ui.setup.RemoteFolders;

/**
 * Selective sync over the whole folder tree of a pair: which folders, at any depth, stay on the
 * server only. The truth is the set of excluded paths ('/'-separated, relative to the pair's folder, as
 * {@code SelectiveSync} reads them); every folder's tick is derived from it: {@link Mark#EXCLUDED} when it or a
 * folder above it is excluded, {@link Mark#PARTLY} when something below it is, else {@link Mark#SYNCED}. A folder
 * whose sub-folders are all unticked stays "partly": the files directly in it still sync.
 *
 * <p>Folders are listed lazily ({@link #listed}) when opened; the folders above a saved exclusion are listed at once
 * ({@link #mustList}) so it shows. Saved exclusions of folders the server no longer lists are kept as they are.
 * Runs on the FX thread (its properties are bound to the view).
 */
public final class FolderSelection {
    /** A folder's tick. */
    public enum Mark { SYNCED, PARTLY, EXCLUDED }

    /** One folder of the tree. */
    public static final class Folder {
        public final RemoteFolder remote;
        /** Relative to the pair's folder; "" for the pair's folder itself. */
        public final String path;
        public final ObjectProperty<Mark> mark = new SimpleObjectProperty<>(Mark.SYNCED);
        /** Its content's size; null while counting (see {@link FolderSelection#sized}). */
        public final ObjectProperty<RemoteFolders.Size> size = new SimpleObjectProperty<>();
        /** True when its size could not be counted. */
        public final BooleanProperty sizeUnknown = new SimpleBooleanProperty();
        private final ObservableList<Folder> children = FXCollections.observableArrayList();
        /**
         * The one read-only view of {@link #children}, kept for the folder's life. A view listens to its list only
         * weakly (JavaFX's unmodifiable list), so a fresh view per call, as this returned before, could be collected
         * with the listeners added to it: the tree then never drew the folders listed after a collection (the folder
         * tree of Settings shown with no row, Photos never opened by itself: SelectiveSyncTreeTest and FirstUseTest
         * timing out in CI, about one run in three).
         */
        private final ObservableList<Folder> childrenView = FXCollections.unmodifiableObservableList(children);
        private final Folder parent;
        private boolean listed;

        private Folder(RemoteFolder remote, String path, Folder parent) {
            this.remote = remote;
            this.path = path;
            this.parent = parent;
        }

        public ObservableList<Folder> children() {
            return childrenView;
        }

        public boolean listed() {
            return listed;
        }

        @Override
        public String toString() {
            return remote.name();
        }
    }

    private final Folder root;
    private final Set<String> saved;
    private final Set<String> excluded = new TreeSet<>();
    private final IntegerProperty changes = new SimpleIntegerProperty();

    /** @param exclusions the pair's saved exclusions (none for a new pair) */
    public FolderSelection(RemoteFolder root, Collection<String> exclusions) {
        this.root = new Folder(root, "", null);
        for (String e : exclusions) {
            String p = e.replaceAll("^/+|/+$", "");
            if (!p.isEmpty()) {
                excluded.add(p);
            }
        }
        this.saved = Set.copyOf(excluded);
        refresh(this.root);
    }

    public Folder root() {
        return root;
    }

    /** Counts up whenever a tick or a size changes (for the "to download · free" line). */
    public ReadOnlyIntegerProperty changes() {
        return changes;
    }

    /** The folder's size was counted ({@code null}: it could not be). */
    public void sized(Folder f, RemoteFolders.Size size) {
        f.size.set(size);
        f.sizeUnknown.set(size == null);
        changes.set(changes.get() + 1);
    }

    /** The sub-folders of {@code parent} as the server lists them (only the first listing counts). */
    public void listed(Folder parent, List<RemoteFolder> subFolders) {
        if (parent.listed) {
            return;
        }
        parent.listed = true;
        List<Folder> made = new ArrayList<>();
        for (RemoteFolder r : subFolders) {
            made.add(new Folder(r, parent.path.isEmpty() ? r.name() : parent.path + "/" + r.name(), parent));
        }
        parent.children.setAll(made);
        made.forEach(this::refresh);
    }

    /** True when {@code f} must be listed now: a saved exclusion lies below it, and its tick must show that. */
    public boolean mustList(Folder f) {
        return !f.listed && excluded.stream().anyMatch(e -> under(e, f.path));
    }

    /** A click on the folder's box: a ticked folder is unticked with all below it, any other becomes ticked. */
    public void toggle(Folder f) {
        set(f, f.mark.get() != Mark.SYNCED);
    }

    /** Syncs the folder with everything below it, or keeps it (and everything below it) on the server only. */
    public void set(Folder f, boolean synced) {
        if (f == root) {
            excluded.clear();
            if (!synced) {
                root.children.forEach(c -> excluded.add(c.path));
            }
            refresh(root);
            return;
        }
        excluded.removeIf(e -> e.equals(f.path) || under(e, f.path));
        Folder above = excludedAncestor(f);
        if (synced && above != null) {
            // the folder's excluded ancestor becomes "partly": its other branches stay excluded
            excluded.remove(above.path);
            for (Folder step = f; step != above; step = step.parent) {
                for (Folder sibling : step.parent.children) {
                    if (sibling != step) {
                        excluded.add(sibling.path);
                    }
                }
            }
        } else if (!synced && above == null) {
            excluded.add(f.path);
        }
        refresh(root);
    }

    private Folder excludedAncestor(Folder f) {
        for (Folder a = f.parent; a != null && a != root; a = a.parent) {
            if (excluded.contains(a.path)) {
                return a;
            }
        }
        return null;
    }

    /** The exclusions to save: the topmost unticked folders, plus saved ones of folders no longer listed. */
    public List<String> exclusions() {
        return List.copyOf(excluded);
    }

    /** True when the ticks differ from the saved exclusions. */
    public boolean changed() {
        return !saved.equals(excluded);
    }

    /**
     * The bytes the pair syncs with these ticks: the pair folder's size less its excluded folders'; empty while
     * a needed size is being counted.
     */
    public OptionalLong bytesSynced() {
        return syncedBelow(root, excluded);
    }

    /**
     * The bytes that ticking brings down: what the folders excluded before hold and the new ticks sync; empty
     * while a needed size is being counted.
     */
    public OptionalLong bytesToDownload() {
        long sum = 0;
        for (String s : topmost(saved)) {
            Folder f = find(s);
            if (f == null || excluded.contains(s) || excludedAncestor(f) != null) {
                continue; // still excluded, or no longer listed on the server
            }
            OptionalLong b = syncedBelow(f, excluded);
            if (b.isEmpty()) {
                return b;
            }
            sum += b.getAsLong();
        }
        return OptionalLong.of(sum);
    }

    private OptionalLong syncedBelow(Folder f, Set<String> exclusions) {
        if (f.size.get() == null) {
            return OptionalLong.empty();
        }
        long bytes = f.size.get().bytes();
        for (String e : topmost(exclusions)) {
            if (f == root || under(e, f.path)) {
                Folder x = find(e);
                if (x == null) {
                    continue; // not listed: the server does not hold it
                }
                if (x.size.get() == null) {
                    return OptionalLong.empty();
                }
                bytes -= x.size.get().bytes();
            }
        }
        return OptionalLong.of(Math.max(0, bytes));
    }

    /** The paths no other path of {@code paths} lies above (a saved list may hold "A" and "A/B"). */
    private static List<String> topmost(Set<String> paths) {
        return paths.stream().filter(p -> paths.stream().noneMatch(q -> under(p, q))).toList();
    }

    /** The listed folder at {@code path}, or null. */
    public Folder find(String path) {
        Folder f = root;
        for (String name : path.split("/")) {
            Folder next = null;
            for (Folder c : f.children) {
                if (c.remote.name().equals(name)) {
                    next = c;
                    break;
                }
            }
            if (next == null) {
                return null;
            }
            f = next;
        }
        return f;
    }

    private void refresh(Folder f) {
        f.mark.set(markOf(f.path));
        f.children.forEach(this::refresh);
        changes.set(changes.get() + 1);
    }

    private Mark markOf(String path) {
        for (String e : excluded) {
            if (!path.isEmpty() && (e.equals(path) || under(path, e))) {
                return Mark.EXCLUDED;
            }
        }
        for (String e : excluded) {
            if (path.isEmpty() || under(e, path)) {
                return Mark.PARTLY;
            }
        }
        return Mark.SYNCED;
    }

    /** True when {@code path} lies strictly below {@code folder}. */
    private static boolean under(String path, String folder) {
        return folder.isEmpty() ? !path.isEmpty() : path.startsWith(folder + "/");
    }
}
