package org.oxisync.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/** drives(), incomingShares() and the typed "forbidden by role" error, against the emulator's ACL. */
class DrivesAndSharesTest {
    private final FakeTime time = new FakeTime(java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    private OxiCloudEmulator emulator;
    private OxiCloudApi bob;
    private String team;
    @TempDir
    Path dir;

    @BeforeEach
    void setUp() {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").user("bob", "pw")
                .clock(time).accessTokenTtl(Duration.ofMinutes(10)).build());
        team = emulator.drives().createShared("Team", "alice", 1_000_000L);
        emulator.drives().remote("alice", team).putFile("/plan.txt", "plan".getBytes(StandardCharsets.UTF_8));
        bob = HttpOxiCloudApi.create(ApiConfig.builder(URI.create(emulator.baseUrl()), "bob@emulator")
                .credentialStore(new MemoryCredentialStore()).clock(time).sleeper(time).jitter(() -> 0.5).build());
        bob.login("bob", "pw");
    }

    @AfterEach
    void tearDown() {
        bob.close();
        emulator.close();
    }

    @Test
    void drivesCarryKindRootQuotaUseAndTheCallersRole() {
        emulator.drives().setMember(team, "bob", "contributor");
        List<DriveDto> drives = bob.drives();
        assertEquals(2, drives.size());
        DriveDto personal = drives.get(0);
        assertTrue(personal.isPersonal());
        assertEquals(Role.OWNER, personal.role().orElseThrow());
        DriveDto shared = drives.get(1);
        assertEquals("shared", shared.kind());
        assertEquals("Team", shared.name());
        assertEquals(emulator.drives().rootFolderId(team), shared.rootFolderId());
        assertEquals(Role.CONTRIBUTOR, shared.role().orElseThrow());
        assertEquals(1_000_000L, shared.quotaBytes());
        assertEquals(4L, shared.usedBytes());
        assertEquals(999_996L, shared.freeBytes().orElseThrow());
    }

    @Test
    void incomingSharesListASharedFolderWithItsRoleAndTheDrivesWithTheirs() {
        emulator.drives().setMember(team, "bob", "editor");
        String docs = emulator.remote("alice").mkdirs("/docs");
        emulator.drives().shareFolder(docs, "bob", "commenter", "alice");
        List<IncomingShareDto> shares = bob.incomingShares();
        IncomingShareDto folder = shares.stream().filter(s -> s.resourceType().equals("folder")).findFirst().orElseThrow();
        assertEquals(docs, folder.resourceId());
        assertEquals("docs", folder.name());
        assertEquals(Role.COMMENTER, folder.role());
        assertEquals(List.of("comment", "read"), folder.permissions());
        assertEquals(docs, folder.rootFolderId().orElseThrow());
        assertEquals(emulator.userId("alice"), folder.grantedBy());
        IncomingShareDto drive = shares.stream().filter(s -> s.resourceId().equals(team)).findFirst().orElseThrow();
        assertEquals(Role.EDITOR, drive.role());
        assertEquals(emulator.drives().rootFolderId(team), drive.rootFolderId().orElseThrow());
    }

    @Test
    void aWriteTheRoleForbidsIsForbiddenByRoleNamingThePermissionAndItem() throws Exception {
        emulator.drives().setMember(team, "bob", "viewer");
        String root = emulator.drives().rootFolderId(team);
        String plan = emulator.drives().remote("alice", team).fileId("/plan.txt");
        Path local = Files.writeString(dir.resolve("n.txt"), "n");

        OxiCloudException.ForbiddenByRole create = assertThrows(OxiCloudException.ForbiddenByRole.class,
                () -> bob.upload(root, "n.txt", local));
        assertEquals("create", create.permission());
        assertEquals("Folder", create.resourceKind());
        assertEquals(root, create.resourceId());
        assertFalse(create.isTransient(), "held back, not retried");

        OxiCloudException.ForbiddenByRole rename = assertThrows(OxiCloudException.ForbiddenByRole.class,
                () -> bob.renameFile(plan, "x.txt"));
        assertEquals("update", rename.permission());
        assertEquals(plan, rename.resourceId());
        assertEquals("Missing 'update' permission on File " + plan, rename.serverMessage());

        assertEquals("delete", assertThrows(OxiCloudException.ForbiddenByRole.class,
                () -> bob.deleteFile(plan)).permission());
        assertEquals("plan", new String(emulator.drives().remote("alice", team).read("/plan.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void aContributorMayCreateButAnUpdateIsForbiddenByRole() throws Exception {
        emulator.drives().setMember(team, "bob", "contributor");
        String root = emulator.drives().rootFolderId(team);
        FileDto mine = bob.upload(root, "mine.txt", Files.writeString(dir.resolve("m.txt"), "m"));
        assertEquals("mine.txt", mine.name());
        assertEquals("update", assertThrows(OxiCloudException.ForbiddenByRole.class,
                () -> bob.renameFile(mine.id(), "other.txt")).permission());
    }

    @Test
    void anItemOfAnotherUserThatIsNotSharedIsNotFoundNotForbidden() {
        String plan = emulator.drives().remote("alice", team).fileId("/plan.txt");
        assertThrows(OxiCloudException.NotFound.class, () -> bob.deleteFile(plan));
    }

    @Test
    void theSame403InReadOnlyModeIsServerReadOnlyNotARoleProblem() throws Exception {
        emulator.drives().setMember(team, "bob", "owner");
        emulator.setReadonly(true);
        Path local = Files.writeString(dir.resolve("n.txt"), "n");
        assertThrows(OxiCloudException.ServerReadOnly.class,
                () -> bob.upload(emulator.drives().rootFolderId(team), "n.txt", local));
    }

    @Test
    void aBatchTrashRefusedByRoleReportsEachItemAsForbiddenByRole() {
        emulator.drives().setMember(team, "bob", "editor");
        String plan = emulator.drives().remote("alice", team).fileId("/plan.txt");
        BatchTrashResult r = bob.trashBatch(List.of(plan), List.of());
        assertTrue(r.trashed().isEmpty());
        OxiCloudException.ForbiddenByRole e = r.failed().get(0).forbiddenByRole().orElseThrow();
        assertEquals("delete", e.permission());
        assertEquals(plan, e.resourceId());
    }

    @Test
    void theEnginesTextIsRecognisedInsideABatchFailureToo() {
        OxiCloudException.ForbiddenByRole e = OxiCloudException.ForbiddenByRole.parse("batch trash",
                "Access Denied: Missing 'delete' permission on File 0b9c8f7e-1d2c-4b5a-9e8f-7a6b5c4d3e2f").orElseThrow();
        assertEquals("delete", e.permission());
        assertEquals("0b9c8f7e-1d2c-4b5a-9e8f-7a6b5c4d3e2f", e.resourceId());
        assertTrue(OxiCloudException.ForbiddenByRole.parse("x", "File not found").isEmpty());
        assertTrue(OxiCloudException.ForbiddenByRole.parse("x", "Missing 'delete' permission: nope").isEmpty());
    }

    @Test
    void roleRulesFollowTheServersRoleExpand() {
        assertFalse(Role.VIEWER.canCreate());
        assertFalse(Role.COMMENTER.canUpdate());
        assertTrue(Role.CONTRIBUTOR.canCreate());
        assertFalse(Role.CONTRIBUTOR.canUpdate());
        assertTrue(Role.EDITOR.canUpdate());
        assertFalse(Role.EDITOR.canDelete());
        assertTrue(Role.OWNER.canDelete());
        assertEquals(Role.EDITOR, Role.fromWire("editor").orElseThrow());
        assertTrue(Role.fromWire("admin").isEmpty());
        assertEquals(Role.OWNER, IncomingShareDto.roleOf(List.of("comment", "create", "delete", "manage", "read", "share", "update")));
        assertEquals(Role.CONTRIBUTOR, IncomingShareDto.roleOf(List.of("create", "read")));
        assertEquals(Role.VIEWER, IncomingShareDto.roleOf(List.of("read")));
    }
}
