package org.oxisync.core.remote;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;

/**
 * Remote discovery as in §7.6 of the protocol reference: compare the root folder's recursive tree ETag with the
 * last listing; descend only into folders whose tree ETag changed (their ETags come from one batch get per level,
 * because listings show a folder's id in place of its ETag); reuse the previous listing of every unchanged
 * subtree. An unchanged server costs exactly one request.
 */
public final class RemoteScanner {
    private final OxiCloudApi api;
    private final SharedStrings shared;

    public RemoteScanner(OxiCloudApi api) {
        this(api, SharedStrings.none());
    }

    /** {@code shared}: the journal's strings, reused for equal values in the listing and the snapshot. */
    public RemoteScanner(OxiCloudApi api, SharedStrings shared) {
        this.api = Objects.requireNonNull(api, "api");
        this.shared = Objects.requireNonNull(shared, "shared");
    }

    /**
     * The listing as it is now, without the reconciler's snapshot (after a run, only the cache is refreshed); empty
     * when the root's tree ETag still matches {@code previous}.
     */
    public java.util.Optional<RemoteTree> relist(RemoteTree previous) {
        Listing l = listing(previous);
        return l.unchanged() ? java.util.Optional.empty() : java.util.Optional.of(l.tree());
    }

    public RemoteScan scan(RemoteTree previous) {
        Listing l = listing(previous);
        return new RemoteScan(l.tree(), snapshotOf(l.tree(), shared), l.requests(), l.unchanged());
    }

    /** The listing now: {@code previous} itself when the root's tree ETag still matches. */
    private record Listing(RemoteTree tree, int requests, boolean unchanged) {}

    private Listing listing(RemoteTree previous) {
        String rootId = previous.rootId();
        FolderDto root = api.folder(rootId);
        int[] requests = {1};
        if (previous.rootEtag().filter(root.etag()::equals).isPresent()) {
            return new Listing(previous, requests[0], true);
        }
        RemoteTree.Builder next = new RemoteTree.Builder(rootId);
        list(rootId, "", root.etag(), previous, next, requests);
        return new Listing(next.build(), requests[0], false);
    }

    /**
     * Lists one changed folder, then recurses into its changed children and copies the unchanged ones. Returns
     * whether the subtree was listed completely; an incomplete one is stored with an empty tree ETag (and so are its
     * ancestors), so that the next run lists it again whatever the server's ETags say.
     */
    private boolean list(String folderId, String name, String treeEtag, RemoteTree previous, RemoteTree.Builder next,
                         int[] requests) {
        List<RemoteTree.File> files = new ArrayList<>();
        List<FolderDto> children = new ArrayList<>();
        Set<String> childSeen = new HashSet<>();
        Iterator<Resource> it = api.allResources(folderId);
        requests[0]++;
        while (it.hasNext()) {
            Resource r = it.next();
            if (r instanceof FileDto f) {
                files.add(shared.file(new RemoteTree.File(f.id(), f.name(), f.etag(), f.contentHash(), f.size(),
                        f.modifiedAt())));
            } else if (r instanceof FolderDto d && !next.folders.containsKey(d.id()) && !d.id().equals(folderId)
                    && childSeen.add(d.id())) {
                // a folder listed twice, or one that contains itself or an ancestor (a broken or hostile server), is
                // taken once: a loop must not recurse forever nor a repeated id multiply the work
                children.add(d);
            }
        }
        List<String> childIds = new ArrayList<>();
        for (FolderDto c : children) {
            childIds.add(c.id());
        }
        next.put(new RemoteTree.Folder(folderId, name, treeEtag, files, childIds));
        if (children.isEmpty()) {
            return true;
        }
        BatchFoldersDto batch = api.folders(childIds);
        requests[0] += (childIds.size() + 999) / 1000;
        Map<String, String> etags = new HashMap<>();
        for (FolderDto f : batch.successful()) {
            etags.put(f.id(), f.etag());
        }
        boolean complete = true;
        for (FolderDto child : children) {
            String etag = etags.get(child.id());
            RemoteTree.Folder cached = previous.folders().get(child.id());
            if (etag == null) {
                // Listed by its parent, then failed in the batch get: trashed or deleted in between (OxiCloud lists
                // a trashed folder's children as an empty page, audit #9, so listing it would read "emptied").
                // This run keeps what it knew of it; the next run lists the parent again and settles it.
                complete = false;
                if (cached != null) {
                    copySubtree(child.id(), child.name(), previous, next);
                }
            } else if (cached != null && etag.equals(cached.treeEtag())) {
                copySubtree(child.id(), child.name(), previous, next);
            } else {
                complete &= list(child.id(), child.name(), etag, previous, next, requests);
            }
        }
        if (!complete) {
            next.put(new RemoteTree.Folder(folderId, name, "", files, childIds));
        }
        return complete;
    }

    private static void copySubtree(String id, String name, RemoteTree previous, RemoteTree.Builder next) {
        RemoteTree.Folder f = previous.folders().get(id);
        if (next.folders.containsKey(id)) {
            return; // a loop in the cached tree (never written by this class, but the cache is a file)
        }
        next.put(new RemoteTree.Folder(id, name, f.treeEtag(), f.files(), f.childFolderIds()));
        for (String child : f.childFolderIds()) {
            RemoteTree.Folder c = previous.folders().get(child);
            if (c != null) {
                copySubtree(child, c.name(), previous, next);
            }
        }
    }

    /** The reconciler's view of a listing: every file and folder below the root, with derived paths. */
    public static RemoteSnapshot snapshotOf(RemoteTree tree) {
        return snapshotOf(tree, SharedStrings.none());
    }

    static RemoteSnapshot snapshotOf(RemoteTree tree, SharedStrings shared) {
        List<RemoteEntry> entries = new ArrayList<>();
        tree.folder(tree.rootId()).ifPresent(root -> addChildren(tree, root, "", entries, shared));
        return new RemoteSnapshot(entries);
    }

    private static void addChildren(RemoteTree tree, RemoteTree.Folder folder, String path,
                                    List<RemoteEntry> entries, SharedStrings shared) {
        String folderId = shared.id(folder.id());
        for (RemoteTree.File f : folder.files()) {
            entries.add(RemoteEntry.file(shared.path(f.id(), RelativePaths.join(path, f.name())), f.id(),
                    folderId, f.etag(), f.contentHash(), f.size(), Instant.ofEpochSecond(f.modifiedAt())));
        }
        for (String childId : folder.childFolderIds()) {
            RemoteTree.Folder child = tree.folders().get(childId);
            if (child == null) {
                continue;
            }
            String childPath = shared.path(child.id(), RelativePaths.join(path, child.name()));
            entries.add(RemoteEntry.dir(childPath, shared.id(child.id()), folderId, child.treeEtag()));
            addChildren(tree, child, childPath, entries, shared);
        }
    }
}
