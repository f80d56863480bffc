package org.oxisync.core.remote;

import java.util.Map;
import org.oxisync.core.plan.Compact;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;

/**
 * The journal's copies of the strings a listing repeats (ids, ETags, content hashes, paths), found by remote id. A
 * listing read from the cache ({@link RemoteTreeFile#load(String, SharedStrings)}) or the server holds its own equal
 * copies: at 100,000 files that is about 30 MB of the
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

    /** {@code f} with the journal's id, ETag and hash forms where they are equal. */
    RemoteTree.File file(RemoteTree.File f) {
        return byRemoteId.containsKey(f.id())
                ? file(f.id(), f.name(), f.etag(), f.contentHash(), f.size(), f.modifiedAt()) : f;
    }

    /**
     * A listing's file row made with the journal's id, ETag and hash forms where they are equal; used while the
     * listing cache is read, so that the reader's own copies die young instead of being kept and then replaced.
     */
    RemoteTree.File file(String id, String name, String etag, String contentHash, long size, long modifiedAt) {
        JournalEntry j = byRemoteId.get(id);
        if (j == null) {
            return RemoteTree.File.of(id, name, etag, contentHash, size, modifiedAt);
        }
        return RemoteTree.File.compact(j.compactRemoteId(), name, Compact.same(etag, j.compactRemoteEtag()),
                Compact.same(contentHash, j.compactRemoteHash()), size, modifiedAt);
    }

    /**
     * The journal's row that records the listing's file {@code f} at {@code path} exactly as it is on the server
     * (a file of that id at that path, with the same ETag, content hash and size), or null.
     */
    JournalEntry settled(RemoteTree.File f, Object path) {
        JournalEntry j = byRemoteId.get(f.id());
        return j != null && j.kind() == org.oxisync.core.plan.EntryKind.FILE && j.size() == f.size()
                && Compact.equal(path, j.compactPath()) && Compact.equal(f.compactId(), j.compactRemoteId())
                && Compact.equal(f.compactEtag(), j.compactRemoteEtag())
                && Compact.equal(f.compactContentHash(), j.compactRemoteHash()) ? j : null;
    }

    /** Whether the journal has no row on the server (a pair's first sync). */
    boolean isEmpty() {
        return byRemoteId.isEmpty();
    }

    /** Whether the journal has a row of the remote id {@code id} (whose forms the listing's then shares). */
    boolean knows(String id) {
        return byRemoteId.containsKey(id);
    }

    /** The journal's form of a folder's id (a new form when the journal lacks it). */
    Object id(String id) {
        JournalEntry j = byRemoteId.get(id);
        return j == null ? Compact.of(id) : j.compactRemoteId();
    }

    /** The journal's path form for the entry {@code id} when it holds {@code path}, else {@code path}'s form. */
    Object path(String id, String path) {
        JournalEntry j = byRemoteId.get(id);
        return j == null ? Compact.of(path) : Compact.same(path, j.compactPath());
    }
}
