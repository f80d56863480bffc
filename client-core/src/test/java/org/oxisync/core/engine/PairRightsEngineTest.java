package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Role;
import org.oxisync.protocol.Sleeper;
import org.oxisync.store.hash.FileChunker;

/**
 * Modes and roles of a pair against the emulator. The role is injected (the pair's setting), and where the server
 * must refuse a write, a client-side check in front of the API answers 403 as the server does for a role that may not
 * write: these tests hold the same when the emulator enforces drive roles itself.
 */
class PairRightsEngineTest extends HarnessTest {

    private void rights(SyncMode mode, Role role, boolean keepRemoteDeletes) {
        h.store.accounts().savePair(PairRightsSettings.write(h.store.accounts().pair(h.pair.id()).orElseThrow(),
                new PairRights(mode, role, keepRemoteDeletes, Map.of())));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static boolean mentions(SyncReport r, String path, String words) {
        return r.skipped().stream().anyMatch(e -> e.path().equals(path) && e.reason().contains(words));
    }

    private static org.oxisync.core.reason.ReasonCode code(SyncReport r, String path) {
        return r.skipped().stream().filter(e -> e.path().equals(path)).findFirst().map(ItemError::code)
                .orElseThrow(() -> new AssertionError(path + " not skipped: " + r.skipped()));
    }

    private String conflictCopyOf(String stem) {
        return h.localTree().keySet().stream().filter(p -> p.startsWith(stem + " (conflicted copy")).findFirst()
                .orElseThrow(() -> new AssertionError("no conflict copy of " + stem + " in " + h.localTree()));
    }

    @Test
    void downloadOnlyPairKeepsLocalChangesAsConflictCopiesAndSendsNothing() {
        h.write("a.txt", "server version");
        h.write("gone.txt", "keep me on the server");
        h.syncOk();
        rights(SyncMode.DOWNLOAD_ONLY, Role.OWNER, false);
        Map<String, String> serverBefore = h.remoteTree();
        h.write("a.txt", "my edit");
        h.write("new.txt", "only mine");
        h.delete("gone.txt");
        h.remote().putFile("/from-server.txt", utf8("theirs"));

        SyncReport r = h.syncOk();

        assertEquals(0, r.uploaded() + r.deletedRemote());
        serverBefore.put("from-server.txt", h.remoteTree().get("from-server.txt"));
        assertEquals(serverBefore, h.remoteTree(), "nothing sent");
        assertEquals("server version", h.read("a.txt"));
        assertEquals("my edit", h.read(conflictCopyOf("a")));
        assertEquals("only mine", h.read("new.txt"));
        assertEquals("keep me on the server", h.read("gone.txt"), "the local delete is undone");
        assertEquals("theirs", h.read("from-server.txt"));
        assertTrue(mentions(r, "new.txt", "not uploaded: read-only"), () -> r.skipped().toString());
        assertEquals(org.oxisync.core.reason.ReasonCode.HELD_BACK_READ_ONLY, code(r, "new.txt"));
        assertEquals(org.oxisync.core.reason.ReasonCode.HELD_BACK_RESTORED, code(r, "gone.txt"));

        SyncReport again = h.syncOk();
        assertEquals(0, again.uploaded() + again.downloaded() + again.deletedRemote() + again.deletedLocal());
        assertTrue(mentions(again, "new.txt", "not uploaded: read-only"), "still listed, not re-sent");
    }

    @Test
    void uploadOnlyPairBacksUpLocalChangesAndLeavesServerChangesThere() {
        h.write("a.txt", "one");
        h.write("del.txt", "to delete");
        h.syncOk();
        rights(SyncMode.UPLOAD_ONLY, Role.OWNER, false);
        h.write("a.txt", "two, local");
        h.write("new.txt", "new");
        h.delete("del.txt");
        h.remote().putFile("/theirs.txt", utf8("from another device"));

        SyncReport r = h.syncOk();

        assertEquals("two, local", new String(h.remote().read("/a.txt"), StandardCharsets.UTF_8));
        assertEquals("new", new String(h.remote().read("/new.txt"), StandardCharsets.UTF_8));
        assertFalse(h.remoteTree().containsKey("del.txt"), "the local delete goes up (to the trash)");
        assertFalse(h.exists("theirs.txt"), "not brought down");
        assertEquals(1, r.deletedRemote());
        assertEquals(0, r.downloaded());
    }

    @Test
    void uploadOnlyWithKeepRemoteDeletesLeavesTheServerCopyAndDoesNotBringItBack() {
        h.write("keep.txt", "on the server forever");
        h.syncOk();
        rights(SyncMode.UPLOAD_ONLY, Role.OWNER, true);
        h.delete("keep.txt");

        SyncReport r = h.syncOk();
        assertEquals(0, r.deletedRemote());
        assertTrue(h.remoteTree().containsKey("keep.txt"));
        assertFalse(h.exists("keep.txt"));

        SyncReport again = h.syncOk();
        assertEquals(0, again.downloaded() + again.uploaded() + again.deletedRemote());
        assertFalse(h.exists("keep.txt"));
    }

    @Test
    void viewerPairUndoesLocalChangesOnTheServerSideAndKeepsTheUsersCopies() {
        h.write("a.txt", "server version");
        h.write("b.txt", "b");
        h.syncOk();
        rights(SyncMode.TWO_WAY, Role.VIEWER, false);
        Map<String, String> serverBefore = h.remoteTree();
        h.write("a.txt", "viewer's edit");
        h.delete("b.txt");
        h.write("mine/new.txt", "new");

        SyncReport r = h.syncOk();

        assertEquals(serverBefore, h.remoteTree(), "a viewer sends nothing");
        assertEquals("server version", h.read("a.txt"));
        assertEquals("viewer's edit", h.read(conflictCopyOf("a")));
        assertEquals("b", h.read("b.txt"));
        assertEquals("new", h.read("mine/new.txt"));
        assertTrue(mentions(r, "mine", "not uploaded: read-only"), () -> r.skipped().toString());
        assertTrue(mentions(r, "b.txt", "restored"), () -> r.skipped().toString());
    }

    @Test
    void contributorUploadsNewFilesAndKeepsAnEditAsANewFileBesideTheOriginal() {
        h.write("a.txt", "original");
        h.syncOk();
        rights(SyncMode.TWO_WAY, Role.CONTRIBUTOR, false);
        String id = h.remote().fileId("/a.txt");
        h.write("a.txt", "contributor's edit");
        h.write("added.txt", "added");

        h.syncOk();

        assertEquals(id, h.remote().fileId("/a.txt"));
        assertEquals("original", new String(h.remote().read("/a.txt"), StandardCharsets.UTF_8), "not updated");
        String copy = conflictCopyOf("a");
        assertEquals("contributor's edit", new String(h.remote().read("/" + copy), StandardCharsets.UTF_8));
        assertEquals("added", new String(h.remote().read("/added.txt"), StandardCharsets.UTF_8));
        assertEquals("original", h.read("a.txt"));
        h.assertInSync();
    }

    @Test
    void editorLocalDeleteIsUndoneAndTheRunSaysWhy() {
        h.write("a.txt", "keep");
        h.syncOk();
        rights(SyncMode.TWO_WAY, Role.EDITOR, false);
        h.delete("a.txt");

        SyncReport r = h.syncOk();

        assertEquals("keep", h.read("a.txt"));
        assertTrue(h.remoteTree().containsKey("a.txt"));
        assertTrue(mentions(r, "a.txt", "restored from the server: your role is editor"), () -> r.skipped().toString());
        h.assertInSync();
    }

    /** An API whose writes the "server" refuses with 403 while {@code refuse} is set, counting the refused calls. */
    private OxiCloudApi refusingWrites(AtomicReference<Boolean> refuse, AtomicInteger refused) {
        Set<String> writes = Set.of("upload", "createByHash", "commit", "createFolder", "renameFile", "moveFile",
                "renameFolder", "moveFolder", "moveFiles", "moveFolders", "trashBatch", "deleteFile", "deleteFolder");
        return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(),
                new Class<?>[] {OxiCloudApi.class}, (proxy, method, args) -> {
                    if (refuse.get() && writes.contains(method.getName())) {
                        refused.incrementAndGet();
                        throw new OxiCloudException.Forbidden(method.getName() + ": 403 Forbidden");
                    }
                    try {
                        return method.invoke(h.api, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private SyncEngine engine(OxiCloudApi api, RoleSource roles) {
        return new SyncEngine(api, h.store, new LocalScanner(FileChunker::digest, 2), TransferOptions.defaults(),
                h.clock, SyncListener.NONE, QuietPrefetch.none(), java.time.Duration.ZERO, Sleeper.SYSTEM, roles);
    }

    private SyncReport run(SyncEngine engine) {
        h.server.flushTreeEtags();
        return engine.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(), SyncOptions.defaults("testhost"));
    }

    @Test
    void aRoleLoweredWhileThePairRunsIsReadAgainAndTheRunPlansUnderIt() {
        h.write("a.txt", "server version");
        h.syncOk();
        rights(SyncMode.TWO_WAY, Role.EDITOR, false);
        AtomicInteger refused = new AtomicInteger();
        SyncEngine engine = engine(refusingWrites(new AtomicReference<>(true), refused), p -> Optional.of(Role.VIEWER));
        h.write("a.txt", "my edit");

        SyncReport r = run(engine);

        assertEquals(Role.VIEWER, PairRightsSettings.read(h.store.accounts().pair(h.pair.id()).orElseThrow()).role());
        assertTrue(r.message().contains("now viewer"), r.message());
        assertEquals("server version", h.read("a.txt"));
        assertEquals("my edit", h.read(conflictCopyOf("a")), "the local change is kept");
        assertEquals("server version", new String(h.remote().read("/a.txt"), StandardCharsets.UTF_8));
        int after = refused.get();
        SyncReport again = run(engine);
        assertEquals(after, refused.get(), "nothing is sent again under the new role");
        assertEquals(0, again.errors().size(), () -> again.errors().toString());
    }

    @Test
    void aWriteRefusedUnderAnUnchangedRoleIsHeldBackUntilTheFileChanges() {
        h.write("a.txt", "one");
        h.syncOk();
        AtomicReference<Boolean> refuse = new AtomicReference<>(true);
        AtomicInteger refused = new AtomicInteger();
        SyncEngine engine = engine(refusingWrites(refuse, refused), p -> Optional.of(Role.OWNER));
        h.write("a.txt", "two");

        SyncReport first = run(engine);
        assertTrue(refused.get() > 0);
        assertTrue(first.skipped().stream().anyMatch(e -> e.path().equals("a.txt") && e.reason().contains("refused")),
                () -> first.skipped().toString());
        assertEquals(List.of(), first.errors(), "held back, not a failure");
        assertEquals(org.oxisync.core.reason.ReasonCode.REFUSED_BY_SERVER, code(first, "a.txt"));

        int afterFirst = refused.get();
        SyncReport second = run(engine);
        assertEquals(afterFirst, refused.get(), "not re-sent while nothing changed (no retry storm)");
        assertTrue(second.skipped().stream().anyMatch(e -> e.path().equals("a.txt") && e.reason().contains("refused")));
        assertEquals("two", h.read("a.txt"), "the local change stays");

        refuse.set(false);
        h.write("a.txt", "three");
        run(engine);
        assertEquals("three", new String(h.remote().read("/a.txt"), StandardCharsets.UTF_8), "sent once it changed");
    }
}
