package org.oxisync.core.remote;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.oxisync.core.plan.Compact;

/**
 * The last listing of the server tree under a pair's remote folder, by folder id: each folder's tree ETag, its
 * files and its child folder ids. Names, not paths, are kept, because a renamed folder keeps its own tree ETag
 * (only its parent's changes): paths are derived from the root on every use.
 *
 * @param rootId the pair's remote folder id
 */
public record RemoteTree(String rootId, Map<String, Folder> folders) {
    public RemoteTree {
        folders = Map.copyOf(folders);
    }

    public static RemoteTree empty(String rootId) {
        return new RemoteTree(rootId, Map.of());
    }

    public Optional<Folder> folder(String id) {
        return Optional.ofNullable(folders.get(id));
    }

    public Optional<String> rootEtag() {
        return folder(rootId).map(Folder::treeEtag);
    }

    /**
     * This listing with the tree ETags of {@code folderIds} and of all their ancestors made unknown (empty), so that
     * the next discovery lists those folders again whatever the server's ETags say. For a run's own writes: OxiCloud
     * bumps tree ETags up to 500 ms after a change (audit #10), and a listing reused on an ETag that has not moved yet
     * would lack what the journal already records, which reads as "deleted on the server".
     */
    public RemoteTree withStale(java.util.Collection<String> folderIds) {
        java.util.Set<String> stale =
                StaleFolders.withAncestors(folderIds, folders.values(), Folder::id, Folder::childFolderIds);
        Map<String, Folder> out = new HashMap<>(folders);
        for (String id : stale) {
            Folder f = out.get(id);
            if (f != null && !f.treeEtag().isEmpty()) {
                out.put(id, new Folder(f.id(), f.name(), "", f.files(), f.childFolderIds()));
            }
        }
        return new RemoteTree(rootId, out);
    }

    /** One listed folder. {@code name} is empty for the root. */
    public record Folder(String id, String name, String treeEtag, List<File> files, List<String> childFolderIds) {
        public Folder {
            // rows left in the cache file by a relisting that did not read them (SplicedListing): kept as they are
            files = files instanceof UnreadRows ? files : List.copyOf(files);
            childFolderIds = List.copyOf(childFolderIds);
        }
    }

    /**
     * One file row of a listing; {@code modifiedAt} in unix seconds. A value (equal when all fields are); its
     * strings are held in {@link Compact} form and written to the listing cache as strings.
     *
     * <p>Two forms, one behaviour. A row made from the server's strings ({@link #of}) whose id, ETag and hash have
     * OxiCloud's usual shapes holds them as plain fields ({@code FlatFile}: 96 bytes instead of 160 with the three
     * arrays); a row made with the journal's forms ({@link #compact}, to share them) or of another shape holds the
     * forms ({@code HeldFile}, 48 bytes beside the shared arrays). A first sync lists every file before any is in the
     * journal, and its listing held beside the walk was the peak of a million-file join (bench/README.md "A million
     * files").
     */
    @JsonPropertyOrder({"id", "name", "etag", "contentHash", "size", "modifiedAt"})
    public abstract static sealed class File permits HeldFile, FlatFile {
        private final Object name;
        private final long size;
        private final long modifiedAt;

        private File(Object name, long size, long modifiedAt) {
            this.name = Compact.of(name);
            this.size = size;
            this.modifiedAt = modifiedAt;
        }

        /** A row from the server's (or the cache file's) strings. */
        public static File of(String id, String name, String etag, String contentHash, long size, long modifiedAt) {
            Object i = Compact.of(id);
            Object e = Compact.of(etag);
            Object h = Compact.of(contentHash);
            if (i instanceof long[] id2 && id2.length == 2 && e instanceof int[] e4 && e4.length == 4
                    && h instanceof long[] h4 && h4.length == 4) {
                return new FlatFile(id2, name, e4, h4, size, modifiedAt);
            }
            return new HeldFile(i, name, e, h, size, modifiedAt);
        }

        /** A row whose strings are given in {@link Compact} form (or as strings), to share the journal's. */
        static File compact(Object id, Object name, Object etag, Object contentHash, long size, long modifiedAt) {
            return new HeldFile(id, name, etag, contentHash, size, modifiedAt);
        }

        @JsonProperty("id")
        public String id() {
            return Compact.text(compactId());
        }

        @JsonProperty("name")
        public String name() {
            return Compact.text(name);
        }

        @JsonProperty("etag")
        public String etag() {
            return Compact.text(compactEtag());
        }

        @JsonProperty("contentHash")
        public String contentHash() {
            return Compact.text(compactContentHash());
        }

        @JsonProperty("size")
        public long size() {
            return size;
        }

        @JsonProperty("modifiedAt")
        public long modifiedAt() {
            return modifiedAt;
        }

        abstract Object compactId();

        abstract Object compactEtag();

        abstract Object compactContentHash();

        @Override
        public final boolean equals(Object o) {
            return o instanceof File f && Compact.equal(compactId(), f.compactId()) && Compact.equal(name, f.name)
                    && Compact.equal(compactEtag(), f.compactEtag())
                    && Compact.equal(compactContentHash(), f.compactContentHash()) && size == f.size
                    && modifiedAt == f.modifiedAt;
        }

        @Override
        public final int hashCode() {
            return Objects.hash(Compact.hash(compactId()), Compact.hash(name), Compact.hash(compactEtag()),
                    Compact.hash(compactContentHash()), size, modifiedAt);
        }

        @Override
        public final String toString() {
            return "File[id=" + id() + ", name=" + name() + ", etag=" + etag() + ", contentHash=" + contentHash()
                    + ", size=" + size + ", modifiedAt=" + modifiedAt + "]";
        }
    }

    /** A row holding its forms (shared with the journal's, or of shapes {@link FlatFile} cannot hold). */
    static final class HeldFile extends File {
        private final Object id;
        private final Object etag;
        private final Object contentHash;

        private HeldFile(Object id, Object name, Object etag, Object contentHash, long size, long modifiedAt) {
            super(name, size, modifiedAt);
            this.id = Compact.of(id);
            this.etag = Compact.of(etag);
            this.contentHash = Compact.of(contentHash);
        }

        @Override
        Object compactId() {
            return id;
        }

        @Override
        Object compactEtag() {
            return etag;
        }

        @Override
        Object compactContentHash() {
            return contentHash;
        }
    }

    /** A row of the usual shapes (UUID id, OxiCloud ETag, BLAKE3 hash) held as plain fields; forms made on request. */
    static final class FlatFile extends File {
        private final long id0;
        private final long id1;
        private final int etag0;
        private final int etag1;
        private final int etag2;
        private final int etag3;
        private final long hash0;
        private final long hash1;
        private final long hash2;
        private final long hash3;

        private FlatFile(long[] id, String name, int[] etag, long[] hash, long size, long modifiedAt) {
            super(name, size, modifiedAt);
            this.id0 = id[0];
            this.id1 = id[1];
            this.etag0 = etag[0];
            this.etag1 = etag[1];
            this.etag2 = etag[2];
            this.etag3 = etag[3];
            this.hash0 = hash[0];
            this.hash1 = hash[1];
            this.hash2 = hash[2];
            this.hash3 = hash[3];
        }

        @Override
        Object compactId() {
            return new long[] {id0, id1};
        }

        @Override
        Object compactEtag() {
            return new int[] {etag0, etag1, etag2, etag3};
        }

        @Override
        Object compactContentHash() {
            return new long[] {hash0, hash1, hash2, hash3};
        }
    }

    /** A mutable builder used while a discovery runs. */
    static final class Builder {
        final String rootId;
        final Map<String, Folder> folders = new HashMap<>();

        Builder(String rootId) {
            this.rootId = rootId;
        }

        void put(Folder f) {
            folders.put(f.id(), f);
        }

        RemoteTree build() {
            return new RemoteTree(rootId, folders);
        }
    }
}
