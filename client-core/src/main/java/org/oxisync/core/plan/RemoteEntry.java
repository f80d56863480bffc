package org.oxisync.core.plan;

import java.time.Instant;
import java.util.Objects;

/**
 * One entry of the remote tree, relative to the pair's remote folder. A value (equal when all fields are); its id,
 * parent id, ETag and hash are held in {@link Compact} form, shared with the listing's and the journal's.
 */
public final class RemoteEntry {
    private final Object path;
    private final EntryKind kind;
    private final Object id;
    private final Object parentId;
    private final Object etag;
    private final Object contentHash;
    private final long size;
    private final Instant modifiedAt;

    /**
     * @param parentId the containing folder's id (the pair's root folder id for top-level entries)
     * @param contentHash BLAKE3 hex of a file's content; null for folders
     */
    public RemoteEntry(String path, EntryKind kind, String id, String parentId, String etag, String contentHash,
                       long size, Instant modifiedAt) {
        this(path, kind, (Object) id, parentId, etag, contentHash, size, modifiedAt);
    }

    private RemoteEntry(Object path, EntryKind kind, Object id, Object parentId, Object etag, Object contentHash,
                        long size, Instant modifiedAt) {
        this.path = Compact.of(Objects.requireNonNull(path, "path"));
        this.kind = Objects.requireNonNull(kind, "kind");
        this.id = Compact.of(Objects.requireNonNull(id, "id"));
        if (kind != EntryKind.FILE && kind != EntryKind.DIR) {
            throw new IllegalArgumentException("the server only has files and folders: " + path());
        }
        this.parentId = Compact.of(parentId);
        this.etag = Compact.of(etag);
        this.contentHash = Compact.of(contentHash);
        this.size = size;
        this.modifiedAt = modifiedAt;
    }

    public static RemoteEntry file(String path, String id, String parentId, String etag, String hash, long size,
                                   Instant modifiedAt) {
        return new RemoteEntry(path, EntryKind.FILE, id, parentId, etag, hash, size, modifiedAt);
    }

    /** A file whose strings are given in {@link Compact} form (or as strings), to share the listing's. */
    public static RemoteEntry compactFile(Object path, Object id, Object parentId, Object etag, Object hash,
                                          long size, Instant modifiedAt) {
        return new RemoteEntry(path, EntryKind.FILE, id, parentId, etag, hash, size, modifiedAt);
    }

    public static RemoteEntry dir(String path, String id, String parentId, String etag) {
        return new RemoteEntry(path, EntryKind.DIR, id, parentId, etag, null, 0, null);
    }

    /** A folder whose ids are given in {@link Compact} form (or as strings), to share the journal's. */
    public static RemoteEntry compactDir(Object path, Object id, Object parentId, String etag) {
        return new RemoteEntry(path, EntryKind.DIR, id, parentId, etag, null, 0, null);
    }

    RemoteEntry withPath(String p) {
        return new RemoteEntry(p, kind, id, parentId, etag, contentHash, size, modifiedAt);
    }

    public String path() {
        return Compact.text(path);
    }

    /** The path in {@link Compact} form, for records that share it. */
    public Object compactPath() {
        return path;
    }

    public EntryKind kind() {
        return kind;
    }

    public String id() {
        return Compact.text(id);
    }

    public String parentId() {
        return Compact.text(parentId);
    }

    public String etag() {
        return Compact.text(etag);
    }

    public String contentHash() {
        return Compact.text(contentHash);
    }

    public long size() {
        return size;
    }

    public Instant modifiedAt() {
        return modifiedAt;
    }

    /** The id in {@link Compact} form, for records that share it. */
    public Object compactId() {
        return id;
    }

    /** The parent's id in {@link Compact} form (one per folder, shared by its entries). */
    public Object compactParentId() {
        return parentId;
    }

    /** The ETag in {@link Compact} form, for records that share it. */
    public Object compactEtag() {
        return etag;
    }

    /** The hash in {@link Compact} form, for records that share it. */
    public Object compactContentHash() {
        return contentHash;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RemoteEntry e && Compact.equal(path, e.path) && kind == e.kind && Compact.equal(id, e.id)
                && Compact.equal(parentId, e.parentId) && Compact.equal(etag, e.etag)
                && Compact.equal(contentHash, e.contentHash) && size == e.size
                && Objects.equals(modifiedAt, e.modifiedAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Compact.hash(path), kind, Compact.hash(id), Compact.hash(parentId), Compact.hash(etag),
                Compact.hash(contentHash), size, modifiedAt);
    }

    @Override
    public String toString() {
        return "RemoteEntry[path=" + path() + ", kind=" + kind + ", id=" + id() + ", parentId=" + parentId()
                + ", etag=" + etag() + ", contentHash=" + contentHash() + ", size=" + size + ", modifiedAt="
                + modifiedAt + "]";
    }
}
