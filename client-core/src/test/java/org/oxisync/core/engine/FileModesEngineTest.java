package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.oxisync.testing.SecondUser;

/** What a run writes into the sync root opens no wider than the user made it, or than its folder allows. */
class FileModesEngineTest extends HarnessTest {

    private String mode(String rel) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(h.local.resolve(rel)));
    }

    private void chmod(String rel, String mode) throws Exception {
        Files.setPosixFilePermissions(h.local.resolve(rel), PosixFilePermissions.fromString(mode));
    }

    @Test
    void aDownloadThatReplacesAPrivateFileKeepsItPrivate() throws Exception {
        h.write("secret.txt", "salary: 100000");
        chmod("secret.txt", "rw-------");
        h.syncOk();
        h.remote().putFile("/secret.txt", "salary: 123456".getBytes(StandardCharsets.UTF_8));
        h.syncOk();
        assertEquals("salary: 123456", h.read("secret.txt"));
        assertEquals("rw-------", mode("secret.txt"));
    }

    @Test
    void aDownloadThatReplacesAFileKeepsAnyModeTheUserGaveIt() throws Exception {
        h.write("run.sh", "echo 1");
        chmod("run.sh", "rwxr-x---");
        h.syncOk();
        h.remote().putFile("/run.sh", "echo 2".getBytes(StandardCharsets.UTF_8));
        h.syncOk();
        assertEquals("rwxr-x---", mode("run.sh"));
    }

    @Test
    void aNewDownloadOpensNoWiderThanItsFolder() throws Exception {
        h.write("private/keep.txt", "k");
        h.write("team/keep.txt", "k");
        chmod("private", "rwx------");
        chmod("team", "rwxr-x---");
        chmod("", "rwxr-xr-x");
        h.syncOk();
        h.remote().putFile("/private/new.txt", "p".getBytes(StandardCharsets.UTF_8));
        h.remote().putFile("/team/new.txt", "t".getBytes(StandardCharsets.UTF_8));
        h.remote().putFile("/top.txt", "o".getBytes(StandardCharsets.UTF_8));
        h.syncOk();
        assertEquals("rw-------", mode("private/new.txt"));
        assertEquals("rw-r-----", mode("team/new.txt"));
        assertEquals("rw-r--r--", mode("top.txt"));
    }

    @Test
    void aFolderMadeForTheServerOpensNoWiderThanItsParent() throws Exception {
        h.write("private/keep.txt", "k");
        chmod("private", "rwx------");
        h.syncOk();
        h.remote().mkdirs("/private/sub");
        h.syncOk();
        assertEquals("rwx------", mode("private/sub"));
    }

    @Test
    void anotherUserCannotReadAPrivateFileAfterARemoteEdit() throws Exception {
        Optional<SecondUser> second = SecondUser.create();
        assumeTrue(second.isPresent(), SecondUser.WHY_NOT);
        try (SecondUser bob = second.get()) {
            SecondUser.openToOthers(h.local, tmp);
            h.write("secret.txt", "db_password=old");
            chmod("secret.txt", "rw-------");
            h.syncOk();
            h.remote().putFile("/secret.txt", "db_password=hunter2".getBytes(StandardCharsets.UTF_8));
            h.syncOk();
            Path file = h.local.resolve("secret.txt");
            assertFalse(bob.canRead(file), "bob reads the new content of alice's private file");
        }
    }
}
