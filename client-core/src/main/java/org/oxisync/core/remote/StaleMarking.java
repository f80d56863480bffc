package org.oxisync.core.remote;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.oxisync.store.io.DurableFiles;

/**
 * Marks folders stale in a listing cache file without loading the listing: the file then reads back as
 * {@code file.load(rootId).withStale(folderIds)} ({@link RemoteTree#withStale}: the folders and all their ancestors
 * with an unknown tree ETag). Two streaming passes: the folders' ids, children and whether their tree ETag is known
 * (every file row skipped), then a copy of the file with those tree ETags written empty, saved as
 * {@link RemoteTreeFile#save} saves (temp name, fsync, rename).
 *
 * <p>A run marks the folders it will write before the first write and keeps nothing of the listing while it
 * transfers; loading the listing for this held about 100 bytes a file across the whole execution (bench/README.md
 * "A million files"). A file this reader does not find plainly well-formed (cut short, no folders, a foreign root)
 * is marked the old way, by loading it, which for such a file gives the empty listing: the same result as before.
 */
public final class StaleMarking {
    private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    /** One folder of the file without its rows: its id field, children, and whether its tree ETag is known. */
    private record Skeleton(String id, List<String> childFolderIds, boolean known) {}

    private StaleMarking() {}

    /** Marks {@code folderIds} and their ancestors stale in {@code file}, the listing cache of {@code rootId}. */
    public static void mark(RemoteTreeFile file, String rootId, Collection<String> folderIds) throws IOException {
        if (folderIds.isEmpty() || !java.nio.file.Files.isRegularFile(file.path())) {
            return; // a missing file loads as the empty listing, which has nothing to mark
        }
        Optional<Map<String, Skeleton>> read = skeleton(file, rootId);
        if (read.isEmpty()) {
            file.save(file.load(rootId).withStale(folderIds));
            return;
        }
        Set<String> stale = staleKeys(read.get(), folderIds);
        if (!stale.isEmpty()) {
            DurableFiles.replace(file.path(), out -> copy(file, stale, out));
        }
    }

    /** The keys of the folders whose known tree ETag becomes empty: as {@link RemoteTree#withStale}. */
    private static Set<String> staleKeys(Map<String, Skeleton> folders, Collection<String> folderIds) {
        Map<String, String> parents = new HashMap<>();
        for (Skeleton f : folders.values()) {
            for (String c : f.childFolderIds()) {
                parents.put(c, f.id());
            }
        }
        Set<String> stale = new HashSet<>();
        for (String id : folderIds) {
            for (String x = id; x != null && stale.add(x); x = parents.get(x)) {
                // up to the root (a set: a loop in a damaged listing ends here)
            }
        }
        stale.removeIf(key -> {
            Skeleton f = folders.get(key);
            return f == null || !f.known();
        });
        return stale;
    }

    /** The folders of the file by key, or empty when it is not plainly well-formed or another root's listing. */
    private static Optional<Map<String, Skeleton>> skeleton(RemoteTreeFile file, String rootId) {
        try (JsonParser p = JSON.createParser(file.path().toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            String root = null;
            Map<String, Skeleton> folders = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("rootId") && value == JsonToken.VALUE_STRING && root == null) {
                    root = p.getText();
                } else if (field.equals("folders") && value == JsonToken.START_OBJECT && folders == null) {
                    folders = folders(p);
                    if (folders == null) {
                        return Optional.empty();
                    }
                } else if (field.equals("rootId") || field.equals("folders")) {
                    return Optional.empty();
                } else {
                    p.skipChildren();
                }
            }
            if (root == null || !root.equals(rootId) || folders == null || p.nextToken() != null) {
                return Optional.empty();
            }
            return Optional.of(folders);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The folders object, the parser on its START_OBJECT; null when a folder is not plainly well-formed. */
    private static Map<String, Skeleton> folders(JsonParser p) throws IOException {
        Map<String, Skeleton> folders = new HashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            if (p.nextToken() != JsonToken.START_OBJECT || folders.containsKey(key)) {
                return null;
            }
            String id = null;
            String etag = null;
            List<String> children = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("id") && value == JsonToken.VALUE_STRING) {
                    id = p.getText();
                } else if (field.equals("treeEtag") && value == JsonToken.VALUE_STRING) {
                    etag = p.getText();
                } else if (field.equals("childFolderIds") && value == JsonToken.START_ARRAY) {
                    children = new ArrayList<>();
                    while (p.nextToken() == JsonToken.VALUE_STRING) {
                        children.add(p.getText());
                    }
                    if (p.currentToken() != JsonToken.END_ARRAY) {
                        return null;
                    }
                } else if (field.equals("id") || field.equals("treeEtag") || field.equals("childFolderIds")) {
                    return null;
                } else {
                    p.skipChildren(); // the file rows, the name
                }
            }
            if (id == null || etag == null || children == null) {
                return null;
            }
            folders.put(key, new Skeleton(id, children, !etag.isEmpty()));
        }
        return p.currentToken() == JsonToken.END_OBJECT ? folders : null;
    }

    /** The file copied to {@code out} with the tree ETags of the folders keyed {@code stale} written empty. */
    private static void copy(RemoteTreeFile file, Set<String> stale, java.io.OutputStream out) throws IOException {
        try (JsonParser p = JSON.createParser(file.path().toFile());
             JsonGenerator g = JSON.createGenerator(out)) {
            p.nextToken();
            g.writeStartObject();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                g.writeFieldName(field);
                if (p.nextToken() == JsonToken.START_OBJECT && field.equals("folders")) {
                    g.writeStartObject();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String key = p.currentName();
                        g.writeFieldName(key);
                        p.nextToken();
                        copyFolder(p, g, stale.contains(key));
                    }
                    g.writeEndObject();
                } else {
                    g.copyCurrentStructure(p);
                }
            }
            g.writeEndObject();
        }
    }

    private static void copyFolder(JsonParser p, JsonGenerator g, boolean stale) throws IOException {
        g.writeStartObject();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            g.writeFieldName(field);
            p.nextToken();
            if (stale && field.equals("treeEtag")) {
                g.writeString("");
            } else {
                g.copyCurrentStructure(p);
            }
        }
        g.writeEndObject();
    }
}
