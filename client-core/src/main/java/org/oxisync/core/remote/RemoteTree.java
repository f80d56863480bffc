package org.oxisync.core.remote;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

    /** One listed folder. {@code name} is empty for the root. */
    public record Folder(String id, String name, String treeEtag, List<File> files, List<String> childFolderIds) {
        public Folder {
            files = List.copyOf(files);
            childFolderIds = List.copyOf(childFolderIds);
        }
    }

    /** One file row of a listing; {@code modifiedAt} in unix seconds. */
    public record File(String id, String name, String etag, String contentHash, long size, long modifiedAt) {}

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
