package org.oxisync.core.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.engine.DriveRoleSource;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.testing.TreeSnapshots;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.MemoryCredentialStore;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Role;
import org.oxisync.store.LocalStore;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/**
 * A team on one Shared drive, end to end over HTTP: an OxiCloud admin makes the drive and manages it with the
 * server's own routes (POST /api/drives and /members, PUT /api/folders/{root}/rename, PATCH and DELETE
 * /api/drives/{id}/members/user/{uid}, DELETE /api/drives/{id}); an Owner, an Editor, a Contributor and a Viewer
 * each sync it with their own client (own API session, store and engine, pairs as {@code pair add --drive} makes
 * them). Every client ends as docs/pair-rights.md says, nothing local is lost, and every refusal is a clear message.
 */
class TeamDriveScenarioTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> USERS = List.of("admin", "olivia", "ed", "cora", "vic");

    @TempDir
    Path tmp;
    private OxiCloudEmulator emu;
    private Admin admin;
    private String drive;
    private String root;
    private final Map<String, Member> team = new LinkedHashMap<>();

    @BeforeEach
    void team() {
        EmulatorConfig.Builder b = EmulatorConfig.builder();
        USERS.forEach(u -> b.user(u, u + "-pw"));
        emu = OxiCloudEmulator.start(b.build());
        emu.drives().makeAdmin("admin");
        admin = new Admin(emu.baseUrl());
        JsonNode made = admin.send("POST", "/api/drives", Map.of("kind", "shared", "name", "Team",
                "owner", Map.of("type", "user", "id", emu.userId("admin"))), 201);
        drive = made.get("id").asText();
        root = made.get("root_folder_id").asText();
        Map<String, Role> roles = Map.of("olivia", Role.OWNER, "ed", Role.EDITOR, "cora", Role.CONTRIBUTOR,
                "vic", Role.VIEWER);
        for (String u : List.of("olivia", "ed", "cora", "vic")) {
            admin.send("POST", "/api/drives/" + drive + "/members", Map.of("subject",
                    Map.of("type", "user", "id", emu.userId(u)), "role", roles.get(u).wireName()), 201);
            team.put(u, new Member(u, roles.get(u), "shared", drive, "Team", root));
        }
    }

    @AfterEach
    void close() {
        team.values().forEach(m -> m.api.close());
        emu.close();
    }

    @Test
    void aTeamSyncsTheDriveThroughARenameARoleChangeARemovalAndTheDrivesDeletionAndKeepsEveryLocalFile() {
        Member olivia = team.get("olivia");
        Member ed = team.get("ed");
        Member cora = team.get("cora");
        Member vic = team.get("vic");
        olivia.write("plan.txt", "the plan");
        olivia.write("notes/minutes.txt", "monday");
        olivia.syncOk();
        team.values().forEach(Member::syncOk);
        assertEquals("the plan", vic.read("plan.txt"));

        // each role sends what it may
        ed.write("plan.txt", "the plan, edited by ed");
        cora.write("cora.txt", "from cora");
        vic.write("vic.txt", "a viewer's new file");
        team.values().forEach(Member::syncOk);
        olivia.syncOk();
        assertEquals("the plan, edited by ed", olivia.read("plan.txt"));
        assertEquals("from cora", olivia.read("cora.txt"));
        assertTrue(!olivia.exists("vic.txt"), "a viewer sends nothing");

        // the admin renames the drive: every pair stays bound to it by id and shows the new name
        admin.send("PUT", "/api/folders/" + root + "/rename", Map.of("name", "Team 2026"), 200);
        for (Member m : team.values()) {
            m.syncOk();
            FolderPair p = m.pair();
            assertEquals(root, p.remoteFolderId());
            assertEquals(drive, p.settings().get(DriveRoleSource.DRIVE_ID));
            assertEquals("Team 2026", p.settings().get("remote.drive.name"), m.user);
        }

        // the admin lowers ed to viewer: ed's run stops with both roles named, ed's edit stays on disk; from the
        // next run ed syncs as a viewer and the edit becomes a conflict copy beside the server's version
        admin.send("PATCH", "/api/drives/" + drive + "/members/user/" + emu.userId("ed"), Map.of("role", "viewer"),
                200);
        ed.write("plan.txt", "ed's edit after the demotion");
        SyncReport lowered = ed.sync();
        assertEquals(SyncStatus.FAILED, lowered.status());
        assertEquals(ReasonCode.FORBIDDEN_BY_ROLE, lowered.problem().code());
        assertTrue(lowered.message().contains("lowered from editor to viewer"), lowered.message());
        assertEquals("ed's edit after the demotion", ed.read("plan.txt"), "nothing touched");
        assertEquals(Role.VIEWER, PairRightsSettings.read(ed.pair()).role());
        ed.syncOk();
        assertEquals("the plan, edited by ed", ed.read("plan.txt"));
        assertTrue(ed.tree().entrySet().stream().anyMatch(e -> e.getKey().startsWith("plan (conflicted copy")),
                () -> ed.tree().toString());
        olivia.syncOk();
        assertEquals("the plan, edited by ed", olivia.read("plan.txt"), "the viewer's edit was not sent");

        // the admin removes cora: her run stops with a clear message and her files stay
        admin.send("DELETE", "/api/drives/" + drive + "/members/user/" + emu.userId("cora"), null, 204);
        Map<String, String> coraBefore = cora.tree();
        SyncReport removed = cora.sync();
        assertEquals(SyncStatus.FAILED, removed.status());
        assertEquals(ReasonCode.REMOTE_FOLDER_GONE, removed.problem().code());
        assertTrue(removed.message().contains("you no longer have access to the shared drive 'Team 2026'"),
                removed.message());
        assertEquals(coraBefore, cora.tree(), "nothing local deleted");
        assertEquals(coraBefore, cora.tree(), "still nothing after a second look");

        // the admin empties the drive and deletes it; clients that did not run in between delete nothing
        Map<String, Map<String, String>> before = new HashMap<>();
        for (String u : List.of("olivia", "ed", "vic")) {
            before.put(u, team.get(u).tree());
        }
        admin.send("DELETE", "/api/drives/" + drive, null, 409);
        for (JsonNode item : admin.send("GET", "/api/folders/" + root + "/resources", null, 200).get("items")) {
            String kind = item.get("resource_type").asText();
            String id = item.get("resource").get("id").asText();
            admin.send("DELETE", ("folder".equals(kind) ? "/api/folders/" : "/api/files/") + id, null, 204);
        }
        admin.send("DELETE", "/api/drives/" + drive, null, 204);
        for (String u : List.of("olivia", "ed", "vic")) {
            SyncReport gone = team.get(u).sync();
            assertEquals(SyncStatus.FAILED, gone.status(), u);
            assertEquals(ReasonCode.REMOTE_FOLDER_GONE, gone.problem().code(), u);
            assertTrue(gone.message().contains("it was deleted on the server, or you were removed from it"),
                    gone.message());
            assertEquals("Team 2026", gone.problem().args().get("drive"), "the desktop app names the drive");
            assertEquals(before.get(u), team.get(u).tree(), u + ": nothing local deleted");
        }
    }

    @Test
    void aFullSharedDriveIsNamedAsTheDrivesQuotaNotTheUsers() {
        emu.drives().setQuota(drive, 10L);
        Member olivia = team.get("olivia");
        olivia.write("big.txt", "more than ten bytes");
        SyncReport r = olivia.sync();
        assertTrue(r.errors().stream().anyMatch(e -> e.path().equals("big.txt")
                        && e.reason().contains("the shared drive's own quota is full")
                        && e.reason().contains("its 10 bytes")
                        && e.reason().contains("do not count against your personal quota")),
                () -> r.errors().toString());
        assertEquals("more than ten bytes", olivia.read("big.txt"), "kept");
    }

    @Test
    void aPairOnASharedFolderWhoseShareIsRevokedStopsWithAClearMessageAndKeepsItsFiles() {
        JsonNode docs = admin.send("POST", "/api/folders", Map.of("name", "Docs", "parent_id", root), 201);
        String docsId = docs.get("id").asText();
        JsonNode g = admin.send("POST", "/api/grants", Map.of("subject", Map.of("type", "user", "id",
                emu.userId("vic")), "resource", Map.of("type", "folder", "id", docsId), "role", "editor"), 201);
        Member vic = new Member("vic", Role.EDITOR, "folder", docsId, "Docs", docsId);
        vic.write("mine.txt", "vic's");
        vic.syncOk();
        admin.send("DELETE", "/api/grants/" + g.get("grants").get(0).get("id").asText(), null, 204);
        admin.send("DELETE", "/api/drives/" + drive + "/members/user/" + emu.userId("vic"), null, 204);
        Map<String, String> before = vic.tree();
        SyncReport r = vic.sync();
        assertEquals(SyncStatus.FAILED, r.status());
        assertTrue(r.message().contains("you no longer have access to the shared folder 'Docs'"), r.message());
        assertEquals(before, vic.tree());
        vic.api.close();
    }

    /** An OxiCloud admin's web session, over HTTP. */
    private static final class Admin {
        private final HttpClient http = HttpClient.newHttpClient();
        private final String base;
        private final String token;

        Admin(String base) {
            this.base = base;
            this.token = send0("POST", "/api/auth/login", Map.of("username", "admin", "password", "admin-pw"), 200,
                    null).get("access_token").asText();
        }

        JsonNode send(String method, String path, Object body, int expected) {
            return send0(method, path, body, expected, token);
        }

        private JsonNode send0(String method, String path, Object body, int expected, String bearer) {
            try {
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).method(method,
                        body == null ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
                if (body != null) {
                    b.header("Content-Type", "application/json");
                }
                if (bearer != null) {
                    b.header("Authorization", "Bearer " + bearer);
                }
                HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
                String text = new String(r.body(), StandardCharsets.UTF_8);
                assertEquals(expected, r.statusCode(), method + " " + path + ": " + text);
                return text.isEmpty() ? JSON.nullNode() : JSON.readTree(text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** One team member's computer: their session, store, engine and a pair on the drive's root. */
    private final class Member {
        final String user;
        final OxiCloudApi api;
        final LocalStore store;
        final Path local;
        final FolderPair pair0;
        final SyncEngine engine;

        Member(String user, Role role, String kind, String id, String name, String rootId) {
            this.user = user;
            try {
                this.local = Files.createDirectories(tmp.resolve(user + "-" + kind).resolve("sync"));
                Path data = Files.createDirectories(tmp.resolve(user + "-" + kind).resolve("data"));
                this.api = HttpOxiCloudApi.create(ApiConfig.builder(URI.create(emu.baseUrl()), user)
                        .credentialStore(new MemoryCredentialStore()).clock(Clock.systemUTC())
                        .hasher((d, o, l) -> {
                            Blake3 h = Blake3.newHasher();
                            h.update(d, o, l);
                            return h.hexDigest();
                        }).build());
                api.login(user, user + "-pw");
                this.store = LocalStore.open(data, user, Clock.systemUTC(), StoreOptions.DEFAULT);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Account account = new Account(emu.baseUrl(), user, api.me().id(), emu.rootFolderId(user));
            store.accounts().saveAccount(account);
            // as `oxisync pair add --drive Team` stores it (PairDrive.settings, PairRightsSettings)
            Map<String, String> s = new HashMap<>();
            s.put("remote.drive.kind", kind);
            s.put(DriveRoleSource.DRIVE_ID, id);
            s.put("remote.drive.name", name);
            s.put("remote.drive.root_folder_id", rootId);
            s.put("remote.role", role.wireName());
            FolderPair p = FolderPair.create("team", local.toString(), rootId, "/").withSettings(s);
            p = PairRightsSettings.write(p, new PairRights(SyncMode.TWO_WAY, role, false, Map.of()));
            this.pair0 = store.accounts().savePair(p);
            this.engine = new SyncEngine(api, store, new LocalScanner(FileChunker::digest, 2), TransferOptions.defaults(),
                    Clock.systemUTC(), SyncListener.NONE, org.oxisync.core.engine.QuietPrefetch.none(),
                    java.time.Duration.ZERO, org.oxisync.protocol.Sleeper.SYSTEM,
                    pair -> new DriveRoleSource(api, account).currentRole(pair));
        }

        FolderPair pair() {
            return store.accounts().pair(pair0.id()).orElseThrow();
        }

        SyncReport sync() {
            emu.flushTreeEtags();
            return engine.runOnce(pair(), SyncOptions.defaults(user + "-host"));
        }

        SyncReport syncOk() {
            SyncReport r = sync();
            assertEquals(SyncStatus.OK, r.status(), () -> user + ": " + r.message() + " " + r.errors());
            return r;
        }

        void write(String rel, String text) {
            try {
                Path p = local.resolve(rel);
                Files.createDirectories(p.getParent());
                boolean existed = Files.exists(p);
                java.nio.file.attribute.FileTime was = existed ? Files.getLastModifiedTime(p) : null;
                Files.writeString(p, text);
                if (existed && Files.getLastModifiedTime(p).equals(was)) {
                    Files.setLastModifiedTime(p, java.nio.file.attribute.FileTime.fromMillis(was.toMillis() + 1000));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        String read(String rel) {
            try {
                return Files.readString(local.resolve(rel));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        boolean exists(String rel) {
            return Files.exists(local.resolve(rel));
        }

        Map<String, String> tree() {
            return TreeSnapshots.local(local);
        }
    }
}
