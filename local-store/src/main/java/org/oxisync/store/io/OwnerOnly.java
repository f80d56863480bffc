package org.oxisync.store.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Folders (0700) and files (0600) that only their owner can open, whatever the process's umask: the mode is given at
 * creation and set again right after it, since the umask only ever removes bits and a umask of 0777 would leave the
 * owner locked out. Everything the client keeps about a user (the journal, the version store's chunks, logs,
 * caches, the native library it loads) is made through here. On a file system without POSIX modes (Windows, FAT)
 * the calls create plainly: there the per-user folder's ACLs decide (docs/security.md).
 */
public final class OwnerOnly {
    public static final Set<PosixFilePermission> DIR = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private OwnerOnly() {}

    /** Whether {@code p}'s file system has POSIX modes. */
    public static boolean posix(Path p) {
        return p.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /**
     * Creates {@code dir} and each missing parent, every one it creates 0700; folders that exist already are left as
     * they are (the caller checks the ones it owns, {@code PrivateHome}).
     */
    public static Path createDirectories(Path dir) throws IOException {
        Path abs = dir.toAbsolutePath();
        Deque<Path> missing = new ArrayDeque<>();
        for (Path p = abs; p != null && !Files.isDirectory(p); p = p.getParent()) {
            missing.push(p);
        }
        while (!missing.isEmpty()) {
            Path p = missing.pop();
            try {
                if (posix(p)) {
                    Files.createDirectory(p, PosixFilePermissions.asFileAttribute(DIR));
                    Files.setPosixFilePermissions(p, DIR);
                } else {
                    Files.createDirectory(p);
                }
            } catch (FileAlreadyExistsException e) {
                if (!Files.isDirectory(p)) {
                    throw e;
                }
                // made by another process meanwhile: theirs (the same client's) stands
            }
        }
        return dir;
    }

    /** Creates {@code file} empty and 0600 unless it exists; a file that exists keeps its mode. */
    public static void createFile(Path file) throws IOException {
        try {
            if (posix(file)) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(FILE));
                Files.setPosixFilePermissions(file, FILE);
            } else {
                Files.createFile(file);
            }
        } catch (FileAlreadyExistsException e) {
            // kept as it is
        }
    }

    /**
     * Opens {@code file} as {@link FileChannel#open} does; a file it creates is made 0600 (the umask can only take
     * bits away from that). No second call per file: the chunk store writes many.
     */
    public static FileChannel open(Path file, OpenOption... options) throws IOException {
        Set<OpenOption> opts = new HashSet<>(java.util.Arrays.asList(options));
        if (!posix(file)) {
            return FileChannel.open(file, opts);
        }
        FileAttribute<Set<PosixFilePermission>> attr = PosixFilePermissions.asFileAttribute(FILE);
        return FileChannel.open(file, opts, attr);
    }

    /**
     * The user this process runs as, as file systems name owners: the owner of a file it creates (the JVM's {@code
     * user.name} is only a name, which a container without a password entry may not even have).
     */
    public static java.nio.file.attribute.UserPrincipal currentUser() throws IOException {
        Path probe;
        try {
            probe = Files.createTempFile("oxisync-owner", ".tmp");
        } catch (IOException e) {
            // no writable temp folder: the name the JVM took from the password entry of its uid
            return java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService()
                    .lookupPrincipalByName(System.getProperty("user.name"));
        }
        try {
            return Files.getOwner(probe);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    /**
     * Whether {@code p} belongs to {@code me} and no one else may write to it (it may be trusted as code or data).
     * Always true without POSIX modes (Windows: the per-user folder's ACL decides, and a file made by an elevated
     * process belongs to the Administrators group, not to the user).
     */
    public static boolean ownedAndUnshared(Path p, java.nio.file.attribute.UserPrincipal me) throws IOException {
        if (!posix(p)) {
            return true;
        }
        if (!Files.getOwner(p, java.nio.file.LinkOption.NOFOLLOW_LINKS).equals(me)) {
            return false;
        }
        PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class,
                java.nio.file.LinkOption.NOFOLLOW_LINKS);
        if (view == null) {
            return true;
        }
        Set<PosixFilePermission> perms = view.readAttributes().permissions();
        return !perms.contains(PosixFilePermission.GROUP_WRITE) && !perms.contains(PosixFilePermission.OTHERS_WRITE);
    }

    /** Removes group and other bits from {@code p} (file or folder); true when there were any. */
    public static boolean tighten(Path p) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class);
        if (view == null) {
            return false;
        }
        Set<PosixFilePermission> perms = view.readAttributes().permissions();
        Set<PosixFilePermission> own = new HashSet<>(perms);
        own.retainAll(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_EXECUTE));
        if (own.equals(perms)) {
            return false;
        }
        view.setPermissions(own);
        return true;
    }
}
