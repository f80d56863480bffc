package org.oxisync.emulator.seed;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.store.Seeding;
import org.oxisync.emulator.store.Tree;

/**
 * Bulk seeding: puts a local tree into a user's remote folder fast, for benchmarks and test set-ups (not an OxiCloud
 * feature; nothing in the HTTP API reaches it but the {@code /_emulator/seed} control endpoint). Every file goes
 * through the same ingest as an upload ({@link Content#ingest}: the server's FastCDC, BLAKE3 chunk and file hashes,
 * the chunk store, the manifest) and the same row transitions ({@link Seeding#commit}); skipped are only HTTP, the
 * rate limiter and the per-request metadata writes: files are ingested on {@code threads} threads in batches of
 * up to {@value #BATCH} files of one folder, each batch committed under one hold of the tree lock, and the metadata
 * snapshot is written once at the end.
 *
 * <p>Folders are created (or reused when they exist) as {@code POST /api/folders} would; a file that exists with
 * the same content is left as it is; with other content the seed fails with 409 before that batch adds a row
 * (nothing is overwritten) unless {@code replace} is set, which swaps its content as a remote device's edit does
 * (same id). Symbolic links and special files are skipped and counted.
 */
public final class TreeSeeder {
    static final int BATCH = 256;
    /** Files up to this size are read whole and chunked in place; larger ones are streamed. */
    private static final long IN_MEMORY_MAX = 16L << 20;

    private final Tree tree;
    private final Content content;
    private final int threads;

    /** What a seed did, and how long it took. */
    public record Report(long files, long bytes, long folders, long created, long replaced, long unchanged,
                         long skipped, long elapsedMillis) {
        public String summary() {
            return String.format("seeded %,d files (%,d bytes) in %,d folders in %.1f s: %,d created, %,d replaced,"
                    + " %,d unchanged, %,d skipped (not regular files)", files, bytes, folders, elapsedMillis / 1000.0,
                    created, replaced, unchanged, skipped);
        }
    }

    public TreeSeeder(Tree tree, Content content, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1");
        }
        this.tree = tree;
        this.content = content;
        this.threads = threads;
    }

    /**
     * Seeds everything under {@code localDir} into the folder at {@code remotePath} ("/" or "/a/b", created as
     * needed) below {@code rootFolderId}, as {@code userId}.
     */
    public Report seed(String userId, String rootFolderId, Path localDir, String remotePath, boolean replace)
            throws IOException {
        if (!Files.isDirectory(localDir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException("not a directory: " + localDir);
        }
        long t0 = System.nanoTime();
        Counters c = new Counters();
        tree.holdPersistence();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "emulator-seed");
            t.setDaemon(true);
            return t;
        });
        try {
            String base = rootFolderId;
            for (String seg : remotePath.split("/")) {
                if (!seg.isEmpty()) {
                    base = Seeding.folder(tree, userId, base, seg).id;
                }
            }
            walk(userId, localDir, base, replace, pool, c);
        } finally {
            pool.shutdown();
            awaitQuietly(pool);
            tree.flushTreeEtags(); // the pending ancestor bumps now, inside the one snapshot, not in a second one
            tree.releasePersistence();
        }
        c.rethrow();
        return new Report(c.files.sum(), c.bytes.sum(), c.folders.sum(), c.created.sum(), c.replaced.sum(),
                c.unchanged.sum(), c.skipped.sum(), (System.nanoTime() - t0) / 1_000_000);
    }

    /** Walks directory by directory (sorted names), creating folders here and handing files out in batches. */
    private void walk(String userId, Path localDir, String baseId, boolean replace, ExecutorService pool, Counters c)
            throws IOException {
        Semaphore inFlight = new Semaphore(threads * 4); // bounds the batches read but not yet committed
        Deque<Pending> todo = new ArrayDeque<>();
        todo.push(new Pending(localDir, baseId));
        while (!todo.isEmpty() && c.failure.get() == null) {
            Pending next = todo.pop();
            Path dir = next.dir();
            String folderId = next.folderId();
            TreeMap<String, Path> subdirs = new TreeMap<>();
            List<Path> files = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                for (Path p : ds) {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    if (a.isDirectory()) {
                        subdirs.put(p.getFileName().toString(), p);
                    } else if (a.isRegularFile()) {
                        files.add(p);
                    } else {
                        c.skipped.increment();
                    }
                }
            }
            files.sort(null);
            for (int i = 0; i < files.size(); i += BATCH) {
                List<Path> batch = files.subList(i, Math.min(files.size(), i + BATCH));
                acquire(inFlight);
                pool.execute(() -> {
                    try {
                        if (c.failure.get() == null) {
                            ingestAndCommit(userId, folderId, batch, replace, c);
                        }
                    } catch (IOException | RuntimeException e) {
                        c.failure.compareAndSet(null, e);
                    } finally {
                        inFlight.release();
                    }
                });
            }
            List<Pending> children = new ArrayList<>();
            for (var e : subdirs.entrySet()) {
                children.add(new Pending(e.getValue(), Seeding.folder(tree, userId, folderId, e.getKey()).id));
                c.folders.increment();
            }
            for (int i = children.size() - 1; i >= 0; i--) {
                todo.push(children.get(i)); // depth first, in name order
            }
        }
    }

    /** A local directory still to walk and the remote folder it maps to. */
    private record Pending(Path dir, String folderId) {}

    private void ingestAndCommit(String userId, String folderId, List<Path> batch, boolean replace, Counters c)
            throws IOException {
        List<Seeding.Entry> entries = new ArrayList<>(batch.size());
        for (Path p : batch) {
            String name = p.getFileName().toString();
            Content.Ingested in;
            if (Files.size(p) <= IN_MEMORY_MAX) {
                in = content.ingest(Files.readAllBytes(p), name);
            } else {
                try (InputStream s = Files.newInputStream(p)) {
                    in = content.ingest(s, name);
                }
            }
            entries.add(new Seeding.Entry(name, in.hash(), in.size(), in.mime(), in.manifest()));
            c.bytes.add(in.size());
        }
        Seeding.Result r = Seeding.commit(tree, userId, folderId, entries, replace);
        c.files.add(batch.size());
        c.created.add(r.created());
        c.replaced.add(r.replaced());
        c.unchanged.add(r.unchanged());
    }

    private static void acquire(Semaphore s) {
        try {
            s.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while seeding", e);
        }
    }

    private static void awaitQuietly(ExecutorService pool) {
        try {
            while (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
                // a large tree takes minutes: keep waiting for the batches already handed out
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Totals, summed from the worker threads, and the first failure. */
    private static final class Counters {
        final LongAdder files = new LongAdder();
        final LongAdder bytes = new LongAdder();
        final LongAdder folders = new LongAdder();
        final LongAdder created = new LongAdder();
        final LongAdder replaced = new LongAdder();
        final LongAdder unchanged = new LongAdder();
        final LongAdder skipped = new LongAdder();
        final AtomicReference<Exception> failure = new AtomicReference<>();

        void rethrow() throws IOException {
            Exception e = failure.get();
            if (e instanceof IOException io) {
                throw io;
            }
            if (e instanceof RuntimeException re) {
                throw re;
            }
        }
    }
}
