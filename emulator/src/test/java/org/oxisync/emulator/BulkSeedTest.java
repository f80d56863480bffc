package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.seed.TreeSeeder;
import org.oxisync.emulator.config.EmulatorConfig;

/**
 * Bulk seeding ({@code OxiCloudEmulator#seedTree}, {@code --seed-tree}, {@code POST /_emulator/seed}): what a client
 * reads back through the API is exactly what uploading the same tree through the API makes.
 */
class BulkSeedTest {
    @TempDir
    Path work;

    /** A small tree: nested folders, an empty folder, an empty file, a PNG, a multi-chunk file, 300 small files. */
    private Path localTree() throws IOException {
        Path t = work.resolve("tree");
        Files.createDirectories(t.resolve("sub/deeper"));
        Files.createDirectories(t.resolve("empty-dir"));
        Files.createDirectories(t.resolve("many"));
        Files.writeString(t.resolve("a.txt"), "hello");
        Files.write(t.resolve("empty.bin"), new byte[0]);
        Files.write(t.resolve("sub/photo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 1, 2, 3});
        byte[] big = new byte[3 * 1024 * 1024 + 17];
        new Random(7).nextBytes(big);
        Files.write(t.resolve("sub/deeper/big.bin"), big);
        Files.writeString(t.resolve("sub/deeper/Café.md"), "# accents"); // NFC
        for (int i = 0; i < 300; i++) {
            Files.writeString(t.resolve("many/f" + i + ".txt"), "file " + i + "\n".repeat(i % 7));
        }
        return t;
    }

    private OxiCloudEmulator start(String name) {
        return OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret")
                .dataDir(work.resolve(name)).deltaRateLimitPerMinute(0).build());
    }

    /** Uploads the tree file by file through the REST API (folders by POST /api/folders). */
    private static void uploadThroughApi(Http http, String parentId, Path dir) throws IOException {
        List<Path> entries;
        try (Stream<Path> s = Files.list(dir)) {
            entries = s.sorted().toList();
        }
        for (Path p : entries) {
            String name = p.getFileName().toString();
            if (Files.isDirectory(p)) {
                Http.Res r = http.post("/api/folders", Map.of("name", name, "parent_id", parentId));
                assertEquals(201, r.status(), r.text());
                uploadThroughApi(http, r.json().get("id").asText(), p);
            } else {
                Http.Res r = http.upload(parentId, name, Files.readAllBytes(p));
                assertEquals(201, r.status(), r.text());
            }
        }
    }

    private static String childFolder(Http http, String parentId, String name) {
        for (JsonNode item : http.get("/api/folders/" + parentId + "/resources?limit=200").json().get("items")) {
            if (item.get("resource_type").asText().equals("folder") && item.get("resource").get("name").asText().equals(name)) {
                return item.get("resource").get("id").asText();
            }
        }
        throw new AssertionError("no folder " + name);
    }

    /**
     * Everything a client can read of the tree below the folder, by path: folders, and for each file its size,
     * content hash, MIME type, manifest (chunk hashes and sizes) and bytes' hash as downloaded.
     */
    private static Map<String, String> describe(Http http, String folderId, String path) {
        Map<String, String> out = new TreeMap<>();
        String cursor = null;
        do {
            JsonNode page = http.get("/api/folders/" + folderId + "/resources?limit=200"
                    + (cursor == null ? "" : "&cursor=" + cursor)).json();
            for (JsonNode item : page.get("items")) {
                JsonNode r = item.get("resource");
                String p = path + "/" + r.get("name").asText();
                if (item.get("resource_type").asText().equals("folder")) {
                    out.put(p + "/", "folder");
                    out.putAll(describe(http, r.get("id").asText(), p));
                } else {
                    String id = r.get("id").asText();
                    JsonNode m = http.get("/api/files/" + id + "/manifest").json();
                    byte[] body = http.get("/api/files/" + id).body();
                    out.put(p, r.get("size").asLong() + " " + r.get("content_hash").asText() + " "
                            + r.get("mime_type").asText() + " " + m.get("chunks") + " " + m.get("total_size")
                            + " downloaded " + body.length + " " + java.util.Arrays.hashCode(body));
                }
            }
            cursor = page.hasNonNull("next_cursor") ? page.get("next_cursor").asText() : null;
        } while (cursor != null);
        return out;
    }

    @Test
    void bulkSeededTreeReadsBackThroughTheApiExactlyAsTheSameTreeUploaded() throws IOException {
        Path tree = localTree();
        Map<String, String> seeded;
        Map<String, String> uploaded;
        try (OxiCloudEmulator emu = start("seeded")) {
            TreeSeeder.Report rep = emu.seedTree("alice", tree, "/target/inner", false);
            assertEquals(305, rep.files());
            assertEquals(305, rep.created());
            assertEquals(4, rep.folders());
            Http http = new Http(emu.baseUrl());
            http.login("alice", "secret");
            String target = childFolder(http, emu.rootFolderId("alice"), "target");
            seeded = describe(http, childFolder(http, target, "inner"), "");
        }
        try (OxiCloudEmulator emu = start("uploaded")) {
            Http http = new Http(emu.baseUrl());
            http.login("alice", "secret");
            String target = http.post("/api/folders", Map.of("name", "target", "parent_id", emu.rootFolderId("alice")))
                    .json().get("id").asText();
            String inner = http.post("/api/folders", Map.of("name", "inner", "parent_id", target)).json().get("id").asText();
            uploadThroughApi(http, inner, tree);
            uploaded = describe(http, inner, "");
        }
        assertEquals(305 + 4, seeded.size());
        assertTrue(seeded.get("/sub/deeper/big.bin").contains("},{"), "the big file has several chunks");
        assertTrue(seeded.get("/sub/photo.png").contains("image/png"));
        assertEquals(uploaded, seeded);
    }

    @Test
    void seededTreeIsInTheMetadataOnDiskWhenTheSeedReturnsAndSurvivesARestart() throws IOException {
        Path tree = localTree();
        Map<String, String> before;
        try (OxiCloudEmulator emu = start("data")) {
            emu.seedTree("alice", tree, "/", false);
            String meta = Files.readString(work.resolve("data/metadata.json"), StandardCharsets.UTF_8);
            assertTrue(meta.contains("\"f299.txt\"") && meta.contains("\"big.bin\""), "one snapshot written at the end");
            Http http = new Http(emu.baseUrl());
            http.login("alice", "secret");
            before = describe(http, emu.rootFolderId("alice"), "");
        }
        try (OxiCloudEmulator emu = start("data")) {
            Http http = new Http(emu.baseUrl());
            http.login("alice", "secret");
            assertEquals(before, describe(http, emu.rootFolderId("alice"), ""));
        }
    }

    @Test
    void seedingOverAFileWithOtherContentIsRefusedAndOverwritesNothing() throws IOException {
        Path tree = localTree();
        try (OxiCloudEmulator emu = start("conflict")) {
            RemoteClient remote = emu.remote("alice");
            String id = remote.putFile("/many/f5.txt", "the server's own version".getBytes(StandardCharsets.UTF_8));
            ApiError e = assertThrows(ApiError.class, () -> emu.seedTree("alice", tree, "/", false));
            assertEquals(409, e.status());
            assertEquals(id, remote.fileId("/many/f5.txt"));
            assertEquals("the server's own version", new String(remote.read("/many/f5.txt"), StandardCharsets.UTF_8));
        }
    }

    @Test
    void seedingAgainKeepsIdenticalFilesAndReplaceSwapsChangedContentKeepingTheId() throws IOException {
        Path tree = localTree();
        try (OxiCloudEmulator emu = start("again")) {
            emu.seedTree("alice", tree, "/", false);
            RemoteClient remote = emu.remote("alice");
            String id = remote.fileId("/many/f7.txt");
            TreeSeeder.Report same = emu.seedTree("alice", tree, "/", false);
            assertEquals(305, same.unchanged());
            assertEquals(0, same.created());

            Path edits = work.resolve("edits");
            Files.createDirectories(edits.resolve("many"));
            Files.writeString(edits.resolve("many/f7.txt"), "edited remotely");
            TreeSeeder.Report rep = emu.seedTree("alice", edits, "/", true);
            assertEquals(1, rep.replaced());
            assertEquals(id, remote.fileId("/many/f7.txt"));
            assertEquals("edited remotely", new String(remote.read("/many/f7.txt"), StandardCharsets.UTF_8));
            assertEquals("file 8\n", new String(remote.read("/many/f8.txt"), StandardCharsets.UTF_8));
        }
    }

    @Test
    void controlEndpointSeedsAndRefusesAMissingDirectory() throws IOException {
        Path tree = localTree();
        try (OxiCloudEmulator emu = start("control")) {
            Http http = new Http(emu.baseUrl());
            Http.Res r = http.post("/_emulator/seed", Map.of("username", "alice", "local_dir", tree.toString(),
                    "remote_path", "/via-endpoint"));
            assertEquals(200, r.status(), r.text());
            assertEquals(305, r.json().get("created").asLong());
            assertArrayEquals("hello".getBytes(StandardCharsets.UTF_8), emu.remote("alice").read("/via-endpoint/a.txt"));
            Http.Res bad = http.post("/_emulator/seed", Map.of("username", "alice",
                    "local_dir", work.resolve("nope").toString(), "remote_path", "/x"));
            assertEquals(400, bad.status());
        }
    }

    @Test
    void commandLineSeedTreeNeedsLocalDirEqualsAnAbsoluteRemotePathAndAUser() {
        List<String> bad = new ArrayList<>(List.of("/tmp/x", "/tmp/x=", "=/r", "/tmp/x=relative"));
        for (String v : bad) {
            assertThrows(IllegalArgumentException.class,
                    () -> EmulatorMain.parse(new String[] {"--user", "a:b", "--seed-tree", v}), v);
        }
        assertThrows(IllegalArgumentException.class, () -> EmulatorMain.parse(new String[] {"--seed-tree", "/tmp/x=/r"}));
        String[] args = {"--user", "a:b", "--seed-tree", "/tmp/a=b=/r/s", "--seed-tree", "/tmp/c=/"};
        EmulatorMain.parse(args);
        assertEquals(List.of(new EmulatorMain.SeedSpec(Path.of("/tmp/a=b"), "/r/s"),
                new EmulatorMain.SeedSpec(Path.of("/tmp/c"), "/")), EmulatorMain.seeds(args));
    }
}
