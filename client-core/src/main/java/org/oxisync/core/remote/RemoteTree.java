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
     * strings are held in {@link Compact} form (id, ETag and hash shared with the journal's entry when equal) and
     * written to the listing cache as strings.
     */
    @JsonPropertyOrder({"id", "name", "etag", "contentHash", "size", "modifiedAt"})
    public static final class File {
        private final Object id;
        private final Object name;
        private final Object etag;
        private final Object contentHash;
        private final long size;
        private final long modifiedAt;

        public File(String id, String name, String etag, String contentHash, long size, long modifiedAt) {
            this((Object) id, name, etag, contentHash, size, modifiedAt);
        }

        private File(Object id, Object name, Object etag, Object contentHash, long size, long modifiedAt) {
            this.id = Compact.of(id);
            this.name = Compact.of(name);
            this.etag = Compact.of(etag);
            this.contentHash = Compact.of(contentHash);
            this.size = size;
            this.modifiedAt = modifiedAt;
        }

        /** A row whose strings are given in {@link Compact} form (or as strings), to share the journal's. */
        static File compact(Object id, Object name, Object etag, Object contentHash, long size, long modifiedAt) {
            return new File(id, name, etag, contentHash, size, modifiedAt);
        }

        @JsonProperty("id")
        public String id() {
            return Compact.text(id);
        }

        @JsonProperty("name")
        public String name() {
            return Compact.text(name);
        }

        @JsonProperty("etag")
        public String etag() {
            return Compact.text(etag);
        }

        @JsonProperty("contentHash")
        public String contentHash() {
            return Compact.text(contentHash);
        }

        @JsonProperty("size")
        public long size() {
            return size;
        }

        @JsonProperty("modifiedAt")
        public long modifiedAt() {
            return modifiedAt;
        }

        Object compactId() {
            return id;
        }

        Object compactEtag() {
            return etag;
        }

        Object compactContentHash() {
            return contentHash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof File f && Compact.equal(id, f.id) && Compact.equal(name, f.name)
                    && Compact.equal(etag, f.etag) && Compact.equal(contentHash, f.contentHash) && size == f.size
                    && modifiedAt == f.modifiedAt;
        }

        @Override
        public int hashCode() {
            return Objects.hash(Compact.hash(id), Compact.hash(name), Compact.hash(etag), Compact.hash(contentHash),
                    size, modifiedAt);
        }

        @Override
        public String toString() {
            return "File[id=" + id() + ", name=" + name() + ", etag=" + etag() + ", contentHash=" + contentHash()
                    + ", size=" + size + ", modifiedAt=" + modifiedAt + "]";
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
