package org.oxisync.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.testing.SecondUser;
import org.oxisync.store.LocalStore;

/** The OxiSync home is the user's alone, whichever process makes it first and whatever the umask. */
class PrivateHomeTest {
    private static final Set<PosixFilePermission> OTHERS = Set.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    @TempDir
    Path tmp;

    /** A home with an account, a store (journal, chunks, a version) and settings, as a first start leaves it. */
    private Path usedHome() throws Exception {
        SecondUser.openToOthers(tmp, tmp);
        Path dir = tmp.resolve("home");
        AppHome home = new AppHome(dir, true);
        try (AppContext ctx = new AppContext(home, Clock.systemUTC())) {
            ctx.saveConfig(new AppConfig("https://cloud.example", "alice", null));
            LocalStore store = ctx.store();
            Path file = tmp.resolve("salary.txt");
            Files.writeString(file, "salary: 123456");
            long pair = store.accounts().savePair(org.oxisync.store.account.FolderPair.create("p",
                    tmp.resolve("sync").toString(), "root", "/")).id();
            store.versions().saveVersion(pair, "salary.txt", file, Clock.systemUTC().instant());
        }
        return dir;
    }

    @Test
    void everyFolderAndFileOfANewHomeIsOwnerOnly() throws Exception {
        Path dir = usedHome();
        List<Path> all;
        try (Stream<Path> s = Files.walk(dir)) {
            all = s.toList();
        }
        assertTrue(all.size() > 5, "the store was written: " + all);
        for (Path p : all) {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
            assertTrue(perms.stream().noneMatch(OTHERS::contains), p + " is " + PosixFilePermissions.toString(perms));
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    }

    @Test
    void aHomeOpenToOthersIsTightenedAtStart() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("shared-home"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.createDirectories(dir.resolve("data"));
        Files.setPosixFilePermissions(dir.resolve("data"), PosixFilePermissions.fromString("rwxr-xr-x"));
        new AppContext(new AppHome(dir, true), Clock.systemUTC()).close();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("data"))));
    }

    @Test
    void anotherUserCanReadNothingOfTheHome() throws Exception {
        Optional<SecondUser> second = SecondUser.create();
        assumeTrue(second.isPresent(), SecondUser.WHY_NOT);
        try (SecondUser bob = second.get()) {
            Path dir = usedHome();
            Path journal;
            try (Stream<Path> s = Files.walk(dir)) {
                journal = s.filter(p -> p.getFileName().toString().endsWith(".db")).findFirst().orElseThrow();
            }
            assertFalse(bob.canList(dir), "bob lists the home");
            assertFalse(bob.canRead(journal), "bob reads the journal");
            assertFalse(bob.canRead(dir.resolve("config.properties")), "bob reads the accounts");
            // were the home opened by a mistake later, its files stay closed to him too
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            assertFalse(bob.canRead(dir.resolve("config.properties")), "config.properties is 0600 itself");
        }
    }

    @Test
    void aHomeOwnedByAnotherUserIsRefused() throws Exception {
        Optional<SecondUser> second = SecondUser.create();
        assumeTrue(second.isPresent(), SecondUser.WHY_NOT);
        try (SecondUser bob = second.get()) {
            Path dir = Files.createDirectories(tmp.resolve("bobs"));
            Files.setOwner(dir, bob.principal(dir));
            PrivateHome.NotOwnedException e = assertThrows(PrivateHome.NotOwnedException.class,
                    () -> new AppContext(new AppHome(dir, true), Clock.systemUTC()));
            assertTrue(e.getMessage().contains(bob.name()), e.getMessage());
            assertFalse(Files.exists(dir.resolve("data")), "nothing was made in it");
        }
    }

    @Test
    void aDataFolderOwnedByAnotherUserIsRefused() throws Exception {
        Optional<SecondUser> second = SecondUser.create();
        assumeTrue(second.isPresent(), SecondUser.WHY_NOT);
        try (SecondUser bob = second.get()) {
            Path dir = Files.createDirectories(tmp.resolve("mine"));
            Path data = Files.createDirectories(dir.resolve("data"));
            Files.setOwner(data, bob.principal(data));
            assertThrows(PrivateHome.NotOwnedException.class,
                    () -> new AppContext(new AppHome(dir, true), Clock.systemUTC()));
        }
    }
}
