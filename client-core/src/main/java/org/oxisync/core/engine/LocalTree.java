package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.naming.TempNames;

/**
 * The pair's local root, touched only through relative paths that are checked to stay inside it: nothing a
 * server sends can make the client write elsewhere. Knows the on-disk spelling of NFC paths (NFD names written by
 * macOS) and keeps it current as entries move.
 *
 * <p>A name that stays inside is not enough at write time: a folder of the root may be replaced by a link to
 * elsewhere after the scan, and the OS follows it when the path is used. So right before a step writes, reads for
 * an upload, moves or removes, {@link #requireInside} checks every folder from the root down to the entry's parent
 * without following links; after a rename {@link #requireRealInside} checks where the entry really landed. What
 * is left is a swap in the microseconds between the last check and the system call; the check after the rename
 * sees that too and the step fails (docs/security.md, "The sync root's boundary").
 */
final class LocalTree {
    private final Path root;
    private final Map<String, String> diskNames;

    LocalTree(Path root, Map<String, String> diskNames) {
        this.root = root.toAbsolutePath().normalize();
        this.diskNames = new HashMap<>(diskNames);
    }

    Path root() {
        return root;
    }

    /** The absolute path of a relative NFC path; rejects anything that would leave the root. */
    synchronized Path resolve(String path) {
        String disk = diskNames.getOrDefault(path, path);
        if (disk.isEmpty()) {
            return root;
        }
        for (String seg : disk.split("/", -1)) {
            if (seg.isEmpty() || seg.equals(".") || seg.equals("..") || seg.indexOf('\\') >= 0
                    || seg.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("unsafe path segment in " + path);
            }
        }
        Path p = root.resolve(disk).normalize();
        if (!p.startsWith(root) || p.equals(root)) {
            throw new IllegalArgumentException("path leaves the sync root: " + path);
        }
        return p;
    }

    /**
     * Throws unless every folder between the root and {@code p} (the root and {@code p} itself excluded) is a real
     * folder, read without following links; folders not there yet pass (what is made there is made inside).
     */
    void requireInside(Path p) throws PlanExecutor.LocalChangedException {
        Path abs = p.toAbsolutePath().normalize();
        if (!abs.startsWith(root) || abs.equals(root)) {
            throw new IllegalArgumentException("path leaves the sync root: " + p);
        }
        Path rel = root.relativize(abs);
        Path at = root;
        for (int i = 0; i < rel.getNameCount() - 1; i++) {
            at = at.resolve(rel.getName(i));
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(at, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (java.nio.file.NoSuchFileException e) {
                return;
            } catch (IOException e) {
                throw new PlanExecutor.LocalChangedException(rel + ": " + root.relativize(at)
                        + " cannot be read (" + e.getMessage() + "); nothing was done through it");
            }
            if (!a.isDirectory()) {
                throw new PlanExecutor.LocalChangedException(rel + ": " + root.relativize(at) + " is no longer a folder"
                        + (a.isSymbolicLink() ? " but a link" : "") + "; nothing was done through it, and it is"
                        + " compared next run");
            }
        }
    }

    /** Throws unless {@code p}'s folder, all links resolved, is the root's real folder or one inside it. */
    void requireRealInside(Path p) throws IOException {
        Path realRoot = root.toRealPath();
        Path realParent = p.toAbsolutePath().getParent().toRealPath();
        if (!realParent.startsWith(realRoot)) {
            throw new PlanExecutor.LocalChangedException(root.relativize(p.toAbsolutePath()) + " landed outside the"
                    + " sync root (a folder on its way was replaced by a link during the run)");
        }
    }

    /** Records that {@code from} (and its subtree) now lives at {@code to}, spelled {@code to} on disk. */
    synchronized void moved(String from, String to) {
        String diskFrom = diskNames.getOrDefault(from, from);
        Map<String, String> updated = new HashMap<>();
        diskNames.entrySet().removeIf(e -> {
            String key = e.getKey();
            if (!key.equals(from) && !RelativePaths.isStrictAncestor(from, key)) {
                return false;
            }
            String newKey = RelativePaths.rebase(key, from, to);
            String value = e.getValue();
            String newValue = value.equals(diskFrom) || RelativePaths.isStrictAncestor(diskFrom, value)
                    ? RelativePaths.rebase(value, diskFrom, to) : newKey;
            if (!newKey.equals(newValue)) {
                updated.put(newKey, newValue);
            }
            return true;
        });
        diskNames.putAll(updated);
    }

    /** Renames without ever replacing an existing entry; a case-only rename goes through a temp name. */
    void move(String from, String to) throws IOException {
        Path src = resolve(from);
        Path dst = resolve(to);
        requireInside(src);
        requireInside(dst);
        Files.createDirectories(dst.getParent());
        requireInside(dst);
        boolean caseOnly = !from.equals(to) && from.equalsIgnoreCase(to);
        if (caseOnly) {
            // on a case-sensitive volume the other spelling may be another entry: never rename over it
            if (Files.exists(dst, LinkOption.NOFOLLOW_LINKS) && !Files.isSameFile(src, dst)) {
                throw new FileAlreadyExistsException(to, null, "another entry already has this name locally");
            }
            Path tmp = src.resolveSibling(TempNames.tempFor(src.getFileName().toString(), System.nanoTime()));
            Files.move(src, tmp);
            try {
                Files.move(tmp, dst);
            } catch (IOException e) {
                Files.move(tmp, src); // no temp name left behind: the entry keeps its old name
                throw e;
            }
        } else {
            if (Files.exists(dst, LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(to, null, "an entry already exists there locally");
            }
            Files.move(src, dst);
        }
        try {
            requireRealInside(dst);
        } catch (IOException e) {
            Files.move(dst, src); // the user's entry goes back where it was, not left outside the root
            throw e;
        }
        moved(from, to);
    }

    /** Moves a finished temp file onto {@code target} atomically (replacing it), then syncs the folder. */
    static void replaceAtomically(Path temp, Path target) throws IOException {
        org.oxisync.store.io.DurableFiles.moveIntoPlace(temp, target);
        fsyncDirectory(target.getParent());
    }

    /** Renames {@code from} to {@code to} (a fresh name in the same folder) in one step. */
    static void moveAtomically(Path from, Path to) throws IOException {
        java.nio.file.Files.move(from, to, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    static void fsyncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // Not every platform can open a directory (Windows): the rename itself is still atomic there.
        }
    }

    static BasicFileAttributes attributes(Path p) throws IOException {
        return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    }
}
