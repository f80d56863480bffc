package org.oxisync.emulator.store;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;
import org.oxisync.emulator.store.Model.Manifest;

/**
 * Bulk seeding's row step (a benchmark and set-up aid, not a server feature; see
 * {@link org.oxisync.emulator.seed.TreeSeeder}): commits a batch of already ingested files into one folder under
 * one hold of the tree lock, with the checks and state transitions of an upload ({@link Tree#createFile}): the
 * caller's create permission on the folder, an identical file of that name kept as it is, per-user and drive quota,
 * then {@link Tree#insertFile}. The folder's live names are read once per batch instead of once per file (the
 * upload path's scan is quadratic in a folder of 50,000 files).
 *
 * <p>A file of that name with other content is a 409 for the whole batch, checked before any row is added, unless
 * {@code replace} is set: then its content is swapped as a remote device's edit does ({@link Tree#updateContent},
 * same id, new hash and modified time).
 */
public final class Seeding {
    private Seeding() {}

    /** One ingested file of a batch: its name in the folder and what the ingest made of its bytes. */
    public record Entry(String name, String hash, long size, String mime, Manifest manifest) {}

    /** What a batch did. */
    public record Result(int created, int replaced, int unchanged) {}

    public static Result commit(Tree tree, String userId, String folderId, List<Entry> batch, boolean replace) {
        synchronized (tree) {
            Folder parent = tree.anyFolder(userId, folderId);
            tree.sharing.require(userId, "create", parent);
            Map<String, FileRow> live = new HashMap<>();
            for (FileRow f : tree.liveChildFiles(parent.id)) {
                live.put(f.name, f);
            }
            for (Entry e : batch) {
                FileRow existing = live.get(Names.validate(e.name()));
                if (existing != null && !replace && !existing.hash.equals(e.hash())) {
                    throw ApiError.rest(409, "AlreadyExists", "File '" + e.name() + "' already exists");
                }
            }
            int created = 0;
            int replaced = 0;
            int unchanged = 0;
            for (Entry e : batch) {
                String name = Names.validate(e.name());
                FileRow existing = live.get(name);
                if (existing != null && existing.hash.equals(e.hash())) {
                    unchanged++;
                } else if (existing != null) {
                    tree.updateContent(userId, existing.id, e.hash(), e.size(), e.mime(), e.manifest());
                    replaced++;
                } else {
                    tree.checkQuotaFor(userId, e.size());
                    tree.sharing.checkDriveQuota(parent.driveId, e.size());
                    live.put(name, tree.insertFile(userId, parent, name, e.hash(), e.size(), e.mime(), e.manifest()));
                    created++;
                }
            }
            return new Result(created, replaced, unchanged);
        }
    }

    /** The live sub-folder of that name, created (as {@code POST /api/folders} does) when there is none. */
    public static Folder folder(Tree tree, String userId, String parentId, String rawName) {
        String name = Names.validate(rawName);
        synchronized (tree) {
            for (Folder f : tree.liveChildFolders(parentId)) {
                if (f.name.equals(name)) {
                    return f;
                }
            }
            return tree.createFolder(userId, parentId, name);
        }
    }
}
