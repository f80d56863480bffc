package org.oxisync.core.remote;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.oxisync.store.io.DurableFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The folders of a listing cache file without their rows, and where in the file each folder's object starts: written
 * beside the cache ({@code .index}) after each save, so that a run that needs only the root's tree ETag and a few
 * folders' rows (a run started by the watcher) reads neither the whole file's tokens nor its rows. It describes one
 * version of the file: its size, modification time and file key are recorded, and an index that does not match the
 * file as it is now is not used (a crash between the two writes, the file rewritten by an older version or by
 * hand); the reader then parses the file, as it always could. Deleting it is always safe.
 */
final class ListingIndex {
    private static final Logger LOG = LoggerFactory.getLogger(ListingIndex.class);
    private static final JsonFactory JSON = new JsonFactory();
    private static final int MAGIC = 0x4f584c49; // "OXLI"
    private static final int VERSION = 2; // 2: where each folder's object ends

    /**
     * One folder of the file: its key in the file's folders object, its fields but the rows, and where its object
     * starts ({@code offset}, its '{') and ends ({@code end}, just past its '}').
     */
    record Folder(String key, String id, String name, String treeEtag, List<String> childFolderIds, int files,
                  long offset, long end) {}

    private final String rootId;
    private final Map<String, Folder> folders;
    /** The version of the file described; null while building. */
    private final Stamp stamp;

    private ListingIndex(String rootId, Map<String, Folder> folders, Stamp stamp) {
        this.rootId = rootId;
        this.folders = folders;
        this.stamp = stamp;
    }

    /** Whether {@code cacheFile} is still the version this index describes (its offsets still hold). */
    boolean describes(Path cacheFile) {
        try {
            return stamp != null && stamp.equals(Stamp.of(cacheFile));
        } catch (IOException e) {
            return false;
        }
    }

    String rootId() {
        return rootId;
    }

    Map<String, Folder> folders() {
        return folders;
    }

    static Path pathFor(Path cacheFile) {
        return cacheFile.resolveSibling(cacheFile.getFileName() + ".index");
    }

    /**
     * Indexes {@code cacheFile} as it is now (a streaming pass over it) and writes the index beside it; a file that is
     * not plainly well-formed gets no index (its readers parse it). Failures only cost the index.
     */
    static void write(Path cacheFile) {
        try {
            Files.deleteIfExists(pathFor(cacheFile));
            Stamp stamp = Stamp.of(cacheFile);
            Optional<ListingIndex> index = build(cacheFile);
            if (index.isEmpty() || !stamp.equals(Stamp.of(cacheFile))) {
                return;
            }
            write(cacheFile, stamp, index.get());
        } catch (IOException | RuntimeException e) {
            failed(cacheFile, e);
        }
    }

    /**
     * Writes the index of {@code cacheFile} as its writer knows it ({@code rootId}, {@code folders} with their
     * offsets), without reading the file again: for a file written folder by folder ({@link SplicedListing}).
     */
    static void write(Path cacheFile, String rootId, java.util.Collection<Folder> folders) {
        try {
            Map<String, Folder> byKey = new java.util.LinkedHashMap<>();
            for (Folder f : folders) {
                byKey.put(f.key(), f);
            }
            write(cacheFile, Stamp.of(cacheFile), new ListingIndex(rootId, byKey, null));
        } catch (IOException | RuntimeException e) {
            failed(cacheFile, e);
        }
    }

    private static void failed(Path cacheFile, Exception e) {
        LOG.debug("no index for the listing cache {} ({})", cacheFile, e.toString());
        try {
            Files.deleteIfExists(pathFor(cacheFile));
        } catch (IOException ignored) {
            // a stale index is refused by its stamp anyway
        }
    }

    private static void write(Path cacheFile, Stamp stamp, ListingIndex index) throws IOException {
        DurableFiles.replace(pathFor(cacheFile), raw -> {
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw));
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            stamp.writeTo(out);
            out.writeUTF(index.rootId);
            out.writeInt(index.folders.size());
            for (Folder f : index.folders.values()) {
                out.writeUTF(f.key());
                out.writeUTF(f.id());
                out.writeUTF(f.name());
                out.writeUTF(f.treeEtag());
                out.writeInt(f.files());
                out.writeLong(f.offset());
                out.writeLong(f.end());
                out.writeInt(f.childFolderIds().size());
                for (String c : f.childFolderIds()) {
                    out.writeUTF(c);
                }
            }
            out.flush();
        });
    }

    /** The index of {@code cacheFile} when there is one that describes the file as it is now. */
    static Optional<ListingIndex> read(Path cacheFile) {
        Path indexFile = pathFor(cacheFile);
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(indexFile)))) {
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                return Optional.empty();
            }
            Stamp recorded = Stamp.readFrom(in);
            if (!recorded.equals(Stamp.of(cacheFile))) {
                return Optional.empty();
            }
            String rootId = in.readUTF();
            int n = in.readInt();
            Map<String, Folder> folders = new HashMap<>(Math.max(16, n * 2));
            for (int i = 0; i < n; i++) {
                String key = in.readUTF();
                String id = in.readUTF();
                String name = in.readUTF();
                String etag = in.readUTF();
                int files = in.readInt();
                long offset = in.readLong();
                long end = in.readLong();
                int c = in.readInt();
                List<String> children = new ArrayList<>(c);
                for (int k = 0; k < c; k++) {
                    children.add(in.readUTF());
                }
                folders.put(key, new Folder(key, id, name, etag, List.copyOf(children), files, offset, end));
            }
            return Optional.of(new ListingIndex(rootId, folders, recorded));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            LOG.debug("listing cache index {} unreadable ({}); the cache is parsed", indexFile, e.toString());
            return Optional.empty();
        }
    }

    /** The folders of the file with each one's offset; empty when it is not plainly well-formed. */
    private static Optional<ListingIndex> build(Path cacheFile) throws IOException {
        try (JsonParser p = JSON.createParser(cacheFile.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            String root = null;
            Map<String, Folder> folders = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("rootId") && value == JsonToken.VALUE_STRING && root == null) {
                    root = p.getText();
                } else if (field.equals("folders") && value == JsonToken.START_OBJECT && folders == null) {
                    folders = new HashMap<>();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String key = p.currentName();
                        if (p.nextToken() != JsonToken.START_OBJECT || folders.containsKey(key)) {
                            return Optional.empty();
                        }
                        long offset = p.currentTokenLocation().getByteOffset();
                        CachedListing.Skeleton s = CachedListing.readFolder(p);
                        long end = p.currentTokenLocation().getByteOffset() + 1; // just past its '}'
                        if (s == null || offset < 0 || end <= offset) {
                            return Optional.empty();
                        }
                        folders.put(key, new Folder(key, s.id(), s.name(), s.treeEtag(), s.childFolderIds(),
                                s.files(), offset, end));
                    }
                } else if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
                    p.skipChildren();
                }
            }
            return root == null || folders == null ? Optional.empty() : Optional.of(new ListingIndex(root, folders, null));
        }
    }

    /** Which version of the cache file an index describes. */
    private record Stamp(long size, long modifiedNanos, String fileKey) {
        static Stamp of(Path file) throws IOException {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            long nanos = a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
            return new Stamp(a.size(), nanos, Objects.toString(a.fileKey(), ""));
        }

        void writeTo(DataOutputStream out) throws IOException {
            out.writeLong(size);
            out.writeLong(modifiedNanos);
            out.writeUTF(fileKey);
        }

        static Stamp readFrom(DataInputStream in) throws IOException {
            return new Stamp(in.readLong(), in.readLong(), in.readUTF());
        }
    }
}
