package org.oxisync.emulator.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;
import org.oxisync.emulator.store.Model.User;

/**
 * The rows of the tree and their indexes: users, folders, files, the children of every folder and each user's bytes.
 * Only reads and index upkeep; what a change means (checks, ETags, events) is in {@link FolderOps}, {@link FileOps}
 * and {@link TrashOps}. Touched only under the {@link Tree}'s lock.
 */
final class Rows {
    final Map<String, User> users = new LinkedHashMap<>();
    final Map<String, Folder> folders = new HashMap<>();
    final Map<String, FileRow> files = new HashMap<>();
    private final Map<String, Set<String>> childFolders = new HashMap<>();
    private final Map<String, Set<String>> childFiles = new HashMap<>();
    /** Bytes of every file row (trashed ones too, until purged) per owner. */
    private final Map<String, Long> usage = new HashMap<>();

    // ------------------------------------------------------------------ index upkeep

    void addFolder(Folder f) {
        folders.put(f.id, f);
        if (f.parentId != null) {
            childFolders.computeIfAbsent(f.parentId, k -> new LinkedHashSet<>()).add(f.id);
        }
    }

    void addFile(FileRow f) {
        files.put(f.id, f);
        childFiles.computeIfAbsent(f.folderId, k -> new LinkedHashSet<>()).add(f.id);
        addUsage(f.ownerId, f.size);
    }

    void reparentFolder(Folder f, String newParentId) {
        childFolders.get(f.parentId).remove(f.id);
        childFolders.computeIfAbsent(newParentId, k -> new LinkedHashSet<>()).add(f.id);
        f.parentId = newParentId;
    }

    void reparentFile(FileRow f, String newFolderId) {
        childFiles.get(f.folderId).remove(f.id);
        childFiles.computeIfAbsent(newFolderId, k -> new LinkedHashSet<>()).add(f.id);
        f.folderId = newFolderId;
    }

    /** Drops a file row from the indexes and from its owner's bytes. */
    void removeFile(FileRow f) {
        files.remove(f.id);
        Set<String> siblings = childFiles.get(f.folderId);
        if (siblings != null) {
            siblings.remove(f.id);
        }
        addUsage(f.ownerId, -f.size);
    }

    /** Drops a folder row (its children must be gone already). */
    void removeFolder(Folder d) {
        folders.remove(d.id);
        childFolders.remove(d.id);
        childFiles.remove(d.id);
        if (d.parentId != null && childFolders.containsKey(d.parentId)) {
            childFolders.get(d.parentId).remove(d.id);
        }
    }

    void addUsage(String userId, long delta) {
        usage.merge(userId, delta, Long::sum);
    }

    long usage(String userId) {
        return usage.getOrDefault(userId, 0L);
    }

    /** The per-user quota: 507 when {@code extra} more bytes would pass it (zero = no quota). */
    void checkQuota(String userId, long extra) {
        User u = users.get(userId);
        if (u != null && u.quotaBytes > 0 && usage(userId) + extra > u.quotaBytes) {
            throw ApiError.quota();
        }
    }

    // ------------------------------------------------------------------ reads

    /** Ids of every child folder, trashed ones included (a copy: callers may remove while they walk). */
    List<String> childFolderIds(String folderId) {
        return new ArrayList<>(childFolders.getOrDefault(folderId, Set.of()));
    }

    /** Ids of every file in the folder, trashed ones included (a copy). */
    List<String> childFileIds(String folderId) {
        return new ArrayList<>(childFiles.getOrDefault(folderId, Set.of()));
    }

    boolean isLive(Folder f) {
        for (Folder x = f; x != null; x = parent(x)) {
            if (x.trashed) {
                return false;
            }
        }
        return true;
    }

    boolean isLive(FileRow f) {
        return !f.trashed && isLive(folders.get(f.folderId));
    }

    Folder parent(Folder f) {
        return f.parentId == null ? null : folders.get(f.parentId);
    }

    List<Folder> liveChildFolders(String folderId) {
        List<Folder> out = new ArrayList<>();
        for (String id : childFolders.getOrDefault(folderId, Set.of())) {
            Folder f = folders.get(id);
            if (!f.trashed) {
                out.add(f);
            }
        }
        return out;
    }

    List<FileRow> liveChildFiles(String folderId) {
        List<FileRow> out = new ArrayList<>();
        for (String id : childFiles.getOrDefault(folderId, Set.of())) {
            FileRow f = files.get(id);
            if (!f.trashed) {
                out.add(f);
            }
        }
        return out;
    }

    Folder liveFolderNamed(String parentId, String name) {
        for (Folder f : liveChildFolders(parentId)) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        return null;
    }

    FileRow liveFileNamed(String folderId, String name) {
        for (FileRow f : liveChildFiles(folderId)) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        return null;
    }

    String folderPath(Folder f) {
        StringBuilder sb = new StringBuilder();
        for (Folder x = f; x != null; x = parent(x)) {
            sb.insert(0, "/" + x.name);
        }
        return sb.toString();
    }
}
