package org.oxisync.core.remote;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.ListingEntries;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;

/**
 * The listing cache file read without building the listing: first its folders without their file rows (ids,
 * names, tree ETags, children, how many rows each), then, when the server's root tree ETag still matches, the
 * snapshot straight from the file's rows, each placed where {@link RemoteScanner#snapshotOf} puts it (folders depth
 * first, each folder's files before its child folders). Reading the whole {@link RemoteTree} (about 100 bytes a file)
 * only to turn it into the snapshot and let it go would be promoted garbage at the run's peak (bench/README.md "A million files").
 *
 * <p>Only a plainly well-formed file is read this way (every field of the type written, no key twice); anything
 * else, as any read error, gives nothing, and the caller reads the file as before ({@link RemoteTreeFile#load}), so
 * a damaged cache behaves exactly as it did.
 */
final class CachedListing {
    private static final JsonFactory JSON = new JsonFactory();

    /** One folder of the file without its rows. */
    record Skeleton(String id, String name, String treeEtag, List<String> childFolderIds, int files) {}

    /** Where a folder's rows go: its path, the position of its first row, its id form. */
    private record Placement(String path, int firstRow, Object folderId) {}

    private final String rootId;
    /** By the file's key (as {@link RemoteTree#folders()}). */
    private final Map<String, Skeleton> folders;
    /** Where each folder's object starts in the file, by key, when read from its {@link ListingIndex}; else null. */
    private final Map<String, Long> offsets;
    /** The index the offsets come from (null without one): they hold only while it describes the file. */
    private final ListingIndex index;

    private CachedListing(String rootId, Map<String, Skeleton> folders, Map<String, Long> offsets,
                          ListingIndex index) {
        this.rootId = rootId;
        this.folders = folders;
        this.offsets = offsets;
        this.index = index;
    }

    /**
     * The folders of {@code file} for the remote folder {@code rootId}; empty when missing, foreign or not plain. From
     * the file's {@link ListingIndex} when it has one that matches it (the file itself is then not read here, and
     * {@link #snapshot} reads only the rows it needs), else by parsing the file.
     */
    static Optional<CachedListing> read(Path file, String rootId) {
        return readUnmarked(file, rootId).flatMap(c -> {
            try {
                return Optional.of(c.withStale(RemoteTreeFile.staleIds(file)));
            } catch (IOException e) {
                return Optional.empty(); // the marks unreadable: the caller reads the file whole, which fails alike
            }
        });
    }

    /** This listing with the folders of {@code staleIds} and their ancestors' tree ETags unknown (as withStale). */
    private CachedListing withStale(Set<String> staleIds) {
        if (staleIds.isEmpty()) {
            return this;
        }
        Set<String> stale =
                StaleFolders.withAncestors(staleIds, folders.values(), Skeleton::id, Skeleton::childFolderIds);
        Map<String, Skeleton> out = new HashMap<>(folders);
        for (String id : stale) {
            Skeleton f = out.get(id);
            if (f != null && !f.treeEtag().isEmpty()) {
                out.put(id, new Skeleton(f.id(), f.name(), "", f.childFolderIds(), f.files()));
            }
        }
        return new CachedListing(rootId, out, offsets, index);
    }

    private static Optional<CachedListing> readUnmarked(Path file, String rootId) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Optional<ListingIndex> index = ListingIndex.read(file);
        if (index.isPresent()) {
            if (!index.get().rootId().equals(rootId)) {
                return Optional.empty();
            }
            Map<String, Skeleton> folders = new HashMap<>();
            Map<String, Long> offsets = new HashMap<>();
            for (ListingIndex.Folder f : index.get().folders().values()) {
                folders.put(f.key(), new Skeleton(f.id(), f.name(), f.treeEtag(), f.childFolderIds(), f.files()));
                offsets.put(f.key(), f.offset());
            }
            return Optional.of(new CachedListing(rootId, folders, offsets, index.get()));
        }
        try (JsonParser p = JSON.createParser(file.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            String root = null;
            Map<String, Skeleton> folders = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("rootId")) {
                    if (value != JsonToken.VALUE_STRING || root != null) {
                        return Optional.empty();
                    }
                    root = p.getText();
                } else if (field.equals("folders")) {
                    if (value != JsonToken.START_OBJECT || folders != null) {
                        return Optional.empty();
                    }
                    folders = readFolders(p);
                    if (folders == null) {
                        return Optional.empty();
                    }
                } else {
                    p.skipChildren();
                }
            }
            if (root == null || !root.equals(rootId) || folders == null) {
                return Optional.empty();
            }
            return Optional.of(new CachedListing(root, folders, null, null));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The root folder's tree ETag as the file has it (as {@link RemoteTree#rootEtag()}). */
    Optional<String> rootEtag() {
        return Optional.ofNullable(folders.get(rootId)).map(Skeleton::treeEtag);
    }

    /**
     * The snapshot of the file's listing, equal to {@code RemoteScanner.snapshotOf(file.load(rootId, shared),
     * shared)}; empty when a row is not plainly well-formed or the file changed since {@link #read}.
     */
    Optional<RemoteSnapshot> snapshot(Path file, SharedStrings shared) {
        return snapshot(file, shared, Part.ALL);
    }

    /**
     * A part of the listing: which entries a snapshot holds. Closed upwards: a folder whose {@link #entry} is out
     * holds nothing in (nothing below it is read).
     */
    interface Part {
        Part ALL = new Part() {
            @Override
            public boolean entry(String path) {
                return true;
            }

            @Override
            public boolean rowsOf(String folderPath) {
                return true;
            }
        };

        /** Whether the folder entry at {@code path} is in. */
        boolean entry(String path);

        /** Whether the file rows of the folder at {@code folderPath} ("" for the root) are in (all or none). */
        boolean rowsOf(String folderPath);
    }

    /**
     * The snapshot of the part {@code part} of the file's listing: the entries of the whole snapshot that the part
     * holds, in the same order; empty as {@link #snapshot(Path, SharedStrings)}.
     */
    Optional<RemoteSnapshot> snapshot(Path file, SharedStrings shared, Part part) {
        Map<String, Placement> placed = new HashMap<>();
        List<Object[]> dirs = new ArrayList<>(); // {position, entry}
        int size = place(shared, placed, dirs, part);
        ListingEntries entries = ListingEntries.ofSize(size);
        for (Object[] d : dirs) {
            entries.put((Integer) d[0], (RemoteEntry) d[1]);
        }
        if (offsets != null) {
            // the file changed since its index was read: nothing (as a file changed between the two passes)
            return index.describes(file) ? rowsAt(file, placed, entries, shared) : Optional.empty();
        }
        try (JsonParser p = JSON.createParser(file.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                if (field.equals("folders")) {
                    if (!readRows(p, placed, entries, shared)) {
                        return Optional.empty();
                    }
                } else {
                    p.skipChildren();
                }
            }
            return Optional.of(new RemoteSnapshot(entries)); // refuses a position left unset: the file changed
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The path of every folder reachable from the root ("" for the root), by its key; as {@link #place} walks them.
     */
    Map<String, String> folderPaths() {
        Map<String, String> paths = new HashMap<>();
        Skeleton root = folders.get(rootId);
        if (root == null) {
            return paths;
        }
        paths.put(rootId, "");
        Set<String> seen = new HashSet<>();
        seen.add(root.id());
        ArrayDeque<Object[]> stack = new ArrayDeque<>(); // {skeleton, path, next child index}: place()'s walk
        stack.push(new Object[] {root, "", 0});
        while (!stack.isEmpty()) {
            Object[] top = stack.peek();
            Skeleton folder = (Skeleton) top[0];
            int child = (Integer) top[2];
            if (child >= folder.childFolderIds().size()) {
                stack.pop();
                continue;
            }
            top[2] = child + 1;
            String key = folder.childFolderIds().get(child);
            Skeleton c = folders.get(key);
            if (c == null || !seen.add(c.id())) {
                continue;
            }
            String path = RelativePaths.join((String) top[1], c.name());
            paths.put(key, path);
            stack.push(new Object[] {c, path, 0});
        }
        return paths;
    }

    /**
     * Places every folder of {@code part} reachable from the root as {@link RemoteScanner#snapshotOf} walks them
     * (the rows of a folder whose rows are out are not placed); the size.
     */
    private int place(SharedStrings shared, Map<String, Placement> placed, List<Object[]> dirs, Part part) {
        Skeleton root = folders.get(rootId);
        if (root == null) {
            return 0;
        }
        Set<String> seen = new HashSet<>();
        seen.add(root.id());
        int next = 0;
        if (part.rowsOf("")) {
            placed.put(rootId, new Placement("", 0, shared.id(root.id())));
            next = root.files();
        }
        ArrayDeque<Object[]> stack = new ArrayDeque<>(); // {skeleton, path, next child index}
        stack.push(new Object[] {root, "", 0});
        while (!stack.isEmpty()) {
            Object[] top = stack.peek();
            Skeleton folder = (Skeleton) top[0];
            int child = (Integer) top[2];
            if (child >= folder.childFolderIds().size()) {
                stack.pop();
                continue;
            }
            top[2] = child + 1;
            String key = folder.childFolderIds().get(child);
            Skeleton c = folders.get(key);
            if (c == null || !seen.add(c.id())) {
                continue;
            }
            String path = RelativePaths.join((String) top[1], c.name());
            if (!part.entry(path)) {
                continue; // nothing below it is in either
            }
            dirs.add(new Object[] {next++, RemoteEntry.compactDir(shared.path(c.id(), path), shared.id(c.id()),
                    shared.id(folder.id()), c.treeEtag())});
            if (part.rowsOf(path)) {
                placed.put(key, new Placement(path, next, shared.id(c.id())));
                next += c.files();
            }
            stack.push(new Object[] {c, path, 0});
        }
        return next;
    }

    private static Map<String, Skeleton> readFolders(JsonParser p) throws IOException {
        Map<String, Skeleton> out = new HashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            if (p.nextToken() != JsonToken.START_OBJECT || out.containsKey(key)) {
                return null;
            }
            Skeleton s = readFolder(p);
            if (s == null) {
                return null;
            }
            out.put(key, s);
        }
        return out;
    }

    static Skeleton readFolder(JsonParser p) throws IOException {
        String id = null;
        String name = null;
        String treeEtag = null;
        List<String> children = null;
        int files = -1;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "id", "name", "treeEtag" -> {
                    if (value != JsonToken.VALUE_STRING) {
                        return null;
                    }
                    if (field.equals("id")) {
                        id = p.getText();
                    } else if (field.equals("name")) {
                        name = p.getText();
                    } else {
                        treeEtag = p.getText();
                    }
                }
                case "files" -> {
                    if (value != JsonToken.START_ARRAY || files >= 0) {
                        return null;
                    }
                    files = 0;
                    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                        if (t != JsonToken.START_OBJECT) {
                            return null;
                        }
                        p.skipChildren();
                        files++;
                    }
                }
                case "childFolderIds" -> {
                    if (value != JsonToken.START_ARRAY || children != null) {
                        return null;
                    }
                    children = new ArrayList<>();
                    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                        if (t != JsonToken.VALUE_STRING) {
                            return null;
                        }
                        children.add(p.getText());
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (id == null || name == null || treeEtag == null || children == null || files < 0) {
            return null;
        }
        return new Skeleton(id, name, treeEtag, List.copyOf(children), files);
    }

    /**
     * The snapshot with the rows of each placed folder read at its offset in the file (the index's), not by a pass
     * over the whole file; empty when a folder there is not the one the index describes.
     */
    private Optional<RemoteSnapshot> rowsAt(Path file, Map<String, Placement> placed, ListingEntries entries,
                                            SharedStrings shared) {
        try {
            for (Map.Entry<String, Placement> e : placed.entrySet()) {
                Skeleton folder = folders.get(e.getKey());
                Long offset = offsets.get(e.getKey());
                if (folder == null || offset == null) {
                    return Optional.empty();
                }
                try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                        java.nio.file.StandardOpenOption.READ);
                     JsonParser p = JSON.createParser(new java.io.BufferedInputStream(
                             java.nio.channels.Channels.newInputStream(ch.position(offset)), 16 * 1024))) {
                    if (p.nextToken() != JsonToken.START_OBJECT || !idFirst(p, folder.id())
                            || !readFolderRows(p, folder, e.getValue(), entries, shared)) {
                        return Optional.empty();
                    }
                }
            }
            return Optional.of(new RemoteSnapshot(entries)); // refuses a position left unset
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Whether the folder object the parser is in starts with its id field, equal to {@code id} (as saved). */
    private static boolean idFirst(JsonParser p, String id) throws IOException {
        return p.nextToken() == JsonToken.FIELD_NAME && p.currentName().equals("id")
                && p.nextToken() == JsonToken.VALUE_STRING && p.getText().equals(id);
    }

    /** Reads the rows of every placed folder into their positions; false when a row is not plain. */
    private boolean readRows(JsonParser p, Map<String, Placement> placed, ListingEntries entries,
                             SharedStrings shared) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            Placement at = placed.get(p.currentName());
            Skeleton folder = folders.get(p.currentName());
            p.nextToken();
            if (at == null) {
                p.skipChildren();
                continue;
            }
            if (!readFolderRows(p, folder, at, entries, shared)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads one folder's object (the parser just past its START_OBJECT) and puts its rows at their positions; false
     * when a row is not plain or their count is not the skeleton's.
     */
    private static boolean readFolderRows(JsonParser p, Skeleton folder, Placement at, ListingEntries entries,
                                          SharedStrings shared) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            if (p.nextToken() == JsonToken.START_ARRAY && field.equals("files")) {
                int row = 0;
                Instant modified = null; // shared by neighbours modified in the same second, as snapshotOf does
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    if (t != JsonToken.START_OBJECT || row >= folder.files()) {
                        return false;
                    }
                    RemoteTree.File f = readRow(p, shared);
                    if (f == null) {
                        return false;
                    }
                    if (modified == null || modified.getEpochSecond() != f.modifiedAt()) {
                        modified = Instant.ofEpochSecond(f.modifiedAt());
                    }
                    RemoteScanner.putFile(entries, at.firstRow() + row, f, at.path(), at.folderId(), modified,
                            shared);
                    row++;
                }
                if (row != folder.files()) {
                    return false;
                }
            } else {
                p.skipChildren();
            }
        }
        return true;
    }

    /** One row, read as {@link RemoteTreeFile}'s reader does; null when it lacks its id or name or nests values. */
    private static RemoteTree.File readRow(JsonParser p, SharedStrings shared) throws IOException {
        FileRowFields row = new FileRowFields();
        for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
                return null;
            }
            row.take(field, p); // an unknown scalar: nothing to skip
        }
        return row.complete() ? row.toFile(shared) : null;
    }
}
