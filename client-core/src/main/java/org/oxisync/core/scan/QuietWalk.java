package org.oxisync.core.scan;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.TempNames;

/**
 * The local half of the engine's quiet check: walks the tree with exactly the rules of a full scan (the same
 * filter, the same NFC paths, the same file keys) and tells whether it presents exactly the sealed entries, in the
 * same order, with the same kind, size, mtime and file key ({@link QuietRecord}). It hashes nothing and builds no
 * journal view.
 *
 * <p>Anything a full scan would treat specially makes the answer "changed", so that the full scan handles it: a
 * leftover temp file of the client (the full scan removes it), a symbolic link or special file (reported every
 * run), an entry or folder that cannot be read. A different listing order also reads as changed: that costs only a
 * full run, never a missed change.
 */
final class QuietWalk extends SimpleFileVisitor<Path> {
    private final Path root;
    private final PathFilter filter;
    final QuietRecord seen = new QuietRecord(256);
    /** Set when the walk met something only a full scan may judge. */
    boolean special;

    QuietWalk(Path root, PathFilter filter) {
        this.root = root;
        this.filter = filter;
    }

    void append(QuietWalk part) {
        seen.append(part.seen);
        special |= part.special;
    }

    /** Walks {@code root} on {@code threads} threads (see {@link ParallelTreeWalk}). */
    static QuietWalk walk(Path root, PathFilter filter, int threads) throws IOException {
        return new ParallelTreeWalk<>(new ParallelTreeWalk.Parts<QuietWalk>() {
            @Override
            public QuietWalk create() {
                return new QuietWalk(root, filter);
            }

            @Override
            public void append(QuietWalk into, QuietWalk part) {
                into.append(part);
            }
        }, threads).walk(root);
    }

    /** What this walk found against the sealed record (see {@link QuietDiff}). */
    QuietDiff.Outcome against(SealedRecord sealed) throws IOException {
        return QuietDiff.compare(seen, special, sealed);
    }

    /** True when the sealed record is what this walk saw. */
    boolean matches(SealedRecord sealed) throws IOException {
        return !special && sealed.test(in -> seen.sameAs(in, sealed.length()));
    }

    @Override
    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        if (special) {
            return FileVisitResult.SKIP_SUBTREE; // the answer is known
        }
        if (dir.equals(root)) {
            return FileVisitResult.CONTINUE;
        }
        String path = Names.nfc(LocalScanner.relative(root, dir));
        if (filter.excludes(path, true)) {
            return FileVisitResult.SKIP_SUBTREE;
        }
        seen.dir(path, LocalScanner.key(attrs));
        return FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        if (special) {
            return FileVisitResult.CONTINUE;
        }
        String disk = LocalScanner.relative(root, file);
        if (TempNames.isOwnTempPath(disk)) {
            special = true;
            return FileVisitResult.CONTINUE;
        }
        String path = Names.nfc(disk);
        if (filter.excludes(path, attrs.isDirectory())) {
            return FileVisitResult.CONTINUE;
        }
        if (!attrs.isRegularFile()) {
            special = true; // a symbolic link or a special file: reported by the full scan
            return FileVisitResult.CONTINUE;
        }
        seen.file(path, attrs.size(), attrs.lastModifiedTime().toMillis(), LocalScanner.key(attrs));
        return FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult visitFileFailed(Path file, IOException e) {
        special = true;
        return FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult postVisitDirectory(Path dir, IOException e) {
        if (e != null) {
            special = true;
        }
        return FileVisitResult.CONTINUE;
    }
}
