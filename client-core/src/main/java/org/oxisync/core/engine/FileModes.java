package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * The modes of what a run writes into the sync root. A download that replaces a file gives the new content the
 * replaced file's POSIX permissions (and its ACL where the file system has NFSv4/Windows ACLs), so a file the user
 * made private stays private after a remote edit. A new file or folder opens no wider than its folder: the owner
 * may read and write it (and enter a folder), the group and others get only the bits the folder gives them. Where
 * the file system has neither, nothing is set and the folder's inherited ACLs decide (Windows).
 *
 * <p>Linux's POSIX ACLs (setfacl) are not reachable from Java's file API: a replaced file's extended ACL entries are
 * not copied; its mode bits, which bound them (the ACL mask), are.
 */
final class FileModes {
    private static final Set<PosixFilePermission> OWNER = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    private FileModes() {}

    /** Gives {@code staged} the permissions of {@code replaced} (the file it is about to take the place of). */
    static void keepFrom(Path replaced, Path staged) throws IOException {
        PosixFileAttributeView from = Files.getFileAttributeView(replaced, PosixFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        if (from != null) {
            Files.setPosixFilePermissions(staged, from.readAttributes().permissions());
        }
        AclFileAttributeView acl = Files.getFileAttributeView(replaced, AclFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        AclFileAttributeView to = Files.getFileAttributeView(staged, AclFileAttributeView.class);
        if (acl != null && to != null) {
            to.setAcl(acl.getAcl());
        }
    }

    /** Gives a new file {@code staged} rw for its owner and, of r and w, what {@code folder} gives group and others. */
    static void newFileIn(Path folder, Path staged) throws IOException {
        Set<PosixFilePermission> perms = EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        Set<PosixFilePermission> of = folderPermissions(folder);
        if (of == null) {
            return;
        }
        for (PosixFilePermission p : of) {
            if (p == PosixFilePermission.GROUP_READ || p == PosixFilePermission.GROUP_WRITE
                    || p == PosixFilePermission.OTHERS_READ || p == PosixFilePermission.OTHERS_WRITE) {
                perms.add(p);
            }
        }
        Files.setPosixFilePermissions(staged, perms);
    }

    /** Gives a folder the run just made its owner's rwx and the group/other bits of the folder it is in. */
    static void newFolderIn(Path parent, Path dir) throws IOException {
        Set<PosixFilePermission> of = folderPermissions(parent);
        if (of == null) {
            return;
        }
        Set<PosixFilePermission> perms = EnumSet.copyOf(OWNER);
        for (PosixFilePermission p : of) {
            if (!OWNER.contains(p)) {
                perms.add(p);
            }
        }
        Files.setPosixFilePermissions(dir, perms);
    }

    private static Set<PosixFilePermission> folderPermissions(Path folder) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(folder, PosixFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        return view == null ? null : view.readAttributes().permissions();
    }
}
