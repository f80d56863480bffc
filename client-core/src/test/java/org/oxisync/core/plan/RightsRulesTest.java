package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;
import org.oxisync.core.naming.ServerNamePolicy;
import org.oxisync.protocol.Role;

/**
 * The pair-rights rules (docs/pair-rights.md): for each role and mode, what one kind of change after a clean sync
 * plans, exactly as {@code --dry-run} prints it; then, for every role × mode × change, the two invariants: nothing
 * is sent that the rights forbid, and no local change is lost.
 */
class RightsRulesTest {
    enum Change {
        NEW(s -> s.synced("a.txt", "h1").localNew("n.txt", "n1").localNewDir("nd").localNew("nd/x", "n2")),
        EDIT(s -> s.synced("a.txt", "h1").localEdit("a.txt", "h2")),
        DELETE(s -> s.synced("a.txt", "h1").syncedDir("d").synced("d/b", "h3").localDelete("a.txt").localDelete("d")),
        RENAME(s -> s.synced("a.txt", "h1").localMove("a.txt", "b.txt")),
        REMOTE_NEW(s -> s.remoteNew("r.txt", "r1")),
        REMOTE_EDIT(s -> s.synced("a.txt", "h1").remoteEdit("a.txt", "h2")),
        REMOTE_DELETE(s -> s.synced("a.txt", "h1").remoteDelete("a.txt")),
        REMOTE_MOVE(s -> s.synced("a.txt", "h1").remoteMove("a.txt", "m.txt")),
        BOTH(s -> s.synced("a.txt", "h1").localEdit("a.txt", "h2").remoteEdit("a.txt", "h3"));

        final UnaryOperator<Scenario> setup;

        Change(UnaryOperator<Scenario> setup) {
            this.setup = setup;
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                c("two-way, viewer: new", SyncMode.TWO_WAY, Role.VIEWER, false, Change.NEW,
                        "skip      n.txt (READ_ONLY: not uploaded: read-only (your role is viewer))",
                        "skip      nd (READ_ONLY: not uploaded: read-only (your role is viewer))"),
                c("two-way, viewer: edit", SyncMode.TWO_WAY, Role.VIEWER, false, Change.EDIT,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "download  a.txt (new, 10 B)",
                        "skip      a (conflicted copy 2024-03-05 140709 laptop).txt (READ_ONLY: not uploaded: read-only (your role is viewer))",
                        "skip      a.txt (NO_UPDATE: your edit is kept as a conflict copy beside the server's version: your role is viewer (edits are not sent))"),
                c("two-way, viewer: delete", SyncMode.TWO_WAY, Role.VIEWER, false, Change.DELETE,
                        "mkdir     local  d",
                        "download  a.txt (new, 10 B)",
                        "download  d/b (new, 10 B)",
                        "skip      a.txt (NO_DELETE: restored from the server: your role is viewer (deletes are not sent))",
                        "skip      d (NO_DELETE: restored from the server: your role is viewer (deletes are not sent))"),
                c("two-way, viewer: rename", SyncMode.TWO_WAY, Role.VIEWER, false, Change.RENAME,
                        "move      local  b.txt -> a.txt",
                        "skip      b.txt (NO_RENAME: moved back: your role is viewer (renames and moves are not sent))"),
                c("two-way, viewer: remoteNew", SyncMode.TWO_WAY, Role.VIEWER, false, Change.REMOTE_NEW,
                        "download  r.txt (new, 10 B)"),
                c("two-way, viewer: remoteEdit", SyncMode.TWO_WAY, Role.VIEWER, false, Change.REMOTE_EDIT,
                        "download  a.txt (update, 12 B)"),
                c("two-way, viewer: remoteDelete", SyncMode.TWO_WAY, Role.VIEWER, false, Change.REMOTE_DELETE,
                        "delete    local  a.txt"),
                c("two-way, viewer: both", SyncMode.TWO_WAY, Role.VIEWER, false, Change.BOTH,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "download  a.txt (new, 12 B)",
                        "skip      a (conflicted copy 2024-03-05 140709 laptop).txt (READ_ONLY: not uploaded: read-only (your role is viewer))"),
                c("two-way, commenter: new", SyncMode.TWO_WAY, Role.COMMENTER, false, Change.NEW,
                        "skip      n.txt (READ_ONLY: not uploaded: read-only (your role is commenter))",
                        "skip      nd (READ_ONLY: not uploaded: read-only (your role is commenter))"),
                c("two-way, commenter: edit", SyncMode.TWO_WAY, Role.COMMENTER, false, Change.EDIT,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "download  a.txt (new, 10 B)",
                        "skip      a (conflicted copy 2024-03-05 140709 laptop).txt (READ_ONLY: not uploaded: read-only (your role is commenter))",
                        "skip      a.txt (NO_UPDATE: your edit is kept as a conflict copy beside the server's version: your role is commenter (edits are not sent))"),
                c("two-way, commenter: delete", SyncMode.TWO_WAY, Role.COMMENTER, false, Change.DELETE,
                        "mkdir     local  d",
                        "download  a.txt (new, 10 B)",
                        "download  d/b (new, 10 B)",
                        "skip      a.txt (NO_DELETE: restored from the server: your role is commenter (deletes are not sent))",
                        "skip      d (NO_DELETE: restored from the server: your role is commenter (deletes are not sent))"),
                c("two-way, commenter: rename", SyncMode.TWO_WAY, Role.COMMENTER, false, Change.RENAME,
                        "move      local  b.txt -> a.txt",
                        "skip      b.txt (NO_RENAME: moved back: your role is commenter (renames and moves are not sent))"),
                c("two-way, commenter: remoteNew", SyncMode.TWO_WAY, Role.COMMENTER, false, Change.REMOTE_NEW,
                        "download  r.txt (new, 10 B)"),
                c("two-way, commenter: remoteEdit", SyncMode.TWO_WAY, Role.COMMENTER, false, Change.REMOTE_EDIT,
                        "download  a.txt (update, 12 B)"),
                c("two-way, commenter: remoteDelete", SyncMode.TWO_WAY, Role.COMMENTER, false, Change.REMOTE_DELETE,
                        "delete    local  a.txt"),
                c("two-way, commenter: both", SyncMode.TWO_WAY, Role.COMMENTER, false, Change.BOTH,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "download  a.txt (new, 12 B)",
                        "skip      a (conflicted copy 2024-03-05 140709 laptop).txt (READ_ONLY: not uploaded: read-only (your role is commenter))"),
                c("two-way, contributor: new", SyncMode.TWO_WAY, Role.CONTRIBUTOR, false, Change.NEW,
                        "mkdir     remote nd",
                        "upload    n.txt (new, 10 B)",
                        "upload    nd/x (new, 10 B)"),
                c("two-way, contributor: edit", SyncMode.TWO_WAY, Role.CONTRIBUTOR, false, Change.EDIT,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "upload    a (conflicted copy 2024-03-05 140709 laptop).txt (new, 11 B)",
                        "download  a.txt (new, 10 B)",
                        "skip      a.txt (NO_UPDATE: your edit is kept as a conflict copy beside the server's version: your role is contributor (edits are not sent))"),
                c("two-way, contributor: delete", SyncMode.TWO_WAY, Role.CONTRIBUTOR, false, Change.DELETE,
                        "mkdir     local  d",
                        "download  a.txt (new, 10 B)",
                        "download  d/b (new, 10 B)",
                        "skip      a.txt (NO_DELETE: restored from the server: your role is contributor (deletes are not sent))",
                        "skip      d (NO_DELETE: restored from the server: your role is contributor (deletes are not sent))"),
                c("two-way, contributor: rename", SyncMode.TWO_WAY, Role.CONTRIBUTOR, false, Change.RENAME,
                        "move      local  b.txt -> a.txt",
                        "skip      b.txt (NO_RENAME: moved back: your role is contributor (renames and moves are not sent))"),
                c("two-way, contributor: remoteNew", SyncMode.TWO_WAY, Role.CONTRIBUTOR, false, Change.REMOTE_NEW,
                        "download  r.txt (new, 10 B)"),
                c("two-way, contributor: remoteEdit", SyncMode.TWO_WAY, Role.CONTRIBUTOR, false, Change.REMOTE_EDIT,
                        "download  a.txt (update, 12 B)"),
                c("two-way, contributor: remoteDelete", SyncMode.TWO_WAY, Role.CONTRIBUTOR, false, Change.REMOTE_DELETE,
                        "delete    local  a.txt"),
                c("two-way, contributor: both", SyncMode.TWO_WAY, Role.CONTRIBUTOR, false, Change.BOTH,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "upload    a (conflicted copy 2024-03-05 140709 laptop).txt (new, 11 B)",
                        "download  a.txt (new, 12 B)"),
                c("two-way, editor: new", SyncMode.TWO_WAY, Role.EDITOR, false, Change.NEW,
                        "mkdir     remote nd",
                        "upload    n.txt (new, 10 B)",
                        "upload    nd/x (new, 10 B)"),
                c("two-way, editor: edit", SyncMode.TWO_WAY, Role.EDITOR, false, Change.EDIT,
                        "upload    a.txt (update, 11 B)"),
                c("two-way, editor: delete", SyncMode.TWO_WAY, Role.EDITOR, false, Change.DELETE,
                        "mkdir     local  d",
                        "download  a.txt (new, 10 B)",
                        "download  d/b (new, 10 B)",
                        "skip      a.txt (NO_DELETE: restored from the server: your role is editor (deletes are not sent))",
                        "skip      d (NO_DELETE: restored from the server: your role is editor (deletes are not sent))"),
                c("two-way, editor: rename", SyncMode.TWO_WAY, Role.EDITOR, false, Change.RENAME,
                        "move      remote a.txt -> b.txt"),
                c("two-way, editor: remoteNew", SyncMode.TWO_WAY, Role.EDITOR, false, Change.REMOTE_NEW,
                        "download  r.txt (new, 10 B)"),
                c("two-way, editor: remoteEdit", SyncMode.TWO_WAY, Role.EDITOR, false, Change.REMOTE_EDIT,
                        "download  a.txt (update, 12 B)"),
                c("two-way, editor: remoteDelete", SyncMode.TWO_WAY, Role.EDITOR, false, Change.REMOTE_DELETE,
                        "delete    local  a.txt"),
                c("two-way, editor: both", SyncMode.TWO_WAY, Role.EDITOR, false, Change.BOTH,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "upload    a (conflicted copy 2024-03-05 140709 laptop).txt (new, 11 B)",
                        "download  a.txt (new, 12 B)"),
                c("two-way, owner: new", SyncMode.TWO_WAY, Role.OWNER, false, Change.NEW,
                        "mkdir     remote nd",
                        "upload    n.txt (new, 10 B)",
                        "upload    nd/x (new, 10 B)"),
                c("two-way, owner: edit", SyncMode.TWO_WAY, Role.OWNER, false, Change.EDIT,
                        "upload    a.txt (update, 11 B)"),
                c("two-way, owner: delete", SyncMode.TWO_WAY, Role.OWNER, false, Change.DELETE,
                        "trash     remote a.txt",
                        "trash     remote d/ (1 files)"),
                c("two-way, owner: rename", SyncMode.TWO_WAY, Role.OWNER, false, Change.RENAME,
                        "move      remote a.txt -> b.txt"),
                c("two-way, owner: remoteNew", SyncMode.TWO_WAY, Role.OWNER, false, Change.REMOTE_NEW,
                        "download  r.txt (new, 10 B)"),
                c("two-way, owner: remoteEdit", SyncMode.TWO_WAY, Role.OWNER, false, Change.REMOTE_EDIT,
                        "download  a.txt (update, 12 B)"),
                c("two-way, owner: remoteDelete", SyncMode.TWO_WAY, Role.OWNER, false, Change.REMOTE_DELETE,
                        "delete    local  a.txt"),
                c("two-way, owner: both", SyncMode.TWO_WAY, Role.OWNER, false, Change.BOTH,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "upload    a (conflicted copy 2024-03-05 140709 laptop).txt (new, 11 B)",
                        "download  a.txt (new, 12 B)"),
                c("upload-only, owner: new", SyncMode.UPLOAD_ONLY, Role.OWNER, false, Change.NEW,
                        "mkdir     remote nd",
                        "upload    n.txt (new, 10 B)",
                        "upload    nd/x (new, 10 B)"),
                c("upload-only, owner: edit", SyncMode.UPLOAD_ONLY, Role.OWNER, false, Change.EDIT,
                        "upload    a.txt (update, 11 B)"),
                c("upload-only, owner: delete", SyncMode.UPLOAD_ONLY, Role.OWNER, false, Change.DELETE,
                        "trash     remote a.txt",
                        "trash     remote d/ (1 files)"),
                c("upload-only, owner: rename", SyncMode.UPLOAD_ONLY, Role.OWNER, false, Change.RENAME,
                        "move      remote a.txt -> b.txt"),
                c("upload-only, owner: remoteNew", SyncMode.UPLOAD_ONLY, Role.OWNER, false, Change.REMOTE_NEW),
                c("upload-only, owner: remoteEdit", SyncMode.UPLOAD_ONLY, Role.OWNER, false, Change.REMOTE_EDIT,
                        "record    a.txt"),
                c("upload-only, owner: remoteDelete", SyncMode.UPLOAD_ONLY, Role.OWNER, false, Change.REMOTE_DELETE,
                        "upload    a.txt (new, 10 B)"),
                c("upload-only, owner: remoteMove", SyncMode.UPLOAD_ONLY, Role.OWNER, false, Change.REMOTE_MOVE,
                        "move      remote m.txt -> a.txt"),
                c("upload-only, owner: both", SyncMode.UPLOAD_ONLY, Role.OWNER, false, Change.BOTH,
                        "upload    a.txt (update, 11 B)"),
                c("upload-only --keep-remote-deletes, owner: new", SyncMode.UPLOAD_ONLY, Role.OWNER, true, Change.NEW,
                        "mkdir     remote nd",
                        "upload    n.txt (new, 10 B)",
                        "upload    nd/x (new, 10 B)"),
                c("upload-only --keep-remote-deletes, owner: edit", SyncMode.UPLOAD_ONLY, Role.OWNER, true, Change.EDIT,
                        "upload    a.txt (update, 11 B)"),
                c("upload-only --keep-remote-deletes, owner: delete", SyncMode.UPLOAD_ONLY, Role.OWNER, true, Change.DELETE,
                        "forget    a.txt",
                        "forget    d",
                        "forget    d/b"),
                c("upload-only --keep-remote-deletes, owner: rename", SyncMode.UPLOAD_ONLY, Role.OWNER, true, Change.RENAME,
                        "move      remote a.txt -> b.txt"),
                c("upload-only --keep-remote-deletes, owner: remoteNew", SyncMode.UPLOAD_ONLY, Role.OWNER, true, Change.REMOTE_NEW),
                c("upload-only --keep-remote-deletes, owner: remoteEdit", SyncMode.UPLOAD_ONLY, Role.OWNER, true, Change.REMOTE_EDIT,
                        "record    a.txt"),
                c("upload-only --keep-remote-deletes, owner: remoteDelete", SyncMode.UPLOAD_ONLY, Role.OWNER, true, Change.REMOTE_DELETE,
                        "upload    a.txt (new, 10 B)"),
                c("upload-only --keep-remote-deletes, owner: remoteMove", SyncMode.UPLOAD_ONLY, Role.OWNER, true, Change.REMOTE_MOVE,
                        "move      remote m.txt -> a.txt"),
                c("upload-only --keep-remote-deletes, owner: both", SyncMode.UPLOAD_ONLY, Role.OWNER, true, Change.BOTH,
                        "upload    a.txt (update, 11 B)"),
                c("download-only, owner: new", SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Change.NEW,
                        "skip      n.txt (READ_ONLY: not uploaded: read-only (download-only pair))",
                        "skip      nd (READ_ONLY: not uploaded: read-only (download-only pair))"),
                c("download-only, owner: edit", SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Change.EDIT,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "download  a.txt (new, 10 B)",
                        "skip      a (conflicted copy 2024-03-05 140709 laptop).txt (READ_ONLY: not uploaded: read-only (download-only pair))",
                        "skip      a.txt (NO_UPDATE: your edit is kept as a conflict copy beside the server's version: download-only pair (edits are not sent))"),
                c("download-only, owner: delete", SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Change.DELETE,
                        "mkdir     local  d",
                        "download  a.txt (new, 10 B)",
                        "download  d/b (new, 10 B)",
                        "skip      a.txt (NO_DELETE: restored from the server: download-only pair (deletes are not sent))",
                        "skip      d (NO_DELETE: restored from the server: download-only pair (deletes are not sent))"),
                c("download-only, owner: rename", SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Change.RENAME,
                        "move      local  b.txt -> a.txt",
                        "skip      b.txt (NO_RENAME: moved back: download-only pair (renames and moves are not sent))"),
                c("download-only, owner: remoteNew", SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Change.REMOTE_NEW,
                        "download  r.txt (new, 10 B)"),
                c("download-only, owner: remoteEdit", SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Change.REMOTE_EDIT,
                        "download  a.txt (update, 12 B)"),
                c("download-only, owner: remoteDelete", SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Change.REMOTE_DELETE,
                        "delete    local  a.txt"),
                c("download-only, owner: remoteMove", SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Change.REMOTE_MOVE,
                        "move      local  a.txt -> m.txt"),
                c("download-only, owner: both", SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Change.BOTH,
                        "conflict  keep local a.txt as a (conflicted copy 2024-03-05 140709 laptop).txt",
                        "download  a.txt (new, 12 B)",
                        "skip      a (conflicted copy 2024-03-05 140709 laptop).txt (READ_ONLY: not uploaded: read-only (download-only pair))"),
                c("upload-only, contributor: new", SyncMode.UPLOAD_ONLY, Role.CONTRIBUTOR, false, Change.NEW,
                        "mkdir     remote nd",
                        "upload    n.txt (new, 10 B)",
                        "upload    nd/x (new, 10 B)"),
                c("upload-only, contributor: edit", SyncMode.UPLOAD_ONLY, Role.CONTRIBUTOR, false, Change.EDIT,
                        "skip      a.txt (NO_UPDATE: edit not uploaded: your role is contributor)"),
                c("upload-only, contributor: delete", SyncMode.UPLOAD_ONLY, Role.CONTRIBUTOR, false, Change.DELETE,
                        "mkdir     local  d",
                        "download  a.txt (new, 10 B)",
                        "download  d/b (new, 10 B)",
                        "skip      a.txt (NO_DELETE: restored from the server: your role is contributor (deletes are not sent))",
                        "skip      d (NO_DELETE: restored from the server: your role is contributor (deletes are not sent))"),
                c("upload-only, contributor: rename", SyncMode.UPLOAD_ONLY, Role.CONTRIBUTOR, false, Change.RENAME,
                        "move      local  b.txt -> a.txt",
                        "skip      b.txt (NO_RENAME: moved back: your role is contributor (renames and moves are not sent))"),
                c("upload-only, contributor: remoteDelete", SyncMode.UPLOAD_ONLY, Role.CONTRIBUTOR, false, Change.REMOTE_DELETE,
                        "upload    a.txt (new, 10 B)"),
                c("upload-only, contributor: both", SyncMode.UPLOAD_ONLY, Role.CONTRIBUTOR, false, Change.BOTH,
                        "skip      a.txt (NO_UPDATE: changed on both sides, edit not uploaded: your role is contributor)")
        );
    }

    private static Arguments c(String name, SyncMode mode, Role role, boolean keep, Change change, String... expected) {
        return Arguments.of(name, new PairRights(mode, role, keep, Map.of()), change, List.of(expected));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void planUnderRights(String name, PairRights rights, Change change, List<String> expected) {
        SyncPlan plan = plan(change.setup.apply(new Scenario()), rights);
        assertEquals(String.join("\n", expected), plan.isEmpty() ? "" : plan.describe(), name);
    }

    static Stream<Arguments> everyCombination() {
        List<Arguments> out = new ArrayList<>();
        for (SyncMode mode : SyncMode.values()) {
            for (Role role : Role.values()) {
                for (boolean keep : new boolean[] {false, true}) {
                    for (Change change : Change.values()) {
                        out.add(Arguments.of(mode.wireName() + (keep ? " --keep-remote-deletes" : "") + ", "
                                + role.wireName() + ": " + change, new PairRights(mode, role, keep, Map.of()), change));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyCombination")
    void nothingForbiddenIsSentAndNoLocalChangeIsLost(String name, PairRights rights, Change change) {
        Scenario s = change.setup.apply(new Scenario());
        SyncPlan plan = plan(s, rights);
        for (SyncAction a : plan.actions()) {
            if (a instanceof SyncAction.Upload u) {
                assertTrue(u.isNew() ? rights.sendNew() : rights.sendEdit(), name + ": " + a.describe());
            } else if (a instanceof SyncAction.CreateRemoteFolder) {
                assertTrue(rights.sendNew(), name + ": " + a.describe());
            } else if (a instanceof SyncAction.MoveRemote) {
                assertTrue(rights.sendEdit(), name + ": " + a.describe());
            } else if (a instanceof SyncAction.DeleteRemote) {
                assertTrue(rights.sendDelete(), name + ": " + a.describe());
            } else if (a instanceof SyncAction.DeleteLocal d) {
                // a local delete only ever removes what the journal knew unchanged
                assertFalse(changedLocally(s, d.path()), name + ": " + a.describe());
            } else if (a instanceof SyncAction.Download d && d.replaces() != null) {
                assertFalse(changedLocally(s, d.path()), name + ": " + a.describe());
            }
        }
        // a changed local file that is not sent is renamed aside first, or left where it is
        for (SyncAction.Download d : plan.ofType(SyncAction.Download.class)) {
            if (d.replaces() == null && s.local.containsKey(d.path())) {
                assertTrue(plan.ofType(SyncAction.ConflictCopy.class).stream().anyMatch(c -> c.from().equals(d.path())),
                        name + ": " + d.describe() + " would write over the local file");
            }
        }
    }

    @Test
    void anUploadTheServerRefusedIsHeldBackUntilTheFileChanges() {
        Scenario s = new Scenario().localNew("n.txt", "n1");
        PairRights refused = PairRights.FULL.withRefused(Map.of("n.txt", "n1"));
        assertEquals("skip      n.txt (REFUSED: not uploaded: the server refused it; sent again once it changes)",
                plan(s, refused).describe());
        s.localNew("n.txt", "n2");
        assertEquals("upload    n.txt (new, 10 B)", plan(s, refused).describe());
    }

    @Test
    void anEditTheServerRefusedIsNeitherSentAgainNorRecordedAsAgreed() {
        Scenario s = new Scenario().synced("a.txt", "h1").localEdit("a.txt", "h2");
        PairRights refused = PairRights.FULL.withRefused(Map.of("a.txt", "h2"));
        assertEquals("skip      a.txt (REFUSED: edit not uploaded: the server refused it; sent again once the file"
                + " changes)", plan(s, refused).describe());
    }

    @Test
    void aRefusedFolderDeleteHoldsBackItsWholeSubtree() {
        Scenario s = new Scenario().syncedDir("d").synced("d/b", "h3").synced("d/c", "h4").localDelete("d");
        PairRights refused = PairRights.FULL.withRefused(Map.of("d", "delete"));
        assertEquals("skip      d (REFUSED: not deleted on the server: it refused the delete; restore the file or"
                + " delete it there)", plan(s, refused).describe());
    }

    @Test
    void aFolderTheServerRefusedToCreateHoldsBackWhatIsInIt() {
        Scenario s = new Scenario().localNewDir("nd").localNew("nd/x", "n2");
        PairRights refused = PairRights.FULL.withRefused(Map.of("nd", "dir"));
        assertEquals("skip      nd (REFUSED: not uploaded: the server refused it; sent again once it changes)",
                plan(s, refused).describe());
    }

    @Test
    void aNewRoleDropsTheRefusalsOfTheOldOne() {
        PairRights r = new PairRights(SyncMode.TWO_WAY, Role.EDITOR, false, Map.of("n.txt", "n1"));
        assertEquals(Map.of(), r.withRole(Role.VIEWER).refused());
    }

    private static SyncPlan plan(Scenario s, PairRights rights) {
        Reconciler r = new Reconciler(new ConflictNamer(ReconcilerTableTest.CLOCK, "laptop"), new ServerNamePolicy(),
                new LocalNamePolicy(OsFamily.LINUX), new PathFilter(IgnoreRules.of(List.of()), SelectiveSync.none()),
                rights);
        return r.reconcile(s.localSnapshot(), s.remoteSnapshot(), s.journalBase());
    }

    private static boolean changedLocally(Scenario s, String path) {
        LocalEntry l = s.local.get(path);
        if (l == null) {
            return false;
        }
        JournalEntry j = s.journal.stream().filter(e -> e.path().equals(path)).findFirst().orElse(null);
        return j == null || l.size() != j.size() || l.mtimeMillis() != j.mtimeMillis();
    }
}
