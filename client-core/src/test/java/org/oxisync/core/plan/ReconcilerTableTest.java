package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;

/**
 * The reconcile rules, one named case each: a scenario (changes on either side after a clean sync) and the
 * exact plan expected, in order, as printed by {@code --dry-run}.
 */
class ReconcilerTableTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2024-03-05T14:07:09Z"), ZoneOffset.UTC);
    static final String STAMP = "(conflicted copy 2024-03-05 140709 laptop)";

    static Stream<Arguments> cases() {
        return Stream.of(
                c("nothing changed gives an empty plan",
                        s -> s.syncedDir("d").synced("d/a.txt", "h1"), OsFamily.LINUX),
                c("new local file is uploaded as new",
                        s -> s.localNew("a.txt", "n1"), OsFamily.LINUX,
                        "upload    a.txt (new, 10 B)"),
                c("new local folder is created remotely before its file is uploaded",
                        s -> s.localNewDir("d").localNew("d/x", "n1"), OsFamily.LINUX,
                        "mkdir     remote d",
                        "upload    d/x (new, 10 B)"),
                c("new remote file is downloaded",
                        s -> s.remoteNew("a.txt", "n1"), OsFamily.LINUX,
                        "download  a.txt (new, 10 B)"),
                c("new remote folder is created locally before its file is downloaded",
                        s -> s.remoteNewDir("d").remoteNew("d/x", "n1"), OsFamily.LINUX,
                        "mkdir     local  d",
                        "download  d/x (new, 10 B)"),
                c("local change is uploaded as an update",
                        s -> s.synced("a.txt", "h1").localEdit("a.txt", "h2"), OsFamily.LINUX,
                        "upload    a.txt (update, 11 B)"),
                c("remote change is downloaded as an update",
                        s -> s.synced("a.txt", "h1").remoteEdit("a.txt", "h2"), OsFamily.LINUX,
                        "download  a.txt (update, 12 B)"),
                c("local touch without content change only records the journal",
                        s -> s.synced("a.txt", "h1").localTouch("a.txt", "h1"), OsFamily.LINUX,
                        "record    a.txt"),
                c("local delete moves the remote file to the trash",
                        s -> s.synced("a.txt", "h1").localDelete("a.txt"), OsFamily.LINUX,
                        "trash     remote a.txt"),
                c("remote delete deletes the local file",
                        s -> s.synced("a.txt", "h1").remoteDelete("a.txt"), OsFamily.LINUX,
                        "delete    local  a.txt"),
                c("both changed to the same content only records the journal",
                        s -> s.synced("a.txt", "h1").localEdit("a.txt", "h2").remoteEdit("a.txt", "h2"), OsFamily.LINUX,
                        "record    a.txt"),
                c("both changed differently keeps both: local renamed to a conflict copy and uploaded",
                        s -> s.synced("a.txt", "h1").localEdit("a.txt", "h2").remoteEdit("a.txt", "h3"), OsFamily.LINUX,
                        "conflict  keep local a.txt as a " + STAMP + ".txt",
                        "upload    a " + STAMP + ".txt (new, 11 B)",
                        "download  a.txt (new, 12 B)"),
                c("both new with the same content only records the journal",
                        s -> s.localNew("a.txt", "n1").remoteNew("a.txt", "n1"), OsFamily.LINUX,
                        "record    a.txt"),
                c("both new with different content is a conflict",
                        s -> s.localNew("a.txt", "n1").remoteNew("a.txt", "n2"), OsFamily.LINUX,
                        "conflict  keep local a.txt as a " + STAMP + ".txt",
                        "upload    a " + STAMP + ".txt (new, 10 B)",
                        "download  a.txt (new, 10 B)"),
                c("both new folders are merged",
                        s -> s.localNewDir("d").remoteNewDir("d").localNew("d/l", "n1").remoteNew("d/r", "n2"),
                        OsFamily.LINUX,
                        "upload    d/l (new, 10 B)",
                        "download  d/r (new, 10 B)",
                        "record    d"),
                c("local delete and remote change: the change wins and is downloaded again",
                        s -> s.synced("a.txt", "h1").localDelete("a.txt").remoteEdit("a.txt", "h2"), OsFamily.LINUX,
                        "download  a.txt (new, 12 B)"),
                c("remote delete and local change: the change wins and is uploaded again",
                        s -> s.synced("a.txt", "h1").remoteDelete("a.txt").localEdit("a.txt", "h2"), OsFamily.LINUX,
                        "upload    a.txt (new, 11 B)"),
                c("deleted on both sides is forgotten",
                        s -> s.synced("a.txt", "h1").localDelete("a.txt").remoteDelete("a.txt"), OsFamily.LINUX,
                        "forget    a.txt"),
                c("local rename found by file key is a remote move",
                        s -> s.synced("a.txt", "h1").localMove("a.txt", "b.txt"), OsFamily.LINUX,
                        "move      remote a.txt -> b.txt"),
                c("local rename found by hash and size is a remote move",
                        s -> s.synced("a.txt", "h1").localDelete("a.txt")
                                .localPut(LocalEntry.file("b.txt", 10, 1000, null, "h1")), OsFamily.LINUX,
                        "move      remote a.txt -> b.txt"),
                c("remote rename found by id is a local move",
                        s -> s.synced("a.txt", "h1").remoteMove("a.txt", "b.txt"), OsFamily.LINUX,
                        "move      local  a.txt -> b.txt"),
                c("local folder move is one remote folder move",
                        s -> s.syncedDir("d").synced("d/x", "h1").syncedDir("d/s").synced("d/s/y", "h2")
                                .localMove("d", "e"), OsFamily.LINUX,
                        "move      remote d -> e"),
                c("remote folder move is one local folder move",
                        s -> s.syncedDir("d").synced("d/x", "h1").syncedDir("d/s").synced("d/s/y", "h2")
                                .remoteMove("d", "e"), OsFamily.LINUX,
                        "move      local  d -> e"),
                c("local move into a new folder creates the folder first",
                        s -> s.synced("a.txt", "h1").localNewDir("n").localMove("a.txt", "n/a.txt"), OsFamily.LINUX,
                        "mkdir     remote n",
                        "move      remote a.txt -> n/a.txt"),
                c("remote move into a new folder creates the folder first",
                        s -> s.synced("a.txt", "h1").remoteNewDir("n").remoteMove("a.txt", "n/a.txt"), OsFamily.LINUX,
                        "mkdir     local  n",
                        "move      local  a.txt -> n/a.txt"),
                c("local folder moved into a new folder",
                        s -> s.syncedDir("d").synced("d/x", "h1").localNewDir("n").localMove("d", "n/d"), OsFamily.LINUX,
                        "mkdir     remote n",
                        "move      remote d -> n/d"),
                c("rename inside a locally moved folder follows the folder move",
                        s -> s.syncedDir("d").synced("d/x", "h1").localMove("d", "e").localMove("e/x", "e/y"),
                        OsFamily.LINUX,
                        "move      remote d -> e",
                        "move      remote e/x -> e/y"),
                c("remote rename of a child inside a locally renamed folder lands in the renamed folder",
                        s -> s.syncedDir("d").synced("d/x", "h1").localMove("d", "e").remoteMove("d/x", "d/y"),
                        OsFamily.LINUX,
                        "move      local  e/x -> e/y",
                        "move      remote d -> e"),
                c("remote folder move and a new local file in it: the file is uploaded at the new place",
                        s -> s.syncedDir("d").synced("d/x", "h1").remoteMove("d", "e").localNew("d/new.txt", "n1"),
                        OsFamily.LINUX,
                        "move      local  d -> e",
                        "upload    e/new.txt (new, 10 B)"),
                c("new remote folder inside a remotely renamed folder is created after the move",
                        s -> s.syncedDir("d").remoteMove("d", "e").remoteNewDir("e/n"), OsFamily.LINUX,
                        "move      local  d -> e",
                        "mkdir     local  e/n"),
                c("a folder created remotely where a folder moved away (seed 71) is created after the local move",
                        s -> s.syncedDir("e").synced("e/x", "h1").remoteMove("e", "m").remoteNewDir("e")
                                .remoteNewDir("e/s"), OsFamily.LINUX,
                        "move      local  e -> m",
                        "mkdir     local  e",
                        "mkdir     local  e/s"),
                c("both sides renamed the same way only records the journal",
                        s -> s.synced("a.txt", "h1").localMove("a.txt", "b.txt").remoteMove("a.txt", "b.txt"),
                        OsFamily.LINUX,
                        "record    b.txt (was a.txt)"),
                c("both sides renamed differently: the remote name wins",
                        s -> s.synced("a.txt", "h1").localMove("a.txt", "l.txt").remoteMove("a.txt", "r.txt"),
                        OsFamily.LINUX,
                        "move      local  l.txt -> r.txt"),
                c("remote rename onto a new local file: the local file becomes a conflict copy",
                        s -> s.synced("a.txt", "h1").remoteMove("a.txt", "b.txt").localNew("b.txt", "n1"), OsFamily.LINUX,
                        "conflict  keep local b.txt as b " + STAMP + ".txt",
                        "move      local  a.txt -> b.txt",
                        "upload    b " + STAMP + ".txt (new, 10 B)"),
                c("local file replaced by a folder: the remote file is trashed first",
                        s -> s.synced("a", "h1").localDelete("a").localNewDir("a").localNew("a/x", "n1"), OsFamily.LINUX,
                        "trash     remote a",
                        "mkdir     remote a",
                        "upload    a/x (new, 10 B)"),
                c("remote folder replaced by a file: the local folder is deleted first",
                        s -> s.syncedDir("d").synced("d/x", "h1").remoteDelete("d").remoteNew("d", "n1"), OsFamily.LINUX,
                        "delete    local  d/ (1 files)",
                        "download  d (new, 10 B)"),
                c("remote file replaced under a new id at the same path is an update",
                        s -> s.synced("a.txt", "h1").remoteDelete("a.txt").remoteNew("a.txt", "h2"), OsFamily.LINUX,
                        "download  a.txt (update, 10 B)"),
                c("remote case-only rename is a local case-only move",
                        s -> s.synced("a.txt", "h1").remoteMove("a.txt", "A.txt").caseInsensitive(), OsFamily.MAC,
                        "move      local  a.txt -> A.txt (case only)"),
                c("local case-only rename is a remote case-only move",
                        s -> s.synced("a.txt", "h1").localMove("a.txt", "A.txt").caseInsensitive(), OsFamily.MAC,
                        "move      remote a.txt -> A.txt (case only)"),
                c("name the server refuses is skipped while the rest continues",
                        s -> s.localNew("a\\b.txt", "n1").localNew("ok.txt", "n2"), OsFamily.LINUX,
                        "upload    ok.txt (new, 10 B)",
                        "skip      a\\b.txt (SERVER_NAME: the name contains '/' or '\\')"),
                c("name with a character Windows forbids is skipped on Windows",
                        s -> s.remoteNew("a:b.txt", "n1").remoteNew("ok.txt", "n2"), OsFamily.WINDOWS,
                        "download  ok.txt (new, 10 B)",
                        "skip      a:b.txt (LOCAL_NAME: the name contains a character this file system forbids (<>:\"/\\|?*) (WINDOWS))"),
                c("name with a character Windows forbids is fine on Linux",
                        s -> s.remoteNew("a:b.txt", "n1"), OsFamily.LINUX,
                        "download  a:b.txt (new, 10 B)"),
                c("reserved Windows name with an extension is skipped on Windows",
                        s -> s.remoteNew("CON.txt", "n1"), OsFamily.WINDOWS,
                        "skip      CON.txt (LOCAL_NAME: the name is reserved on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9) (WINDOWS))"),
                c("remote folder with an unusable name is skipped with its subtree",
                        s -> s.remoteNewDir("bad.").remoteNew("bad./x", "n1"), OsFamily.WINDOWS,
                        "skip      bad. (LOCAL_NAME: the name ends with a dot or a space (WINDOWS))"),
                c("too long name for Linux is skipped",
                        s -> s.remoteNew("é".repeat(128), "n1"), OsFamily.LINUX,
                        "skip      " + "é".repeat(128) + " (LOCAL_NAME: the name is longer than this file system allows (LINUX))"),
                c("remote names clashing on a case-insensitive volume keep one and report the other",
                        s -> s.remoteNew("Readme.md", "n1").remoteNew("README.md", "n2").caseInsensitive(), OsFamily.MAC,
                        "download  README.md (new, 10 B)",
                        "skip      Readme.md (CASE_CLASH: differs only in case from README.md on a case-insensitive volume)"),
                c("remote names differing in case both sync on a case-sensitive volume",
                        s -> s.remoteNew("Readme.md", "n1").remoteNew("README.md", "n2"), OsFamily.LINUX,
                        "download  README.md (new, 10 B)",
                        "download  Readme.md (new, 10 B)"),
                c("new local and remote names differing only in case keep both on a case-insensitive volume",
                        s -> s.localNew("a.txt", "n1").remoteNew("A.txt", "n2").caseInsensitive(), OsFamily.MAC,
                        "conflict  keep local a.txt as a " + STAMP + ".txt",
                        "download  A.txt (new, 10 B)",
                        "upload    a " + STAMP + ".txt (new, 10 B)"),
                c("symlink is reported, not synced",
                        s -> s.localPut(new LocalEntry("link", EntryKind.SYMLINK, 0, 0, null, LocalHash.NOT_COMPUTED)),
                        OsFamily.LINUX,
                        "skip      link (UNSUPPORTED_TYPE: symbolic links are not synced)"),
                c("folder deleted locally with a file changed remotely: the file survives in a re-created folder",
                        s -> s.syncedDir("d").synced("d/a", "h1").synced("d/b", "h2")
                                .localDelete("d").remoteEdit("d/a", "h3"), OsFamily.LINUX,
                        "mkdir     local  d",
                        "download  d/a (new, 12 B)",
                        "trash     remote d/b"),
                c("folder deleted remotely with a file changed locally: the file survives in a re-created folder",
                        s -> s.syncedDir("d").synced("d/a", "h1").synced("d/b", "h2")
                                .remoteDelete("d").localEdit("d/a", "h3"), OsFamily.LINUX,
                        "mkdir     remote d",
                        "upload    d/a (new, 11 B)",
                        "delete    local  d/b"),
                c("folder deleted locally with a new remote file inside: the new file survives",
                        s -> s.syncedDir("d").synced("d/a", "h1").localDelete("d").remoteNew("d/new", "n1"),
                        OsFamily.LINUX,
                        "mkdir     local  d",
                        "download  d/new (new, 10 B)",
                        "trash     remote d/a"),
                c("unchanged folder deleted locally is one remote delete",
                        s -> s.syncedDir("d").synced("d/a", "h1").syncedDir("d/s").synced("d/s/b", "h2")
                                .localDelete("d"), OsFamily.LINUX,
                        "trash     remote d/ (2 files)"),
                c("unchanged folder deleted remotely is one local delete",
                        s -> s.syncedDir("d").synced("d/a", "h1").remoteDelete("d"), OsFamily.LINUX,
                        "delete    local  d/ (1 files)"),
                c("file moved out of a folder that is then deleted locally",
                        s -> s.syncedDir("d").synced("d/a", "h1").synced("d/b", "h2")
                                .localMove("d/a", "a").localDelete("d"), OsFamily.LINUX,
                        "move      remote d/a -> a",
                        "trash     remote d/ (1 files)"),
                c("remote delete inside a remotely renamed folder deletes at the new local place",
                        s -> s.syncedDir("d").synced("d/a", "h1").synced("d/b", "h2")
                                .remoteMove("d", "e").remoteDelete("e/b"), OsFamily.LINUX,
                        "move      local  d -> e",
                        "delete    local  e/b")
        );
    }

    private static Arguments c(String name, UnaryOperator<Scenario> setup, OsFamily os, String... expected) {
        return Arguments.of(name, setup, os, List.of(expected));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reconcile(String name, UnaryOperator<Scenario> setup, OsFamily os, List<String> expected) {
        Scenario s = setup.apply(new Scenario());
        Reconciler r = new Reconciler(new ConflictNamer(CLOCK, "laptop"), new LocalNamePolicy(os));
        SyncPlan plan = r.reconcile(s.localSnapshot(), s.remoteSnapshot(), s.journalBase());
        assertEquals(String.join("\n", expected), plan.isEmpty() ? "" : plan.describe(), name);
    }
}
