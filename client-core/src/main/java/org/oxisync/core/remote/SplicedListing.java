package org.oxisync.core.remote;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.SkippedResource;
import org.oxisync.store.io.DurableFiles;

/**
 * A relisting of the cached listing that reads only what changed, and a save that rewrites only that: the rows of the
 * folders it did not list again stay where the cache file has them ({@link UnreadRows}) and are copied byte for byte
 * into the new file, whose index is written from what was written ({@link ListingIndex}). At a million files the
 * relisting after a run that wrote into 1,000 folders, and the listing of another device's edits, loaded the whole
 * cache (226 MB of JSON, about 3 s), saved it whole (about 1.5 s) and parsed it again for the index: seconds of each
 * edit run that grew with the tree, not with the changes, and the daemon's largest garbage after a save.
 *
 * <p>Used only when the cache's index describes the file as it is (else the callers load the whole listing, as
 * before). The stale marks are applied to the skeleton, as a load applies them, and go with the save.
 */
public final class SplicedListing {
    /**
     * A relisting: the listing before (the rows of every folder listed again read from the file, the others unread),
     * the listing now (the same unread rows where nothing changed), whether nothing changed, the rows left out.
     */
    public static final class Relisted {
        private final RemoteTree before;
        private final RemoteTree after;
        private final boolean unchanged;
        private final List<SkippedResource> skipped;
        /** The index of the file relisted: where the unread rows are. */
        final ListingIndex index;

        Relisted(RemoteTree before, RemoteTree after, boolean unchanged, List<SkippedResource> skipped,
                 ListingIndex index) {
            this.before = before;
            this.after = after;
            this.unchanged = unchanged;
            this.skipped = List.copyOf(skipped);
            this.index = index;
        }

        public RemoteTree before() {
            return before;
        }

        public RemoteTree after() {
            return after;
        }

        public boolean unchanged() {
            return unchanged;
        }

        public List<SkippedResource> skipped() {
            return skipped;
        }
    }

    private SplicedListing() {
    }

    /**
     * Lists again what changed since the cache in {@code file}, {@code root} being the root as the server gave it just
     * now; empty when the cache has no index describing it (the caller loads it whole).
     */
    public static Optional<Relisted> relist(RemoteScanner scanner, RemoteTreeFile file, String rootId, FolderDto root)
            throws IOException {
        Optional<ListingIndex> index = ListingIndex.read(file.path());
        if (index.isEmpty() || !index.get().rootId().equals(rootId)) {
            return Optional.empty();
        }
        Map<String, RemoteTree.Folder> folders = new HashMap<>();
        for (ListingIndex.Folder f : index.get().folders().values()) {
            if (!f.key().equals(f.id())) {
                return Optional.empty(); // not a file this client wrote: load it whole
            }
            folders.put(f.id(), new RemoteTree.Folder(f.id(), f.name(), f.treeEtag(), new UnreadRows(f),
                    f.childFolderIds()));
        }
        RemoteTree skeleton = new RemoteTree(rootId, folders);
        java.util.Set<String> stale = RemoteTreeFile.staleIds(file.path());
        if (!stale.isEmpty()) {
            skeleton = skeleton.withStale(stale);
        }
        RemoteScanner.Relisting after = scanner.relist(skeleton, root);
        if (after.unchanged()) {
            return Optional.of(new Relisted(skeleton, after.tree(), true, after.skipped(), index.get()));
        }
        // the rows before of every folder whose rows are new, for the comparison of the two listings
        Map<String, RemoteTree.Folder> before = new HashMap<>(skeleton.folders());
        try (FileChannel in = FileChannel.open(file.path(), StandardOpenOption.READ)) {
            for (RemoteTree.Folder now : after.tree().folders().values()) {
                RemoteTree.Folder old = before.get(now.id());
                if (old != null && old.files() instanceof UnreadRows unread && !(now.files() instanceof UnreadRows)) {
                    before.put(old.id(), new RemoteTree.Folder(old.id(), old.name(), old.treeEtag(),
                            read(in, unread.folder).files(), old.childFolderIds()));
                }
            }
        }
        return Optional.of(new Relisted(new RemoteTree(rootId, before), after.tree(), false, after.skipped(),
                index.get()));
    }

    /**
     * Saves {@code relisted.after()} as the cache file: each folder whose rows were not read copied from the old file
     * (read and written again when its name or tree ETag changed), the others written; then the index, from the
     * offsets written, and the stale marks go (as {@link RemoteTreeFile#save}).
     */
    public static void save(RemoteTreeFile file, Relisted relisted) throws IOException {
        RemoteTree tree = relisted.after();
        List<ListingIndex.Folder> written = new ArrayList<>(tree.folders().size());
        java.nio.file.Files.deleteIfExists(ListingIndex.pathFor(file.path()));
        try (FileChannel old = FileChannel.open(file.path(), StandardOpenOption.READ)) {
            if (!relisted.index.describes(file.path())) {
                throw new IOException("the listing cache changed since it was relisted");
            }
            // one buffer for every copied folder: a fresh 64 KiB buffer per folder was 1.3 GB of garbage at 20,000
            // folders, a young collection every few milliseconds while the listing was saved
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            DurableFiles.replace(file.path(), raw -> {
                Counting out = new Counting(new java.io.BufferedOutputStream(raw, 1 << 16));
                out.write("{\"rootId\":".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.write(RemoteTreeFile.stringJson(tree.rootId()));
                out.write(",\"folders\":{".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                boolean first = true;
                for (RemoteTree.Folder f : tree.folders().values()) {
                    if (!first) {
                        out.write(',');
                    }
                    first = false;
                    out.write(RemoteTreeFile.stringJson(f.id()));
                    out.write(':');
                    long start = out.count;
                    if (f.files() instanceof UnreadRows unread && unread.folder.name().equals(f.name())
                            && unread.folder.treeEtag().equals(f.treeEtag())
                            && unread.folder.childFolderIds().equals(f.childFolderIds())) {
                        copy(old, unread.folder.offset(), unread.folder.end(), out, buffer);
                    } else if (f.files() instanceof UnreadRows unread) {
                        RemoteTree.Folder rows = read(old, unread.folder);
                        out.write(RemoteTreeFile.folderJson(new RemoteTree.Folder(f.id(), f.name(), f.treeEtag(),
                                rows.files(), f.childFolderIds())));
                    } else {
                        out.write(RemoteTreeFile.folderJson(f));
                    }
                    written.add(new ListingIndex.Folder(f.id(), f.id(), f.name(), f.treeEtag(), f.childFolderIds(),
                            f.files().size(), start, out.count));
                }
                out.write("}}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.flush();
            });
        }
        file.clearStale(); // after the replace: a crash between them only lists again
        ListingIndex.write(file.path(), tree.rootId(), written);
    }

    /** The folder object at {@code folder}'s bytes of the file. */
    private static RemoteTree.Folder read(FileChannel in, ListingIndex.Folder folder) throws IOException {
        long length = folder.end() - folder.offset();
        if (length <= 0 || length > Integer.MAX_VALUE) {
            throw new IOException("a folder of the listing cache has a bad extent");
        }
        ByteBuffer b = ByteBuffer.allocate((int) length);
        while (b.hasRemaining()) {
            if (in.read(b, folder.offset() + b.position()) < 0) {
                throw new IOException("the listing cache ends inside a folder");
            }
        }
        RemoteTree.Folder f = RemoteTreeFile.readFolderJson(b.array());
        if (!folder.id().equals(f.id())) {
            throw new IOException("the listing cache's index does not match its folder " + folder.id());
        }
        return f;
    }

    private static void copy(FileChannel in, long from, long to, OutputStream out, ByteBuffer b) throws IOException {
        for (long at = from; at < to; ) {
            b.clear().limit((int) Math.min(b.capacity(), to - at));
            int n = in.read(b, at);
            if (n < 0) {
                throw new IOException("the listing cache ends inside a folder");
            }
            out.write(b.array(), 0, n);
            at += n;
        }
    }

    /** Counts the bytes written: the offsets of the new index. */
    private static final class Counting extends java.io.FilterOutputStream {
        long count;

        Counting(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
