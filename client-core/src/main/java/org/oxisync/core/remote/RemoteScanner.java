package org.oxisync.core.remote;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.ListingEntries;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.SkippedResource;

/**
 * Remote discovery as in §7.6 of the protocol reference: compare the root folder's recursive tree ETag with the
 * last listing; descend only into folders whose tree ETag changed (their ETags come from one batch get per level,
 * because listings show a folder's id in place of its ETag); reuse the previous listing of every unchanged
 * subtree. An unchanged server costs exactly one request.
 */
public final class RemoteScanner {
    private final OxiCloudApi api;
    private final SharedStrings shared;
    private final FolderLister lister;

    public RemoteScanner(OxiCloudApi api) {
        this(api, SharedStrings.none());
    }

    /** {@code shared}: the journal's strings, reused for equal values in the listing and the snapshot. */
    public RemoteScanner(OxiCloudApi api, SharedStrings shared) {
        this.api = Objects.requireNonNull(api, "api");
        this.shared = Objects.requireNonNull(shared, "shared");
        this.lister = new FolderLister(api);
    }

    /**
     * The listing as it is now, without the reconciler's snapshot (after a run, only the cache is refreshed); empty
     * when the root's tree ETag still matches {@code previous}.
     */
    public java.util.Optional<RemoteTree> relist(RemoteTree previous) {
        Listing l = listing(previous);
        return l.unchanged() ? java.util.Optional.empty() : java.util.Optional.of(l.tree());
    }

    /** A listing made again from an earlier one: the tree, whether nothing changed, and the rows it left out. */
    public record Relisting(RemoteTree tree, boolean unchanged, List<SkippedResource> skipped) {}

    /** Lists again what changed since {@code previous}, {@code root} being the root as the server gave it just now. */
    public Relisting relist(RemoteTree previous, FolderDto root) {
        Listing l = listing(previous, root);
        return new Relisting(l.tree(), l.unchanged(), l.skipped());
    }

    public RemoteScan scan(RemoteTree previous) {
        Listing l = listing(previous);
        return new RemoteScan(l.tree(), snapshotOf(l.tree(), shared), l.requests(), l.unchanged(), l.skipped());
    }

    /** What {@link #scanCached} found, and the root's tree ETag of the listing it stands for. */
    public record CachedScan(RemoteScan scan, java.util.Optional<String> rootEtag) {}

    /**
     * Discovery from the listing cache {@code cache}: as {@code scan(cache.load(rootId, shared))}, with the same
     * requests, but when the root's tree ETag still matches (nothing changed on the server: one request) the snapshot
     * is read straight from the file and the listing itself is never built ({@link CachedListing}); then the scan's
     * tree is null (nothing to save).
     */
    public CachedScan scanCached(RemoteTreeFile cache, String rootId) {
        FolderDto root = api.folder(rootId);
        java.util.Optional<CachedScan> quiet = quiet(cache, rootId, root);
        if (quiet.isPresent()) {
            return quiet.get();
        }
        Listing l = listing(cache.load(rootId, shared), root);
        return new CachedScan(new RemoteScan(l.tree(), snapshotOf(l.tree(), shared), l.requests(), l.unchanged(),
                l.skipped()), l.tree().rootEtag());
    }

    /**
     * The snapshot read straight from the listing cache when the root's tree ETag still matches the saved one
     * (nothing changed on the server), else empty.
     */
    private java.util.Optional<CachedScan> quiet(RemoteTreeFile cache, String rootId, FolderDto root) {
        java.util.Optional<CachedListing> cached = CachedListing.read(cache.path(), rootId);
        if (cached.isPresent() && cached.get().rootEtag().filter(root.etag()::equals).isPresent()) {
            java.util.Optional<RemoteSnapshot> snapshot = cached.get().snapshot(cache.path(), shared);
            if (snapshot.isPresent()) {
                return java.util.Optional.of(new CachedScan(new RemoteScan(null, snapshot.get(), 1, true),
                        cached.get().rootEtag()));
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * As {@link #scanCached}, and a changed listing is saved to {@code cache} (the caller need not). For a pair's
     * first sync (the journal has no row: a join, a first upload or download), the listing is saved and let go
     * <em>before</em> the snapshot is made, and the snapshot is read back from the saved file ({@link CachedListing}):
     * every listed file is new to the journal and held flat ({@link ListingEntries#addNew}), sharing no form with the
     * listing, so the two whole at once were about 340 bytes a file at the end of a join's discovery (bench/README.md
     * "A million files"). Then the scan's tree is null. A listing whose file does not read back plainly is loaded
     * whole, as a damaged cache is.
     */
    public CachedScan scanCachedAndSave(RemoteTreeFile cache, String rootId) throws java.io.IOException {
        return scanCachedAndSave(cache, rootId, api.folder(rootId));
    }

    /**
     * The server's root folder now (one request) and, when its tree ETag still matches the listing cache's, the
     * cache's folders, from which a run reads only a part ({@link CacheCheck#part}).
     */
    public CacheCheck checkCache(RemoteTreeFile cache, String rootId) {
        return checkCache(cache, rootId, api.folder(rootId));
    }

    /** As {@link #checkCache(RemoteTreeFile, String)} with the root as the server gave it just now (no request). */
    public CacheCheck checkCache(RemoteTreeFile cache, String rootId, FolderDto root) {
        java.util.Optional<CachedListing> cached = CachedListing.read(cache.path(), rootId)
                .filter(c -> c.rootEtag().filter(root.etag()::equals).isPresent());
        return new CacheCheck(root, cached, cache.path());
    }

    /** What {@link #checkCache} found: the root as the server gave it, and the cache when the server is unchanged. */
    public static final class CacheCheck {
        private final FolderDto root;
        private final java.util.Optional<CachedListing> quiet;
        private final java.nio.file.Path file;

        private CacheCheck(FolderDto root, java.util.Optional<CachedListing> quiet, java.nio.file.Path file) {
            this.root = root;
            this.quiet = quiet;
            this.file = file;
        }

        public FolderDto root() {
            return root;
        }

        /** Whether the server's root tree ETag matches the cache's (nothing changed on the server). */
        public boolean unchanged() {
            return quiet.isPresent();
        }

        public java.util.Optional<String> rootEtag() {
            return quiet.flatMap(CachedListing::rootEtag);
        }

        /** Folder paths by folder id, of an unchanged cache (empty map otherwise). */
        public Map<String, String> folderPaths() {
            return quiet.map(CachedListing::folderPaths).orElse(Map.of());
        }

        /**
         * The part of the unchanged cache's snapshot holding the folder entries {@code entry} accepts and the file
         * rows of the folders {@code rowsOf} accepts (closed upwards, as {@link CachedListing.Part}); empty when the
         * server changed or the file does not read plainly. Its rows hold {@code shared}'s strings where equal.
         */
        public java.util.Optional<RemoteScan> part(java.util.function.Predicate<String> entry,
                                                   java.util.function.Predicate<String> rowsOf, SharedStrings shared) {
            CachedListing.Part part = new CachedListing.Part() {
                @Override
                public boolean entry(String path) {
                    return entry.test(path);
                }

                @Override
                public boolean rowsOf(String folderPath) {
                    return rowsOf.test(folderPath);
                }
            };
            return quiet.flatMap(c -> c.snapshot(file, shared, part))
                    .map(snapshot -> new RemoteScan(null, snapshot, 1, true));
        }
    }

    /** As {@link #scanCachedAndSave(RemoteTreeFile, String)}, with the root as the server gave it just now. */
    public CachedScan scanCachedAndSave(RemoteTreeFile cache, String rootId, FolderDto root)
            throws java.io.IOException {
        java.util.Optional<CachedScan> quiet = quiet(cache, rootId, root);
        if (quiet.isPresent()) {
            return quiet.get();
        }
        Listing l = listing(cache.load(rootId, shared), root);
        java.util.Optional<String> rootEtag = l.tree().rootEtag();
        if (l.unchanged()) {
            return new CachedScan(new RemoteScan(l.tree(), snapshotOf(l.tree(), shared), l.requests(), true,
                    l.skipped()), rootEtag);
        }
        cache.save(l.tree());
        if (!shared.isEmpty()) {
            return new CachedScan(new RemoteScan(null, snapshotOf(l.tree(), shared), l.requests(), false,
                    l.skipped()), rootEtag);
        }
        int requests = l.requests();
        List<SkippedResource> skipped = l.skipped();
        l = null; // the listing is garbage from here: only the file has it
        RemoteSnapshot snapshot = CachedListing.read(cache.path(), rootId)
                .flatMap(c -> c.snapshot(cache.path(), shared))
                .orElseGet(() -> snapshotOf(cache.load(rootId, shared), shared));
        return new CachedScan(new RemoteScan(null, snapshot, requests, false, skipped), rootEtag);
    }

    /** The listing now: {@code previous} itself when the root's tree ETag still matches. */
    private record Listing(RemoteTree tree, int requests, boolean unchanged, List<SkippedResource> skipped) {}

    private Listing listing(RemoteTree previous) {
        return listing(previous, api.folder(previous.rootId()));
    }

    /** {@code root}: the root folder as the server gave it just now (the discovery's first request). */
    private Listing listing(RemoteTree previous, FolderDto root) {
        String rootId = previous.rootId();
        int[] requests = {1};
        if (previous.rootEtag().filter(root.etag()::equals).isPresent()) {
            return new Listing(previous, requests[0], true, List.of());
        }
        RemoteTree.Builder next = new RemoteTree.Builder(rootId);
        List<SkippedResource> skipped = new ArrayList<>();
        walk(new Pending(rootId, "", root.etag(), null), previous, next, requests, skipped);
        return new Listing(next.build(), requests[0], false, skipped);
    }

    /**
     * The reason of a {@link SkippedResource} for a folder met twice in one discovery (see {@link #walk}); the folder
     * itself was taken once, where it was met first.
     */
    public static final String LISTED_TWICE = "the server listed this folder twice (in two folders, or inside itself)";

    /** A folder to list: its id, name, tree ETag ("" = unknown) and the folder that listed it. */
    record Pending(String id, String name, String treeEtag, String parentId) {}

    /** One folder's listing: its resources in the server's order and the rows it skipped as unsafe. */
    record Page(Pending folder, List<Resource> resources, List<SkippedResource> skipped) {}

    /**
     * The tree ETags of the subfolders the listed pages show, asked in one batch get for all the pages of a window
     * (parts of up to 1,000 ids), after those pages were listed: a run after edits in 1,000 folders under 200 parents
     * asked once for each parent's children, one round trip after another (201 of 1,402 requests, and most of the
     * relisting's time at a million files). A subfolder missing from the answer failed in the batch get.
     */
    private Map<String, String> childEtags(java.util.Collection<Page> pages, int[] requests) {
        java.util.LinkedHashSet<String> ids = new java.util.LinkedHashSet<>();
        for (Page page : pages) {
            for (Resource r : page.resources()) {
                if (r instanceof FolderDto d) {
                    ids.add(d.id());
                }
            }
        }
        Map<String, String> etags = new HashMap<>();
        if (ids.isEmpty()) {
            return etags;
        }
        BatchFoldersDto batch = api.folders(new ArrayList<>(ids));
        requests[0] += (ids.size() + 999) / 1000;
        for (FolderDto d : batch.successful()) {
            etags.put(d.id(), d.etag());
        }
        return etags;
    }

    /**
     * Lists the changed folders breadth first with an explicit queue (no recursion: a tree of any depth), copies the
     * unchanged subtrees from {@code previous}, and takes each folder id once: a folder listed twice, or one that
     * contains itself or an ancestor (a broken or hostile server), is neither listed again nor placed twice, so a
     * loop cannot run away and a repeated id cannot multiply the work. A subtree that could not be listed completely
     * is stored with an empty tree ETag, and so are its ancestors, so that the next run lists it again.
     */
    private void walk(Pending start, RemoteTree previous, RemoteTree.Builder next, int[] requests,
                      List<SkippedResource> skipped) {
        Map<String, String> parentOf = new HashMap<>();
        Set<String> metTwice = new HashSet<>();
        Set<String> incomplete = new HashSet<>();
        ArrayDeque<Pending> queue = new ArrayDeque<>();
        queue.add(start);
        next.put(new RemoteTree.Folder(start.id(), start.name(), start.treeEtag(), List.of(), List.of()));
        ArrayDeque<Page> listed = new ArrayDeque<>();
        Map<String, String> childEtags = new HashMap<>();
        while (!queue.isEmpty() || !listed.isEmpty()) {
            if (listed.isEmpty()) {
                listed.addAll(lister.list(queue)); // the next folders in queue order, listed at once
                childEtags = childEtags(listed, requests);
            }
            Page page = listed.poll();
            Pending f = page.folder();
            List<RemoteTree.File> files = new ArrayList<>();
            List<FolderDto> children = new ArrayList<>();
            if (!page.skipped().isEmpty()) {
                skipped.addAll(page.skipped()); // one unsafe row costs that row, not the listing (and the folder stays stale)
                incomplete.add(f.id());
            }
            requests[0]++;
            for (Resource r : page.resources()) {
                if (r instanceof FileDto file) {
                    files.add(shared.file(RemoteTree.File.of(file.id(), file.name(), file.etag(),
                            file.contentHash(), file.size(), file.modifiedAt())));
                } else if (r instanceof FolderDto d && !next.folders.containsKey(d.id())) {
                    next.put(new RemoteTree.Folder(d.id(), d.name(), "", List.of(), List.of())); // placed: taken once
                    parentOf.put(d.id(), f.id());
                    children.add(d);
                } else if (r instanceof FolderDto d) {
                    // met again: one skipped item per folder, and this listing is read again next run
                    incomplete.add(f.id());
                    if (metTwice.add(d.id())) {
                        skipped.add(new SkippedResource("folder", d.id(), d.name(), LISTED_TWICE));
                    }
                }
            }
            List<String> childIds = new ArrayList<>();
            for (FolderDto c : children) {
                childIds.add(c.id());
            }
            next.put(new RemoteTree.Folder(f.id(), f.name(), f.treeEtag(), files, childIds));
            if (children.isEmpty()) {
                continue;
            }
            for (FolderDto child : children) {
                String etag = childEtags.get(child.id());
                RemoteTree.Folder cached = previous.folders().get(child.id());
                if (etag == null) {
                    // Listed by its parent, then failed in the batch get: trashed or deleted in between (OxiCloud lists
                    // a trashed folder's children as an empty page, audit #9, so listing it would read "emptied").
                    // This run keeps what it knew of it; the next run lists the parent again and settles it.
                    incomplete.add(f.id());
                    if (cached != null) {
                        copySubtree(child.id(), child.name(), previous, next);
                    } else {
                        next.folders.remove(child.id());
                        childIds.remove(child.id());
                    }
                } else if (cached != null && etag.equals(cached.treeEtag())) {
                    copySubtree(child.id(), child.name(), previous, next);
                } else {
                    queue.add(new Pending(child.id(), child.name(), etag, f.id()));
                }
            }
            next.put(new RemoteTree.Folder(f.id(), f.name(), f.treeEtag(), files, childIds));
        }
        for (String id : incomplete) {
            for (String x = id; x != null; x = parentOf.get(x)) {
                RemoteTree.Folder folder = next.folders.get(x);
                if (folder == null || folder.treeEtag().isEmpty()) {
                    break;
                }
                next.put(new RemoteTree.Folder(folder.id(), folder.name(), "", folder.files(),
                        folder.childFolderIds()));
            }
        }
    }

    /** Copies a subtree of the previous listing, iteratively; an id already placed is not placed again. */
    private static void copySubtree(String id, String name, RemoteTree previous, RemoteTree.Builder next) {
        ArrayDeque<String[]> todo = new ArrayDeque<>();
        todo.add(new String[] {id, name});
        boolean first = true;
        while (!todo.isEmpty()) {
            String[] e = todo.poll();
            RemoteTree.Folder f = previous.folders().get(e[0]);
            boolean placedByParent = first; // the child's own placeholder from the listing of its parent
            first = false;
            if (f == null || (!placedByParent && next.folders.containsKey(e[0]))) {
                continue;
            }
            next.put(new RemoteTree.Folder(f.id(), e[1], f.treeEtag(), f.files(), f.childFolderIds()));
            for (String child : f.childFolderIds()) {
                RemoteTree.Folder c = previous.folders().get(child);
                if (c != null) {
                    todo.add(new String[] {child, c.name()});
                }
            }
        }
    }

    /** The reconciler's view of a listing: every file and folder below the root, with derived paths. */
    public static RemoteSnapshot snapshotOf(RemoteTree tree) {
        return snapshotOf(tree, SharedStrings.none());
    }

    static RemoteSnapshot snapshotOf(RemoteTree tree, SharedStrings shared) {
        ListingEntries entries = new ListingEntries();
        RemoteTree.Folder root = tree.folders().get(tree.rootId());
        if (root == null) {
            return new RemoteSnapshot(entries);
        }
        // depth first, each folder's files then each child folder and its subtree, with an explicit stack (a tree of
        // any depth); an id met twice (a loop in a damaged cache) is taken once
        Set<String> seen = new HashSet<>();
        seen.add(root.id());
        ArrayDeque<Frame> stack = new ArrayDeque<>();
        addFiles(root, "", entries, shared);
        stack.push(new Frame(root, ""));
        while (!stack.isEmpty()) {
            Frame top = stack.peek();
            if (top.next >= top.folder.childFolderIds().size()) {
                stack.pop();
                continue;
            }
            RemoteTree.Folder child = tree.folders().get(top.folder.childFolderIds().get(top.next++));
            if (child == null || !seen.add(child.id())) {
                continue;
            }
            String childPath = RelativePaths.join(top.path, child.name());
            entries.add(RemoteEntry.compactDir(shared.path(child.id(), childPath), shared.id(child.id()),
                    shared.id(top.folder.id()), child.treeEtag()));
            addFiles(child, childPath, entries, shared);
            stack.push(new Frame(child, childPath));
        }
        return new RemoteSnapshot(entries);
    }

    /** A folder being walked, and the index of its next child folder. */
    private static final class Frame {
        final RemoteTree.Folder folder;
        final String path;
        int next;

        Frame(RemoteTree.Folder folder, String path) {
            this.folder = folder;
            this.path = path;
        }
    }

    /**
     * A folder's files: each one the journal records as it is listed is held as the journal's row (no second record
     * a file: see {@link ListingEntries}), the others as entries sharing the journal's forms where equal.
     */
    private static void addFiles(RemoteTree.Folder folder, String path, ListingEntries entries,
                                 SharedStrings shared) {
        Object folderId = shared.id(folder.id());
        Instant modified = null; // one object for neighbours modified in the same second (24 bytes a file otherwise)
        for (RemoteTree.File f : folder.files()) {
            if (modified == null || modified.getEpochSecond() != f.modifiedAt()) {
                modified = Instant.ofEpochSecond(f.modifiedAt());
            }
            putFile(entries, -1, f, path, folderId, modified, shared);
        }
    }

    /**
     * The snapshot's entry of the listing's file {@code f} in the folder at {@code path}: appended, or set at
     * {@code index} when that is not negative ({@link CachedListing} fills the positions in the file's order).
     */
    static void putFile(ListingEntries entries, int index, RemoteTree.File f, String path, Object folderId,
                        Instant modified, SharedStrings shared) {
        Object filePath = shared.path(f.id(), RelativePaths.join(path, f.name()));
        org.oxisync.core.plan.JournalEntry settled = shared.settled(f, filePath);
        if (settled != null && index < 0) {
            entries.addSettled(settled, folderId, modified);
        } else if (settled != null) {
            entries.putSettled(index, settled, folderId, modified);
        } else {
            RemoteEntry e = RemoteEntry.compactFile(filePath, f.compactId(), folderId, f.compactEtag(),
                    f.compactContentHash(), f.size(), modified);
            boolean known = shared.knows(f.id()); // its forms are the journal's: held as a record sharing them
            if (index < 0 && known) {
                entries.add(e);
            } else if (index < 0) {
                entries.addNew(e); // new to the journal (every file of a join): held flat
            } else if (known) {
                entries.put(index, e);
            } else {
                entries.putNew(index, e);
            }
        }
    }
}
