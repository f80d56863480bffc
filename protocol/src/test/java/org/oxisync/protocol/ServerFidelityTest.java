package org.oxisync.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/** Shapes and statuses of the real OxiCloud 0.8.7 server (source audit #2, #4-#9, #14, #15, #17, #18, #21). */
class ServerFidelityTest {
    private static final String F2 = "55555555-5555-4555-8555-555555555555";
    private final MockWebServer server = new MockWebServer();
    private final FakeTime time = new FakeTime();
    private final AuthAndRetryTest.RecordingStore store = new AuthAndRetryTest.RecordingStore();
    private OxiCloudApi api;

    @BeforeEach
    void setUp() throws Exception {
        server.start();
        store.current = new Credentials.AppPassword("alice", "pw");
        api = HttpOxiCloudApi.create(Fixtures.config(server, time).credentialStore(store).deltaBudget(DeltaBudget.inMemory()).build());
    }

    @AfterEach
    void tearDown() {
        api.close();
        server.close();
    }

    private static MockResponse lost() {
        return new MockResponse.Builder().onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build();
    }

    // ---- #2 trash-only deletes --------------------------------------------------------------------------------

    @Test
    void batchTrashReportsPerIdResultsIncludingThe400ForAllFailed() throws Exception {
        server.enqueue(Fixtures.json(206, "{\"successful\":[\"" + Fixtures.FILE_ID + "\"],\"failed\":[{\"id\":\"" + F2
                + "\",\"error\":\"Item is already in trash\"}],\"stats\":{\"total\":2,\"successful\":1,\"failed\":1,\"execution_time_ms\":3}}"));
        BatchTrashResult r = api.trashBatch(List.of(Fixtures.FILE_ID), List.of(F2));
        assertEquals(List.of(Fixtures.FILE_ID), r.trashed());
        assertEquals(F2, r.failed().get(0).id());
        RecordedRequest req = server.takeRequest();
        assertEquals("/api/batch/trash", req.getUrl().encodedPath());
        assertEquals("{\"file_ids\":[\"" + Fixtures.FILE_ID + "\"],\"folder_ids\":[\"" + F2 + "\"]}", req.getBody().utf8());

        server.enqueue(Fixtures.json(400, "{\"successful\":[],\"failed\":[{\"id\":\"" + F2
                + "\",\"error\":\"not found\"}],\"stats\":{\"total\":1,\"successful\":0,\"failed\":1,\"execution_time_ms\":1}}"));
        assertEquals(1, api.trashBatch(List.of(), List.of(F2)).failed().size());
    }

    @Test
    void batchTrashSplitsAtTheServerCapOfAThousandIdsInAll() throws Exception {
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            ids.add(String.format("00000000-0000-4000-8000-%012d", i));
        }
        server.enqueue(Fixtures.json("{\"successful\":[],\"failed\":[],\"stats\":{}}"));
        server.enqueue(Fixtures.json("{\"successful\":[],\"failed\":[],\"stats\":{}}"));
        api.trashBatch(ids.subList(0, 700), ids.subList(700, 1500));
        String first = server.takeRequest().getBody().utf8();
        String second = server.takeRequest().getBody().utf8();
        assertEquals(1000, first.split("-4000-").length - 1);
        assertEquals(500, second.split("-4000-").length - 1);
    }

    @Test
    void lostBatchTrashAndDeleteRepliesAreNeverReSent() {
        server.enqueue(lost());
        assertThrows(OxiCloudException.NetworkFailure.class, () -> api.trashBatch(List.of(Fixtures.FILE_ID), List.of()));
        server.enqueue(lost());
        assertThrows(OxiCloudException.NetworkFailure.class, () -> api.deleteFile(Fixtures.FILE_ID));
        server.enqueue(lost());
        assertThrows(OxiCloudException.NetworkFailure.class, () -> api.deleteFolder(Fixtures.FOLDER_ID));
        assertEquals(3, server.getRequestCount());
    }

    @Test
    void deleteIsNotRetriedOn500() {
        server.enqueue(Fixtures.json(500, "{}"));
        assertThrows(OxiCloudException.ServerError.class, () -> api.deleteFile(Fixtures.FILE_ID));
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void batchMoveSendsTargetFolderId() throws Exception {
        server.enqueue(Fixtures.json("{\"successful\":[" + Fixtures.fileJson(Fixtures.FILE_ID, "a.txt")
                + "],\"failed\":[],\"stats\":{\"total\":1,\"successful\":1,\"failed\":0,\"execution_time_ms\":1}}"));
        assertEquals(1, api.moveFiles(List.of(Fixtures.FILE_ID), Fixtures.FOLDER_ID).successful().size());
        assertEquals("{\"file_ids\":[\"" + Fixtures.FILE_ID + "\"],\"target_folder_id\":\"" + Fixtures.FOLDER_ID + "\"}",
                server.takeRequest().getBody().utf8());
    }

    // ---- #5 names ---------------------------------------------------------------------------------------------

    @Test
    void multipartFilenameArrivesByteForByte(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("data");
        Files.writeString(f, "hello");
        String name = " a\"b %22 résumé;x.txt ";
        server.enqueue(Fixtures.json(201, Fixtures.fileJson(Fixtures.FILE_ID, name)));
        assertEquals(name, api.upload(Fixtures.FOLDER_ID, name, f).name());
        String body = new String(server.takeRequest().getBody().toByteArray(), StandardCharsets.UTF_8);
        assertTrue(body.contains("Content-Disposition: form-data; name=\"file\"; filename=\" a\\\"b %22 résumé;x.txt \"\r\n"), body);
        assertFalse(body.contains("%0A") || body.contains("a%22b"), body);
    }

    @Test
    void nameWithLineBreakIsUploadedUnderATemporaryNameThenRenamed(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("data");
        Files.writeString(f, "hello");
        server.enqueue(Fixtures.json(201, Fixtures.fileJson(Fixtures.FILE_ID, ".oxisync-upload-x.tmp")));
        server.enqueue(Fixtures.json(Fixtures.fileJson(Fixtures.FILE_ID, "two lines").replace("two lines", "two\\nlines")));
        assertEquals("two\nlines", api.upload(Fixtures.FOLDER_ID, "two\nlines", f).name());
        String upload = new String(server.takeRequest().getBody().toByteArray(), StandardCharsets.UTF_8);
        assertTrue(upload.contains("filename=\".oxisync-upload-"), upload);
        RecordedRequest rename = server.takeRequest();
        assertEquals("/api/files/" + Fixtures.FILE_ID + "/rename", rename.getUrl().encodedPath());
        assertEquals("{\"name\":\"two\\nlines\"}", rename.getBody().utf8());
    }

    @Test
    void namesTheServerWouldTrimAreRefusedBeforeSending(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("data");
        Files.writeString(f, "hello");
        assertThrows(OxiCloudException.NameNotRepresentable.class, () -> api.upload(Fixtures.FOLDER_ID, "x\n ", f));
        assertThrows(OxiCloudException.NameNotRepresentable.class, () -> api.renameFile(Fixtures.FILE_ID, " x"));
        assertThrows(OxiCloudException.NameNotRepresentable.class, () -> api.renameFile(Fixtures.FILE_ID, "x\u00a0"));
        assertThrows(OxiCloudException.NameNotRepresentable.class, () -> api.commit(
                CommitDto.create("b".repeat(64), List.of(new ChunkRefDto("a".repeat(64), 5)), "x.txt ", Fixtures.FOLDER_ID)));
        assertEquals(0, server.getRequestCount());
        // folder create and rename keep whitespace on the server
        server.enqueue(Fixtures.json(201, Fixtures.folderJson(F2, " d ")));
        assertEquals(" d ", api.createFolder(Fixtures.FOLDER_ID, " d ").name());
    }

    // ---- #6 listings ------------------------------------------------------------------------------------------

    @Test
    void driveLetterNamesAreLegalAndUnsafeRowsAreReportedPerItem() {
        String ok = "{\"resource_type\":\"file\",\"resource\":" + Fixtures.fileJson(Fixtures.FILE_ID, "C:x") + "}";
        String bad = "{\"resource_type\":\"folder\",\"resource\":" + Fixtures.folderJson(F2, "..") + "}";
        server.enqueue(Fixtures.json("{\"items\":[" + ok + "," + bad + "]}"));
        List<SkippedResource> skipped = new java.util.ArrayList<>();
        var it = api.allResources(Fixtures.FOLDER_ID, skipped::add);
        assertEquals("C:x", it.next().name());
        assertFalse(it.hasNext());
        assertEquals(F2, skipped.get(0).id());
    }

    // ---- #7 commit --------------------------------------------------------------------------------------------

    @Test
    void lostCreateCommitThatLandedIsFoundInTheListingNotReSent() throws Exception {
        String hash = "a".repeat(64); // Fixtures.fileJson's content hash
        server.enqueue(lost());
        server.enqueue(Fixtures.json("{\"items\":[{\"resource_type\":\"file\",\"resource\":"
                + Fixtures.fileJson(Fixtures.FILE_ID, "big.bin") + "}]}"));
        FileDto f = api.commit(CommitDto.create(hash, List.of(new ChunkRefDto("c".repeat(64), 5)), "big.bin", Fixtures.FOLDER_ID));
        assertEquals(Fixtures.FILE_ID, f.id());
        assertEquals("/api/files/delta/commit", server.takeRequest().getUrl().encodedPath());
        assertEquals("/api/folders/" + Fixtures.FOLDER_ID + "/resources", server.takeRequest().getUrl().encodedPath());
        assertEquals(2, server.getRequestCount());
    }

    @Test
    void lostUpdateCommitThatDidNotLandIsSentOnceMore() throws Exception {
        String hash = "d".repeat(64);
        server.enqueue(lost());
        server.enqueue(Fixtures.json("{\"file_hash\":\"" + "e".repeat(64) + "\",\"total_size\":5,\"chunks\":[{\"h\":\""
                + "c".repeat(64) + "\",\"s\":5}]}"));
        server.enqueue(Fixtures.json(Fixtures.fileJson(Fixtures.FILE_ID, "big.bin")));
        api.commit(CommitDto.update(hash, List.of(new ChunkRefDto("c".repeat(64), 5)), Fixtures.FILE_ID));
        server.takeRequest();
        RecordedRequest manifest = server.takeRequest();
        assertEquals("\"" + hash + "\"", manifest.getHeaders().get("If-None-Match"));
        assertEquals("/api/files/delta/commit", server.takeRequest().getUrl().encodedPath());
        assertEquals(3, api.deltaBudget().view(time).used()); // the manifest check is a delta request too
    }

    @Test
    void lostUpdateCommitThatLandedAnswers304() throws Exception {
        server.enqueue(lost());
        server.enqueue(new MockResponse.Builder().code(304).build());
        server.enqueue(Fixtures.json("{\"id\":\"" + Fixtures.FILE_ID + "\",\"name\":\"big.bin\",\"path\":\"\",\"size\":5,"
                + "\"mime_type\":\"x\",\"folder_id\":\"" + Fixtures.FOLDER_ID + "\",\"created_at\":1,\"modified_at\":2}"));
        server.enqueue(Fixtures.json("{\"items\":[{\"resource_type\":\"file\",\"resource\":"
                + Fixtures.fileJson(Fixtures.FILE_ID, "big.bin") + "}]}"));
        FileDto f = api.commit(CommitDto.update("a".repeat(64), List.of(new ChunkRefDto("c".repeat(64), 5)), Fixtures.FILE_ID));
        assertEquals(Fixtures.FILE_ID, f.id());
        assertEquals(4, server.getRequestCount());
    }

    // ---- #8 batch folders get -----------------------------------------------------------------------------------

    @Test
    void batchFolderGetAllFailed400IsAResult() {
        server.enqueue(Fixtures.json(400, "{\"successful\":[],\"failed\":[{\"id\":\"" + F2
                + "\",\"error\":\"Folder not found\"}],\"stats\":{\"total\":1,\"successful\":0,\"failed\":1,\"execution_time_ms\":1}}"));
        BatchFoldersDto r = api.folders(List.of(F2));
        assertTrue(r.successful().isEmpty());
        assertEquals(F2, r.failed().get(0).id());
        server.enqueue(Fixtures.json(400, "{\"error\":\"No folder IDs provided\"}"));
        assertThrows(OxiCloudException.RequestRejected.class, () -> api.folders(List.of(F2)));
    }

    // ---- #14 split on 400 ---------------------------------------------------------------------------------------

    @Test
    void splitRequestHalvesThePutBatch(@TempDir Path dir) throws Exception {
        byte[] data = "0123456789abcdefghijABCDEFGHIJ".getBytes(StandardCharsets.US_ASCII);
        Path f = dir.resolve("data");
        Files.write(f, data);
        List<ChunkSlice> slices = new java.util.ArrayList<>();
        StringBuilder echo1 = new StringBuilder();
        StringBuilder echo2 = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            String h = Fixtures.blake3(java.util.Arrays.copyOfRange(data, i * 10, i * 10 + 10));
            slices.add(new ChunkSlice(h, i * 10, 10));
            (i == 0 ? echo1 : echo2).append(echo1.length() > 0 && i == 0 || echo2.length() > 0 && i > 0 ? "," : "")
                    .append("{\"h\":\"").append(h).append("\",\"s\":10}");
        }
        server.enqueue(Fixtures.json(400, "{\"status\":400,\"error\":\"Bad Request\",\"message\":\"Request body exceeds the "
                + "20-byte per-request cap; split the chunk upload into several requests\",\"error_type\":\"Validation\"}"));
        server.enqueue(Fixtures.json("{\"received\":[" + echo1 + "]}"));
        server.enqueue(Fixtures.json("{\"received\":[" + echo2 + "]}"));
        assertEquals(3, api.putChunks(f, slices).size());
        assertEquals(3, server.getRequestCount());
    }

    // ---- #15 trash listing --------------------------------------------------------------------------------------

    @Test
    void trashRowsAreNestedResources() {
        server.enqueue(Fixtures.json("{\"items\":[{\"resource_type\":\"file\",\"trashed_at\":\"2026-09-01T10:00:00Z\","
                + "\"deletion_date\":\"2026-10-01T10:00:00Z\",\"drive_id\":\"33333333-3333-4333-8333-333333333333\","
                + "\"resource\":" + Fixtures.fileJson(Fixtures.FILE_ID, "a.txt") + "},{\"resource_type\":\"folder\","
                + "\"trashed_at\":\"2026-09-01T10:00:00Z\",\"deletion_date\":\"2026-10-01T10:00:00Z\","
                + "\"drive_id\":\"33333333-3333-4333-8333-333333333333\",\"resource\":" + Fixtures.folderJson(F2, "d")
                + "}],\"next_cursor\":\"abc\"}"));
        TrashPageDto page = api.trash(50, null);
        assertEquals(2, page.items().size());
        TrashItemDto file = page.items().get(0);
        assertEquals("file", file.resourceType());
        assertEquals(Fixtures.FILE_ID, file.id());
        assertEquals("a.txt", file.name());
        assertEquals("2026-10-01T10:00:00Z", file.deletionDate());
        assertTrue(file.resource().get() instanceof FileDto);
        assertTrue(page.items().get(1).resource().get() instanceof FolderDto);
        assertEquals("abc", page.nextCursor());
    }

    // ---- #17, #18, #21 auth ---------------------------------------------------------------------------------------

    @Test
    void refresh403And404ExpireTheSession() {
        for (int code : new int[] {403, 404}) {
            store.current = new Credentials.TokenPair("old", "r1", time.instant().minusSeconds(1));
            server.enqueue(Fixtures.json(code, "{\"error\":\"denied\"}"));
            try (OxiCloudApi a = HttpOxiCloudApi.create(Fixtures.config(server, time).credentialStore(store).build())) {
                assertThrows(OxiCloudException.AuthExpired.class, a::me);
                assertFalse(a.isLoggedIn());
            }
            assertEquals(null, store.current);
        }
    }

    @Test
    void readOnly403IsServerReadOnly() {
        server.enqueue(new MockResponse.Builder().code(403).addHeader("X-Server-Status", "{\"readonly\":true,\"reason\":\"migration\"}")
                .body("{\"error\":\"Forbidden\"}").build());
        assertThrows(OxiCloudException.ServerReadOnly.class, () -> api.createFolder(Fixtures.FOLDER_ID, "x"));
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void logoutWithAnExpiredAccessTokenRefreshesFirstAndReachesTheServer() throws Exception {
        store.current = new Credentials.TokenPair("old", "r1", time.instant().minusSeconds(5));
        String fresh = Fixtures.jwt(time.instant().plusSeconds(3600), "n");
        server.enqueue(Fixtures.json(Fixtures.authJson(fresh, "r2", 3600)));
        server.enqueue(Fixtures.json("{}"));
        try (OxiCloudApi a = HttpOxiCloudApi.create(Fixtures.config(server, time).credentialStore(store).build())) {
            a.logout();
            assertFalse(a.isLoggedIn());
        }
        assertEquals("/api/auth/refresh", server.takeRequest().getUrl().encodedPath());
        RecordedRequest logout = server.takeRequest();
        assertEquals("/api/auth/logout", logout.getUrl().encodedPath());
        assertEquals("Bearer " + fresh, logout.getHeaders().get("Authorization"));
        assertEquals("{\"refresh_token\":\"r2\"}", logout.getBody().utf8());
        assertEquals(null, store.current);
    }

    // ---- #7 limits ------------------------------------------------------------------------------------------------

    @Test
    void limitsFavourFewDeltaRequests() {
        assertEquals(64L << 20, Limits.DEFAULT.putBatchBytes());
        assertTrue(Limits.MAX_NEGOTIATE_CHUNKS >= 100_000);
        assertEquals(Duration.ofSeconds(61), DeltaBudget.DEFAULT_QUIET_GAP);
    }
}
