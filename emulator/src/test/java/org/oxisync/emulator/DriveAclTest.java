package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every write route × every role on a Shared drive: what the role allows succeeds, the rest is 403
 * {@code "Missing 'P' permission on Kind id"} with error_type {@code "Access Denied"} (the server's ACL engine,
 * authorization_ports.rs:154-239; roles from authorization.rs:293-313). Alice owns the drive "Team"; bob is a member.
 */
class DriveAclTest extends EmulatorTestBase {
    private static final List<String> ROLES = List.of("viewer", "commenter", "contributor", "editor", "owner");

    /** A write: what it needs, and how bob makes it against the prepared drive. */
    enum Write {
        MULTIPART_UPLOAD("create"), FOLDER_CREATE("create"), DELTA_COMMIT_CREATE("create"), BY_HASH("create"),
        DELTA_COMMIT_UPDATE("update"), FILE_RENAME("update"), FOLDER_RENAME("update"),
        FILE_MOVE("update"), FOLDER_MOVE("update"), BATCH_FILE_MOVE("update"),
        FILE_DELETE("delete"), FOLDER_DELETE("delete"), TRASH_FILE("delete"), TRASH_FOLDER("delete"),
        BATCH_TRASH("delete");

        final String needs;

        Write(String needs) {
            this.needs = needs;
        }
    }

    static boolean allowed(String role, String permission) {
        return switch (permission) {
            case "create" -> List.of("contributor", "editor", "owner").contains(role);
            case "update" -> List.of("editor", "owner").contains(role);
            case "delete" -> role.equals("owner");
            default -> true;
        };
    }

    /** One emulator per role (starting one costs two password hashes and two logins); fresh items per write. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("roles")
    void eachRoleMayMakeExactlyTheWritesItsPermissionsAllow(String role) {
        String drive = emu.drives().createShared("Team", "alice", null);
        String teamRoot = emu.drives().rootFolderId(drive);
        emu.drives().setMember(drive, "bob", role);
        byte[] content = "shared text".getBytes(StandardCharsets.UTF_8);
        Http bob = bob();
        bob.upload(emu.rootFolderId("bob"), "mine.txt", content); // bob owns the content (by-hash, commit fast path)
        List<org.junit.jupiter.api.function.Executable> checks = new java.util.ArrayList<>();
        for (Write w : Write.values()) {
            String base = mkdir(teamRoot, w.name());
            String docs = mkdir(base, "docs");
            String other = mkdir(base, "other");
            String file = upload(docs, "a.txt", content).get("id").asText();
            Http.Res r = write(bob, w, docs, other, file, content);
            checks.add(() -> check(role, w, r, file));
        }
        org.junit.jupiter.api.Assertions.assertAll(checks);
    }

    private static Http.Res write(Http bob, Write w, String docs, String other, String file, byte[] content) {
        return switch (w) {
            case MULTIPART_UPLOAD -> bob.upload(docs, "new.txt", "new".getBytes(StandardCharsets.UTF_8));
            case FOLDER_CREATE -> bob.post("/api/folders", Map.of("name", "n", "parent_id", docs));
            case DELTA_COMMIT_CREATE -> bob.post("/api/files/delta/commit", commit(content, "name", "b.txt", "folder_id", docs));
            case BY_HASH -> bob.post("/api/files/by-hash", Map.of("name", "c.txt", "folder_id", docs, "hash", hash(content)));
            case DELTA_COMMIT_UPDATE -> bob.post("/api/files/delta/commit", commit(content, "file_id", file));
            case FILE_RENAME -> bob.put("/api/files/" + file + "/rename", Map.of("name", "z.txt"));
            case FOLDER_RENAME -> bob.put("/api/folders/" + docs + "/rename", Map.of("name", "z"));
            case FILE_MOVE -> bob.put("/api/files/" + file + "/move", Map.of("folder_id", other));
            case FOLDER_MOVE -> bob.put("/api/folders/" + docs + "/move", Map.of("parent_id", other));
            case BATCH_FILE_MOVE -> bob.post("/api/batch/files/move", Map.of("file_ids", List.of(file), "target_folder_id", other));
            case FILE_DELETE -> bob.delete("/api/files/" + file);
            case FOLDER_DELETE -> bob.delete("/api/folders/" + docs);
            case TRASH_FILE -> bob.delete("/api/trash/files/" + file);
            case TRASH_FOLDER -> bob.delete("/api/trash/folders/" + docs);
            case BATCH_TRASH -> bob.post("/api/batch/trash", Map.of("file_ids", List.of(file)));
        };
    }

    private void check(String role, Write w, Http.Res r, String file) {
        if (allowed(role, w.needs)) {
            assertTrue(r.status() >= 200 && r.status() < 300, role + " " + w + " -> " + r.status() + " " + r.text());
        } else if (w == Write.BATCH_FILE_MOVE || w == Write.BATCH_TRASH) {
            assertEquals(400, r.status(), w + " " + r.text()); // every entry failed (batch_handler.rs:582-635)
            String error = r.json().get("failed").get(0).get("error").asText();
            assertEquals("Access Denied: Missing '" + w.needs + "' permission on File " + file, error);
        } else {
            assertEquals(403, r.status(), role + " " + w + " -> " + r.text());
            JsonNode body = r.json();
            assertEquals("403 Forbidden", body.get("status").asText());
            assertEquals("Access Denied", body.get("error_type").asText());
            assertTrue(body.get("message").asText().startsWith("Missing '" + w.needs + "' permission on "),
                    w + " " + body.get("message").asText());
            assertEquals(200, http.get("/api/files/" + file + "?metadata=true").status(), w + ": nothing changed");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roles")
    void everyRoleReadsTheDriveAndSeesItInTheDriveListWithItsRole(String role) {
        String drive = emu.drives().createShared("Team", "alice", 5_000_000L);
        emu.drives().setMember(drive, "bob", role);
        String teamRoot = emu.drives().rootFolderId(drive);
        String file = upload(teamRoot, "a.txt", "abc".getBytes(StandardCharsets.UTF_8)).get("id").asText();
        Http bob = bob();
        assertEquals("abc", bob.get("/api/files/" + file).text());
        assertEquals(1, bob.get("/api/folders/" + teamRoot + "/resources").json().get("items").size());
        JsonNode drives = bob.get("/api/drives").json();
        assertEquals(2, drives.size());
        assertEquals("personal", drives.get(0).get("kind").asText(), "the default drive comes first");
        JsonNode team = drives.get(1);
        assertEquals("shared", team.get("kind").asText());
        assertEquals("Team", team.get("name").asText());
        assertEquals(teamRoot, team.get("root_folder_id").asText());
        assertEquals(5_000_000L, team.get("quota_bytes").asLong());
        assertEquals(3, team.get("used_bytes").asLong());
        assertEquals(role, team.get("caller_role").asText());
        assertFalse(team.has("default_for_user"), "omitted for a shared drive (drive_dto.rs:45-46)");
    }

    static List<String> roles() {
        return ROLES;
    }

    @org.junit.jupiter.api.Test
    void anotherUsersItemsStay404UntilSharedAndAFolderShareCascades() {
        String docs = mkdir(root, "docs");
        String sub = mkdir(docs, "sub");
        String file = upload(sub, "f.txt", "x".getBytes(StandardCharsets.UTF_8)).get("id").asText();
        Http bob = bob();
        assertEquals(404, bob.get("/api/files/" + file).status());
        assertEquals(404, bob.get("/api/folders/" + docs).status());
        assertEquals(404, bob.delete("/api/files/" + file).status(), "a write on a hidden item is 404, not 403");

        emu.drives().shareFolder(docs, "bob", "viewer", "alice");
        assertEquals("x", bob.get("/api/files/" + file).text(), "the grant cascades to the subtree");
        Http.Res refused = bob.delete("/api/files/" + file);
        assertEquals(403, refused.status());
        assertEquals("Missing 'delete' permission on File " + file, refused.json().get("message").asText());
        assertEquals(403, bob.upload(sub, "n.txt", new byte[] {1}).status());

        JsonNode incoming = bob.get("/api/grants/incoming").json();
        JsonNode share = null;
        for (JsonNode g : incoming) {
            if (g.get("resource").get("type").asText().equals("folder")) {
                share = g;
            }
        }
        assertEquals(docs, share.get("resource").get("id").asText());
        assertEquals("viewer", share.get("role").asText());
        assertEquals(emu.userId("alice"), share.get("granted_by").asText());
        assertEquals("user", share.get("subject").get("type").asText());
        assertEquals(2, incoming.size(), "the folder share and bob's own Personal drive Owner row");

        JsonNode items = bob.get("/api/grants/incoming/resources?resource_types=folder").json().get("items");
        assertEquals(1, items.size());
        assertEquals("folder", items.get(0).get("resource_type").asText());
        assertEquals(List.of("read"), Http.JSON.convertValue(items.get(0).get("permissions"), List.class));
        assertEquals(docs, items.get(0).get("resource").get("id").asText());
        assertEquals("docs", items.get(0).get("resource").get("name").asText());
    }

    @org.junit.jupiter.api.Test
    void incomingResourcesListDrivesWithTheirRoleAndSortedPermissions() {
        String drive = emu.drives().createShared("Team", "alice", null);
        emu.drives().setMember(drive, "bob", "editor");
        JsonNode items = bob().get("/api/grants/incoming/resources?resource_types=drive").json().get("items");
        assertEquals(2, items.size());
        for (JsonNode it : items) {
            if (it.get("resource").get("id").asText().equals(drive)) {
                assertEquals(List.of("comment", "create", "read", "update"),
                        Http.JSON.convertValue(it.get("permissions"), List.class));
                assertFalse(it.get("resource").has("caller_role"), "get_by_ids carries no caller role");
                return;
            }
        }
        throw new AssertionError("the team drive is not listed: " + items);
    }

    @org.junit.jupiter.api.Test
    void incomingResourcesRefuseAnUnknownSortAndPageWithACursor() {
        for (int i = 0; i < 3; i++) {
            emu.drives().shareFolder(mkdir(root, "d" + i), "bob", "viewer", "alice");
        }
        Http bob = bob();
        assertEquals(400, bob.get("/api/grants/incoming/resources?sort_by=size").status());
        JsonNode p1 = bob.get("/api/grants/incoming/resources?resource_types=folder&limit=2").json();
        assertEquals(2, p1.get("items").size());
        JsonNode p2 = bob.get("/api/grants/incoming/resources?resource_types=folder&limit=2&cursor="
                + p1.get("next_cursor").asText()).json();
        assertEquals(1, p2.get("items").size());
        assertFalse(p2.has("next_cursor"), "omitted on the last page");
    }

    @org.junit.jupiter.api.Test
    void aSharedDrivesQuotaRefusesCreatesOverItWith507AndTheServersText() {
        String drive = emu.drives().createShared("Team", "alice", 10L);
        String teamRoot = emu.drives().rootFolderId(drive);
        upload(teamRoot, "six.txt", "123456".getBytes(StandardCharsets.UTF_8));
        Http.Res r = http.upload(teamRoot, "five.txt", "12345".getBytes(StandardCharsets.UTF_8));
        assertEquals(507, r.status());
        assertEquals("Drive quota exceeded: 6 + 5 > 10 bytes", r.json().get("message").asText());
        assertEquals(6, emu.drives().usedBytes(drive));
        emu.drives().setQuota(drive, null);
        assertEquals(201, http.upload(teamRoot, "five.txt", "12345".getBytes(StandardCharsets.UTF_8)).status());
    }

    @org.junit.jupiter.api.Test
    void aRoleChangeTakesEffectOnTheNextRequestAndRemovalHidesTheDrive() {
        String drive = emu.drives().createShared("Team", "alice", null);
        String teamRoot = emu.drives().rootFolderId(drive);
        emu.drives().setMember(drive, "bob", "editor");
        Http bob = bob();
        assertEquals(201, bob.post("/api/folders", Map.of("name", "a", "parent_id", teamRoot)).status());
        emu.drives().setMember(drive, "bob", "viewer");
        assertEquals(403, bob.post("/api/folders", Map.of("name", "b", "parent_id", teamRoot)).status());
        emu.drives().removeMember(drive, "bob");
        assertEquals(404, bob.get("/api/folders/" + teamRoot).status());
        assertEquals(1, bob.get("/api/drives").json().size());
    }

    @org.junit.jupiter.api.Test
    void drivesAndGrantsSurviveARestart() {
        String drive = emu.drives().createShared("Team", "alice", 100L);
        emu.drives().setMember(drive, "bob", "contributor");
        emu.close();
        emu = OxiCloudEmulator.start(config().build());
        JsonNode drives = bob().get("/api/drives").json();
        assertEquals(2, drives.size());
        assertEquals("contributor", drives.get(1).get("caller_role").asText());
        assertEquals(100L, drives.get(1).get("quota_bytes").asLong());
    }

    @org.junit.jupiter.api.Test
    void commandLineOptionsCreateASharedDriveAndMembersOnceAcrossRestarts() {
        String[] args = {"--shared-drive", "Team:alice:1000", "--member", "Team:bob:editor"};
        EmulatorMain.applyDrives(emu, args);
        EmulatorMain.applyDrives(emu, args); // the same data dir started again keeps the one drive
        JsonNode drives = bob().get("/api/drives").json();
        assertEquals(2, drives.size());
        assertEquals("editor", drives.get(1).get("caller_role").asText());
        assertEquals(1000, drives.get(1).get("quota_bytes").asLong());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> EmulatorMain.applyDrives(emu, new String[] {"--member", "Team:bob:admin"}));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> EmulatorMain.applyDrives(emu, new String[] {"--member", "Nope:bob:viewer"}));
        EmulatorMain.parse(new String[] {"--user", "a:b", "--shared-drive", "Team:a", "--member", "Team:a:owner"});
    }

    private static String hash(byte[] content) {
        return org.oxisync.emulator.api.Content.blake3Hex(content, 0, content.length);
    }

    private static Map<String, Object> commit(byte[] content, String... kv) {
        Map<String, Object> b = new HashMap<>();
        b.put("file_hash", hash(content));
        try {
            b.put("chunks", DeltaTest.refs(DeltaTest.chunk(content)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        for (int i = 0; i < kv.length; i += 2) {
            b.put(kv[i], kv[i + 1]);
        }
        return b;
    }
}
