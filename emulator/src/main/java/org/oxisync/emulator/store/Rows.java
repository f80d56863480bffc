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
    /**
     * File ids by folder and name, trashed rows included: the lookup of a name in a folder, as the real server's is an
     * indexed query (the files table's unique (folder, name) index of live rows; a scan of the folder per upload or
     * rename made each O(folder size): 1,000 edits in a folder of 50,000 files cost the emulator about 20 s of CPU).
     */
    private final Map<String, List<String>> filesByName = new HashMap<>();
    /** Bumped by every change of the rows or their indexes (with {@link Changes#version}: a listing's cache key). */
    private long version;

    // ------------------------------------------------------------------ index upkeep

    void addFolder(Folder f) {
        version++;
        folders.put(f.id, f);
        if (f.parentId != null) {
            childFolders.computeIfAbsent(f.parentId, k -> new LinkedHashSet<>()).add(f.id);
        }
    }

    void addFile(FileRow f) {
        version++;
        files.put(f.id, f);
        childFiles.computeIfAbsent(f.folderId, k -> new LinkedHashSet<>()).add(f.id);
        named(f.folderId, f.name, f.id);
    }

    /** Renames a file row, its name index with it. */
    void renameFile(FileRow f, String name) {
        version++;
        unnamed(f.folderId, f.name, f.id);
        f.name = name;
        named(f.folderId, name, f.id);
    }

    void reparentFolder(Folder f, String newParentId) {
        version++;
        childFolders.get(f.parentId).remove(f.id);
        childFolders.computeIfAbsent(newParentId, k -> new LinkedHashSet<>()).add(f.id);
        f.parentId = newParentId;
    }

    void reparentFile(FileRow f, String newFolderId) {
        version++;
        childFiles.get(f.folderId).remove(f.id);
        childFiles.computeIfAbsent(newFolderId, k -> new LinkedHashSet<>()).add(f.id);
        unnamed(f.folderId, f.name, f.id);
        f.folderId = newFolderId;
        named(newFolderId, f.name, f.id);
    }

    /** Drops a file row from the indexes. */
    void removeFile(FileRow f) {
        version++;
        files.remove(f.id);
        unnamed(f.folderId, f.name, f.id);
        Set<String> siblings = childFiles.get(f.folderId);
        if (siblings != null) {
            siblings.remove(f.id);
        }
    }

    /** Drops a folder row (its children must be gone already). */
    void removeFolder(Folder d) {
        version++;
        folders.remove(d.id);
        childFolders.remove(d.id);
        childFiles.remove(d.id);
        if (d.parentId != null && childFolders.containsKey(d.parentId)) {
            childFolders.get(d.parentId).remove(d.id);
        }
    }

    private void named(String folderId, String name, String id) {
        filesByName.computeIfAbsent(nameKey(folderId, name), k -> new ArrayList<>(1)).add(id);
    }

    private void unnamed(String folderId, String name, String id) {
        String key = nameKey(folderId, name);
        List<String> ids = filesByName.get(key);
        if (ids != null && ids.remove(id) && ids.isEmpty()) {
            filesByName.remove(key);
        }
    }

    private static String nameKey(String folderId, String name) {
        return folderId + '\u0000' + name;
    }

    long version() {
        return version;
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
        for (String id : filesByName.getOrDefault(nameKey(folderId, name), List.of())) {
            FileRow f = files.get(id);
            if (!f.trashed) {
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
