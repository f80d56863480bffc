package org.oxisync.core.scan;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.function.Supplier;

/**
 * Walks a tree with the callbacks and order of {@link Files#walkFileTree(Path, FileVisitor)} (links not followed),
 * one folder per fork-join task on several threads. A no-change scan of 100,000 files spends most of its time in
 * {@code lstat}; two threads walk such a tree in about half the time of one.
 *
 * <p>Each task feeds visitors of its own (a visitor is never shared between threads); the parts are then merged in
 * the order a sequential walk would have visited them (a folder's own callbacks, its entries in listing order,
 * each subfolder's part in its place, then its {@code postVisitDirectory}), so the result is the same as one
 * visitor walking alone. Unlike {@code walkFileTree}, a root that cannot be opened is an error, never an empty tree.
 *
 * @param <V> the visitor
 */
final class ParallelTreeWalk<V extends FileVisitor<Path>> {
    /**
     * Below this depth a folder's subtree is walked by {@link Files#walkFileTree} on the task's thread: joining
     * subtasks nests a stack frame per level, and a tree 1,500 folders deep overflowed the stack.
     */
    static final int SEQUENTIAL_BELOW = 32;

    /** Makes an empty visitor, and appends one visitor's findings to another's. */
    interface Parts<V> {
        V create();

        void append(V into, V part);
    }

    private final Parts<V> parts;
    private final int threads;

    ParallelTreeWalk(Parts<V> parts, int threads) {
        this.parts = parts;
        this.threads = Math.max(1, threads);
    }

    /** Walks {@code root}; returns the merged visitor. */
    V walk(Path root) throws IOException {
        BasicFileAttributes attrs = Files.readAttributes(root, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attrs.isDirectory()) {
            throw new IOException("not a folder: " + root);
        }
        try (DirectoryStream<Path> probe = Files.newDirectoryStream(root)) {
            // opened once here so that an unreadable root fails the walk instead of reading as empty
        }
        ForkJoinPool pool = new ForkJoinPool(threads, p -> {
            var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            t.setName("oxisync-scan-walk");
            t.setDaemon(true);
            return t;
        }, null, false);
        try {
            List<V> ordered = pool.invoke(new Folder(root, attrs, 0));
            V result = parts.create();
            for (V part : ordered) {
                parts.append(result, part);
            }
            return result;
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        } finally {
            pool.shutdownNow();
        }
    }

    /** One folder: its callbacks and entries, its subfolders as subtasks; yields its parts in visiting order. */
    private final class Folder extends RecursiveTask<List<V>> {
        private final Path dir;
        private final BasicFileAttributes attrs;
        private final int depth;

        Folder(Path dir, BasicFileAttributes attrs, int depth) {
            this.dir = dir;
            this.attrs = attrs;
            this.depth = depth;
        }

        @Override
        protected List<V> compute() {
            if (depth >= SEQUENTIAL_BELOW) {
                V whole = parts.create();
                call(() -> {
                    Files.walkFileTree(dir, whole); // the same callbacks, iteratively
                    return FileVisitResult.CONTINUE;
                });
                return List.of(whole);
            }
            List<Object> pieces = new ArrayList<>(); // visitors and subfolder tasks, in order
            V v = parts.create();
            pieces.add(v);
            DirectoryStream<Path> stream;
            try {
                stream = Files.newDirectoryStream(dir);
            } catch (IOException e) {
                call(() -> v.visitFileFailed(dir, e));
                return List.of(v);
            }
            IOException failure = null;
            try (stream) {
                FileVisitResult pre = call(() -> v.preVisitDirectory(dir, attrs));
                if (pre != FileVisitResult.CONTINUE) {
                    return List.of(v); // SKIP_SUBTREE (an excluded folder)
                }
                V current = v;
                for (Path child : stream) {
                    BasicFileAttributes a;
                    try {
                        a = Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    } catch (IOException e) {
                        V c = current;
                        call(() -> c.visitFileFailed(child, e));
                        continue;
                    }
                    if (a.isDirectory()) {
                        pieces.add(new Folder(child, a, depth + 1).fork());
                        current = parts.create();
                        pieces.add(current);
                    } else {
                        V c = current;
                        call(() -> c.visitFile(child, a));
                    }
                }
            } catch (DirectoryIteratorException e) {
                failure = e.getCause();
            } catch (IOException e) {
                failure = e; // closing the stream failed
            }
            List<V> out = new ArrayList<>();
            for (Object piece : pieces) {
                if (piece instanceof ForkJoinTask<?> task) {
                    @SuppressWarnings("unchecked")
                    List<V> sub = (List<V>) task.join();
                    out.addAll(sub);
                } else {
                    @SuppressWarnings("unchecked")
                    V part = (V) piece;
                    out.add(part);
                }
            }
            V post = parts.create();
            IOException f = failure;
            call(() -> post.postVisitDirectory(dir, f));
            out.add(post);
            return List.of(merged(out));
        }

        /**
         * The parts of this folder's subtree appended in order into its first (this task's own visitor, whose
         * subfolders' tasks have all been joined): one part a finished subtree instead of two or more a folder, each
         * with its own empty lists and maps, held until the whole walk ends (about 25 bytes a file of a tree of 50
         * files a folder, at the scan's peak: bench/README.md "A million files"). Each entry is appended once a
         * level of depth above it (a full walk of a million files: a few million appends of a reference).
         */
        private V merged(List<V> out) {
            V first = out.get(0);
            for (int i = 1; i < out.size(); i++) {
                parts.append(first, out.get(i));
            }
            return first;
        }
    }

    @FunctionalInterface
    private interface Callback {
        FileVisitResult run() throws IOException;
    }

    private static FileVisitResult call(Callback c) {
        try {
            return c.run();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
