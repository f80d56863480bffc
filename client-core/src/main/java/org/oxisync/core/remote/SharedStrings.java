package org.oxisync.core.remote;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;

/**
 * The journal's copies of the strings a listing repeats (ids, ETags, content hashes, paths), found by remote id. A
 * listing read from the cache or the server holds its own equal copies: at 100,000 files that is about 30 MB of the
 * run's peak heap. Discovery hands out the journal's instances instead; values never change, only which object
 * holds them.
 */
public final class SharedStrings {
    private static final SharedStrings NONE = new SharedStrings(Map.of());

    private final Map<String, JournalEntry> byRemoteId;

    private SharedStrings(Map<String, JournalEntry> byRemoteId) {
        this.byRemoteId = byRemoteId;
    }

    /** Shares nothing (the first run, tests). */
    public static SharedStrings none() {
        return NONE;
    }

    public static SharedStrings of(JournalBase base) {
        return new SharedStrings(base.byRemoteId());
    }

    /** {@code tree} (as read from the listing cache) holding the journal's strings where values are equal. */
    public RemoteTree tree(RemoteTree tree) {
        if (byRemoteId.isEmpty()) {
            return tree;
        }
        Map<String, RemoteTree.Folder> folders = new HashMap<>(tree.folders().size() * 4 / 3 + 16);
        for (RemoteTree.Folder f : tree.folders().values()) {
            List<RemoteTree.File> files = new ArrayList<>(f.files().size());
            for (RemoteTree.File file : f.files()) {
                files.add(file(file));
            }
            List<String> children = new ArrayList<>(f.childFolderIds().size());
            for (String c : f.childFolderIds()) {
                children.add(id(c));
            }
            String id = id(f.id());
            folders.put(id, new RemoteTree.Folder(id, f.name(), f.treeEtag(), files, children));
        }
        return new RemoteTree(tree.rootId(), folders);
    }

    /** {@code f} with the journal's id, ETag and hash strings where they are equal. */
    RemoteTree.File file(RemoteTree.File f) {
        JournalEntry j = byRemoteId.get(f.id());
        if (j == null) {
            return f;
        }
        return new RemoteTree.File(j.remoteId(), f.name(), same(f.etag(), j.remoteEtag()),
                same(f.contentHash(), j.remoteHash()), f.size(), f.modifiedAt());
    }

    /** The journal's copy of a folder's id. */
    String id(String id) {
        JournalEntry j = byRemoteId.get(id);
        return j == null ? id : j.remoteId();
    }

    /** The journal's path string for the entry {@code id} when it equals {@code path}. */
    String path(String id, String path) {
        JournalEntry j = byRemoteId.get(id);
        return j == null ? path : same(path, j.path());
    }

    private static String same(String found, String known) {
        return found != null && found.equals(known) ? known : found;
    }
}
