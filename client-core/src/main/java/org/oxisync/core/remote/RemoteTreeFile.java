package org.oxisync.core.remote;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.oxisync.store.io.DurableFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.core.pair.PairFiles;

/**
 * Keeps a pair's {@link RemoteTree} in one JSON file, written to a temp name, fsynced and renamed into place. The
 * file is only a cache: a missing, unreadable or foreign one (another remote root) means a full listing, never a
 * wrong sync, so it is safe to delete at any time.
 */
public final class RemoteTreeFile {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteTreeFile.class);
    /** The attribute under which a load hands its {@link SharedStrings} to the file rows' reader. */
    private static final String SHARED = "oxisync.sharedStrings";
    /**
     * One mapper for every load (its deserializers are built once): a load passes its {@link SharedStrings} as an
     * attribute of the reader instead of copying the mapper with a deserializer of its own, which cost every daemon
     * run a new mapper and its caches (about a tenth of ten daemons' time in a profile).
     */
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule().addDeserializer(RemoteTree.File.class, new FileRow()));
    private final Path file;

    public RemoteTreeFile(Path file) {
        this.file = file;
    }

    /** The cache of one folder pair, kept in the account's store directory. */
    public static RemoteTreeFile forPair(Path storeDirectory, long pairId) {
        return new RemoteTreeFile(new PairFiles(storeDirectory, pairId).listing());
    }

    public Path path() {
        return file;
    }

    public RemoteTree load(String rootId) {
        return load(rootId, SharedStrings.none());
    }

    /** The cached listing, its file rows holding {@code shared}'s strings where values are equal. */
    public RemoteTree load(String rootId, SharedStrings shared) {
        if (!Files.isRegularFile(file)) {
            return RemoteTree.empty(rootId);
        }
        try {
            RemoteTree tree = JSON.readerFor(RemoteTree.class).withAttribute(SHARED, shared).readValue(file.toFile());
            if (tree.rootId() == null || !tree.rootId().equals(rootId) || tree.folders() == null) {
                return RemoteTree.empty(rootId);
            }
            java.util.Set<String> stale = staleIds(file);
            return stale.isEmpty() ? tree : tree.withStale(stale);
        } catch (IOException | RuntimeException e) {
            LOG.warn("remote listing cache {} unreadable ({}); listing the server in full", file, e.toString());
            return RemoteTree.empty(rootId);
        }
    }

    /**
     * Saves {@code tree} (which supersedes the stale marks: every caller saves a listing it loaded with them, or
     * listed again), then indexes the file ({@link ListingIndex}: what a run reading a few folders reads).
     */
    public void save(RemoteTree tree) throws IOException {
        Files.deleteIfExists(ListingIndex.pathFor(file));
        DurableFiles.replace(file, out -> JSON.writeValue(out, tree));
        Files.deleteIfExists(stalePath(file)); // after the replace: a crash between them only lists again
        ListingIndex.write(file);
    }

    /**
     * Marks {@code folderIds} and their ancestors stale, as {@code save(load().withStale(folderIds))} would, without
     * reading or rewriting the listing: the ids are appended to a file beside it (durably, before this returns),
     * which every read of the cache applies ({@link #load}, and the quiet check's and a scoped run's reads) until the
     * next {@link #save}. At a million files the rewrite cost seconds before a run's first write.
     */
    public void markStale(java.util.Collection<String> folderIds) throws IOException {
        if (folderIds.isEmpty()) {
            return;
        }
        StringBuilder lines = new StringBuilder();
        for (String id : folderIds) {
            if (id.indexOf('\n') >= 0 || id.indexOf('\r') >= 0) {
                delete(); // an id that cannot be one line: no listing at all is the safe cache
                return;
            }
            lines.append(id).append('\n');
        }
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(stalePath(file),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE,
                java.nio.file.StandardOpenOption.APPEND)) {
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(lines.toString()
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            ch.force(true);
        }
    }

    /** A folder's object as the cache file holds it (its rows all read). */
    static byte[] folderJson(RemoteTree.Folder folder) throws IOException {
        return JSON.writeValueAsBytes(folder);
    }

    /** A string as the cache file writes it (quoted, escaped). */
    static byte[] stringJson(String s) throws IOException {
        return JSON.writeValueAsBytes(s);
    }

    /** A folder's object read back from its bytes in the cache file. */
    static RemoteTree.Folder readFolderJson(byte[] bytes) throws IOException {
        return JSON.readerFor(RemoteTree.Folder.class).withAttribute(SHARED, SharedStrings.none()).readValue(bytes);
    }

    /** Removes the stale marks, after a save that lists or copies what they marked (see {@link #save}). */
    void clearStale() throws IOException {
        Files.deleteIfExists(stalePath(file));
    }

    /** The folder ids marked stale ({@link #markStale}) beside the cache file {@code cacheFile}. */
    static java.util.Set<String> staleIds(Path cacheFile) throws IOException {
        Path stale = stalePath(cacheFile);
        if (!Files.isRegularFile(stale)) {
            return java.util.Set.of();
        }
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (String line : Files.readAllLines(stale, java.nio.charset.StandardCharsets.UTF_8)) {
            if (!line.isEmpty()) {
                ids.add(line);
            }
        }
        return ids;
    }

    private static Path stalePath(Path cacheFile) {
        return cacheFile.resolveSibling(cacheFile.getFileName() + ".stale");
    }

    /** Reads one file row of the cache field by field and makes it through {@link SharedStrings}. */
    private static final class FileRow extends StdDeserializer<RemoteTree.File> {
        FileRow() {
            super(RemoteTree.File.class);
        }

        @Override
        public RemoteTree.File deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
            FileRowFields row = new FileRowFields();
            JsonToken t = p.currentToken() == JsonToken.START_OBJECT ? p.nextToken() : p.currentToken();
            for (; t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String field = p.currentName();
                p.nextToken();
                if (!row.take(field, p)) {
                    p.skipChildren();
                }
            }
            if (!row.complete()) {
                throw JsonMappingException.from(p, "a file row without id or name");
            }
            Object shared = ctx.getAttribute(SHARED);
            return row.toFile(shared instanceof SharedStrings s ? s : SharedStrings.none());
        }
    }

    public void delete() throws IOException {
        Files.deleteIfExists(ListingIndex.pathFor(file));
        Files.deleteIfExists(file);
        Files.deleteIfExists(stalePath(file));
    }
}
