package org.oxisync.emulator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/**
 * Changes to one user's tree "as another device", by path relative to the drive root ({@code "/a/b.txt"}).
 * Each call goes through the same state transitions as the REST API, so ETags, modified_at and
 * manifests change exactly as they would for a real client. Errors are the API's
 * {@link org.oxisync.emulator.http.ApiError} (status 404/409/507...).
 */
public final class RemoteClient {
    private final Tree tree;
    private final Content content;
    private final String userId;
    /** The folder paths start from: the user's Personal root, or a Shared drive's root. */
    private final String rootFolderId;

    RemoteClient(Tree tree, Content content, String userId) {
        this(tree, content, userId, null);
    }

    RemoteClient(Tree tree, Content content, String userId, String rootFolderId) {
        this.tree = tree;
        this.content = content;
        this.userId = userId;
        this.rootFolderId = rootFolderId;
    }

    private static List<String> segments(String path) {
        List<String> out = new ArrayList<>();
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    private static String parentOf(String path) {
        List<String> s = segments(path);
        return "/" + String.join("/", s.subList(0, Math.max(0, s.size() - 1)));
    }

    private static String nameOf(String path) {
        List<String> s = segments(path);
        if (s.isEmpty()) {
            throw new IllegalArgumentException("path has no name: " + path);
        }
        return s.get(s.size() - 1);
    }

    private Model.Folder findFolder(String path) {
        synchronized (tree) {
            Model.Folder f = tree.folderRow(rootFolderId != null ? rootFolderId : tree.user(userId).rootFolderId);
            for (String seg : segments(path)) {
                String norm = java.text.Normalizer.normalize(seg, java.text.Normalizer.Form.NFC);
                f = tree.liveChildFolders(f.id).stream().filter(x -> x.name.equals(norm)).findFirst().orElse(null);
                if (f == null) {
                    return null;
                }
            }
            return f;
        }
    }

    private Model.FileRow findFile(String path) {
        synchronized (tree) {
            Model.Folder parent = findFolder(parentOf(path));
            if (parent == null) {
                return null;
            }
            String norm = java.text.Normalizer.normalize(nameOf(path), java.text.Normalizer.Form.NFC);
            return tree.liveChildFiles(parent.id).stream().filter(x -> x.name.equals(norm)).findFirst().orElse(null);
        }
    }

    /** Creates every missing folder along the path; returns the id of the last one. */
    public String mkdirs(String path) {
        synchronized (tree) {
            Model.Folder f = tree.folderRow(rootFolderId != null ? rootFolderId : tree.user(userId).rootFolderId);
            for (String seg : segments(path)) {
                String norm = java.text.Normalizer.normalize(seg, java.text.Normalizer.Form.NFC);
                Model.Folder next = tree.liveChildFolders(f.id).stream().filter(x -> x.name.equals(norm)).findFirst().orElse(null);
                f = next != null ? next : tree.createFolder(userId, f.id, seg);
            }
            return f.id;
        }
    }

    /** Creates the file (and its folders), or replaces its content keeping its id; returns the file id. */
    public String putFile(String path, byte[] data) {
        String folderId = mkdirs(parentOf(path));
        try {
            Content.Ingested in = content.ingest(data, nameOf(path));
            Model.FileRow existing = findFile(path);
            if (existing != null) {
                return tree.updateContent(userId, existing.id, in.hash(), in.size(), in.mime(), in.manifest()).id;
            }
            return tree.createFile(userId, folderId, nameOf(path), in.hash(), in.size(), in.mime(), in.manifest()).file().id;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Moves and/or renames a file or folder to {@code newPath} (whose parent folder must exist). */
    public void move(String path, String newPath) {
        synchronized (tree) {
            Model.Folder newParent = findFolder(parentOf(newPath));
            if (newParent == null) {
                throw new IllegalArgumentException("no folder " + parentOf(newPath));
            }
            Model.FileRow file = findFile(path);
            if (file != null) {
                String name = file.name;
                if (!file.folderId.equals(newParent.id)) {
                    tree.moveFile(userId, file.id, newParent.id);
                }
                if (!nameOf(newPath).equals(name)) {
                    tree.renameFile(userId, file.id, nameOf(newPath));
                }
                return;
            }
            Model.Folder folder = requireFolder(path);
            if (!folder.parentId.equals(newParent.id)) {
                tree.moveFolder(userId, folder.id, newParent.id);
            }
            if (!nameOf(newPath).equals(folder.name)) {
                tree.renameFolder(userId, folder.id, nameOf(newPath));
            }
        }
    }

    /** Renames a file or folder in place. */
    public void rename(String path, String newName) {
        synchronized (tree) {
            Model.FileRow file = findFile(path);
            if (file != null) {
                tree.renameFile(userId, file.id, newName);
            } else {
                tree.renameFolder(userId, requireFolder(path).id, newName);
            }
        }
    }

    /** Moves a file or folder to the trash. */
    public void delete(String path) {
        synchronized (tree) {
            Model.FileRow file = findFile(path);
            if (file != null) {
                tree.trashFile(userId, file.id);
            } else {
                tree.trashFolder(userId, requireFolder(path).id);
            }
        }
    }

    /**
     * Moves a file or folder to the trash, as the web UI or another client's {@code POST /api/batch/trash} would
     * (same as {@link #delete}: a path always names a live item).
     */
    public void trash(String path) {
        delete(path);
    }

    /**
     * The content hashes of the user's files that are in the trash, directly or inside a trashed folder (a test's
     * view of "still recoverable on the server": the REST trash listing shows only the top-level trashed rows, and a
     * trashed folder's own listing is an empty page, as on the real server).
     */
    public java.util.Set<String> trashedContentHashes() {
        synchronized (tree) {
            java.util.Set<String> out = new java.util.HashSet<>();
            for (Model.FileRow f : tree.allFilesOf(userId)) {
                if (!tree.isLive(f)) {
                    out.add(f.hash);
                }
            }
            return out;
        }
    }

    public byte[] read(String path) {
        Model.FileRow f = findFile(path);
        if (f == null) {
            throw new IllegalArgumentException("no file " + path);
        }
        Model.Manifest m = tree.manifest(f.hash);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            content.write(m, 0, m.size, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Names of the live children of a folder: folders first, then files, each sorted. */
    public List<String> list(String path) {
        synchronized (tree) {
            Model.Folder f = requireFolder(path);
            List<String> out = new ArrayList<>();
            tree.liveChildFolders(f.id).stream().map(x -> x.name).sorted().forEach(out::add);
            tree.liveChildFiles(f.id).stream().map(x -> x.name).sorted().forEach(out::add);
            return out;
        }
    }

    public boolean exists(String path) {
        return findFile(path) != null || findFolder(path) != null;
    }

    /** The id of the file at the path, or null. */
    public String fileId(String path) {
        Model.FileRow f = findFile(path);
        return f == null ? null : f.id;
    }

    /** The id of the folder at the path ("/" = the root), or null. */
    public String folderId(String path) {
        Model.Folder f = findFolder(path);
        return f == null ? null : f.id;
    }

    private Model.Folder requireFolder(String path) {
        Model.Folder f = findFolder(path);
        if (f == null) {
            throw new IllegalArgumentException("no file or folder " + path);
        }
        return f;
    }

    /**
     * Every file and folder of the user's drive: relative path → BLAKE3 hex of the content, a folder as
     * {@code "path/"} → "" (the shape tests compare a local tree with).
     */
    public java.util.Map<String, String> tree() {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        walk(p -> {
            byte[] data = p.endsWith("/") ? null : read("/" + p);
            out.put(p, data == null ? "" : org.oxisync.emulator.hash.Blake3.hex(data, 0, data.length));
        });
        return out;
    }

    /** Hands every path of the user's drive to {@code visit}, a folder (as {@code "path/"}) before what it holds. */
    public void walk(java.util.function.Consumer<String> visit) {
        walk("", visit);
    }

    private void walk(String rel, java.util.function.Consumer<String> visit) {
        for (String name : list("/" + rel)) {
            String child = rel.isEmpty() ? name : rel + "/" + name;
            if (folderId("/" + child) != null) {
                visit.accept(child + "/");
                walk(child, visit);
            } else {
                visit.accept(child);
            }
        }
    }
}
