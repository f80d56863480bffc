package org.oxisync.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okio.Buffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/** Broken or hostile replies end in typed errors; nothing partial is handed on or left behind as complete. */
class HostileServerTest {
    private final MockWebServer server = new MockWebServer();
    private final FakeTime time = new FakeTime();
    private OxiCloudApi api;

    @BeforeEach
    void setUp() throws Exception {
        server.start();
        MemoryCredentialStore store = new MemoryCredentialStore();
        store.save("alice@test", new Credentials.AppPassword("alice", "app-pw"));
        api = HttpOxiCloudApi.create(Fixtures.config(server, time).credentialStore(store)
                .retryPolicy(RetryPolicy.NONE).limits(Limits.DEFAULT.withMaxJsonBytes(64 * 1024)).build());
    }

    @AfterEach
    void tearDown() {
        api.close();
        server.close();
    }

    @Test
    void invalidJsonIsAProtocolViolation() {
        server.enqueue(Fixtures.json("{\"id\": \"x\", \"name\": "));
        var e = assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.folder(Fixtures.FOLDER_ID));
        assertTrue(e.getMessage().contains("invalid JSON"), e.getMessage());
    }

    @Test
    void htmlInsteadOfJsonIsAProtocolViolation() {
        server.enqueue(new MockResponse.Builder().code(200).body("<html>proxy login</html>").build());
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.drives());
    }

    @Test
    void enormousDeclaredBodyIsRefusedBeforeReading() {
        Buffer big = new Buffer();
        big.write(new byte[200 * 1024]);
        server.enqueue(new MockResponse.Builder().code(200).body(big).build());
        var e = assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.drives());
        assertTrue(e.getMessage().contains("cap"), e.getMessage());
    }

    @Test
    void enormousChunkedBodyIsCutAtTheCap() {
        StringBuilder sb = new StringBuilder("[");
        while (sb.length() < 300 * 1024) {
            sb.append("{\"id\":\"x\"},");
        }
        server.enqueue(new MockResponse.Builder().code(200).chunkedBody(sb.toString(), 4096).build());
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.drives());
    }

    @ParameterizedTest
    @ValueSource(strings = {"../../etc/passwd", "a/b", "a\\\\b", "..", ".", "/abs/path", "C:\\\\Windows", ""})
    void listingWithAnUnsafeNameSkipsOnlyThatRow(String name) {
        String row = "{\"resource_type\":\"file\",\"resource\":" + Fixtures.fileJson(Fixtures.FILE_ID, "ok.txt") + "}";
        String bad = "{\"resource_type\":\"file\",\"resource\":"
                + Fixtures.fileJson(Fixtures.FILE_ID, "x").replace("\"name\":\"x\"", "\"name\":\"" + name + "\"") + "}";
        server.enqueue(Fixtures.json("{\"items\":[" + row + "," + bad + "]}"));
        // Audit #6: one bad row must not abort the listing; it is reported per item instead.
        ResourcePage page = api.resources(Fixtures.FOLDER_ID, 200, null);
        assertEquals(List.of("ok.txt"), page.items().stream().map(Resource::name).toList());
        assertEquals(1, page.skipped().size());
        assertEquals(name.replace("\\\\", "\\"), page.skipped().get(0).name());
        assertTrue(page.skipped().get(0).reason().contains("unsafe"), page.skipped().get(0).reason());
    }

    @Test
    void folderWithTraversalNameIsRejectedEverywhere() {
        server.enqueue(Fixtures.json(Fixtures.folderJson("44444444-4444-4444-8444-444444444444", "..")));
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.folder("44444444-4444-4444-8444-444444444444"));
        server.enqueue(Fixtures.json("{\"successful\":[" + Fixtures.folderJson("44444444-4444-4444-8444-444444444444", "x/y")
                + "],\"failed\":[],\"stats\":{\"total\":1,\"successful\":1,\"failed\":0,\"execution_time_ms\":1}}"));
        BatchFoldersDto batch = api.folders(List.of("44444444-4444-4444-8444-444444444444"));
        assertTrue(batch.successful().isEmpty());
        assertEquals("44444444-4444-4444-8444-444444444444", batch.failed().get(0).id());
        server.enqueue(Fixtures.json(Fixtures.fileJson(Fixtures.FILE_ID, "/etc/shadow")));
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.renameFile(Fixtures.FILE_ID, "new.txt"));
    }

    @Test
    void fileIdThatWouldEscapeTheUrlPathIsRejected() {
        server.enqueue(Fixtures.json("{\"items\":[{\"resource_type\":\"file\",\"resource\":"
                + Fixtures.fileJson("..", "a.txt") + "}]}"));
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.resources(Fixtures.FOLDER_ID, 10, null));
    }

    @Test
    void slowDripReplyTimesOut() {
        api.close();
        api = HttpOxiCloudApi.create(Fixtures.config(server, time).retryPolicy(RetryPolicy.NONE)
                .timeouts(new Timeouts(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofMillis(700)))
                .build());
        server.enqueue(new MockResponse.Builder().code(200).body("{\"name\":\"OxiCloud\",\"version\":\"0.8.7\"}")
                .throttleBody(1, 100, TimeUnit.MILLISECONDS).build());
        long start = System.nanoTime();
        var e = assertThrows(OxiCloudException.NetworkFailure.class, () -> api.version());
        assertTrue(e.getMessage().contains("timed out"), e.getMessage());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(3));
    }

    private static Buffer frames(byte[]... chunks) {
        Buffer b = new Buffer();
        for (byte[] c : chunks) {
            b.writeInt(c.length).write(c);
        }
        return b;
    }

    @Test
    void truncatedDeltaDownloadStopsAfterTheLastCompleteFrame() {
        byte[] a = "first chunk".getBytes();
        byte[] b = "second chunk".getBytes();
        Buffer body = frames(a);
        body.writeInt(b.length).write(b, 0, 5); // the second frame is cut short
        // chunked, so no Content-Length gives the truncation away before the frames are read
        server.enqueue(new MockResponse.Builder().code(200).chunkedBody(body, 7).build());
        List<String> delivered = new ArrayList<>();
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.downloadChunks(
                List.of(new ChunkRefDto(Fixtures.blake3(a), a.length), new ChunkRefDto(Fixtures.blake3(b), b.length)),
                (h, data, len) -> delivered.add(h)));
        assertEquals(List.of(Fixtures.blake3(a)), delivered);
    }

    @Test
    void contentLengthThatDoesNotFitTheFramesIsRefusedBeforeAnyDelivery() {
        byte[] a = "first chunk".getBytes();
        server.enqueue(new MockResponse.Builder().code(200).body(frames(a)).build());
        List<String> delivered = new ArrayList<>();
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.downloadChunks(
                List.of(new ChunkRefDto(Fixtures.blake3(a), a.length), new ChunkRefDto("b".repeat(64), 12)),
                (h, data, len) -> delivered.add(h)));
        assertEquals(List.of(), delivered);
    }

    @Test
    void frameWhoseHashDoesNotMatchIsNeverDelivered() {
        byte[] a = "good".getBytes();
        byte[] evil = "evil".getBytes();
        server.enqueue(new MockResponse.Builder().code(200).body(frames(a, evil)).build());
        List<String> delivered = new ArrayList<>();
        var e = assertThrows(OxiCloudException.IntegrityMismatch.class, () -> api.downloadChunks(
                List.of(new ChunkRefDto(Fixtures.blake3(a), 4), new ChunkRefDto(Fixtures.blake3("goop".getBytes()), 4)),
                (h, data, len) -> delivered.add(h)));
        assertEquals(Fixtures.blake3(evil), e.actual());
        assertEquals(List.of(Fixtures.blake3(a)), delivered);
    }

    @Test
    void oversizedFrameLengthIsAProtocolViolation() {
        Buffer body = new Buffer().writeInt(Integer.MAX_VALUE).write(new byte[16]);
        server.enqueue(new MockResponse.Builder().code(200).body(body).build());
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.downloadChunks(
                List.of(new ChunkRefDto("b".repeat(64), 16)), (h, d, l) -> { }));
    }

    @Test
    void trailingBytesAfterTheExpectedFramesAreAProtocolViolation() {
        byte[] a = "only".getBytes();
        Buffer body = frames(a).writeUtf8("junk");
        server.enqueue(new MockResponse.Builder().code(200).body(body).build());
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.downloadChunks(
                List.of(new ChunkRefDto(Fixtures.blake3(a), 4)), (h, d, l) -> { }));
    }

    @Test
    void wholeFileDownloadWithWrongContentLeavesNoFileBehind(@TempDir Path dir) {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("ETag", "\"e1\"").body("tampered").build());
        Path target = dir.resolve("doc.txt");
        assertThrows(OxiCloudException.IntegrityMismatch.class,
                () -> api.downloadToFile(Fixtures.FILE_ID, target, Fixtures.blake3("original".getBytes()), null));
        assertFalse(Files.exists(target));
        assertFalse(Files.exists(dir.resolve("doc.txt.oxipart")));
    }

    @Test
    void rangeReplyForAnotherOffsetIsRejected() {
        server.enqueue(new MockResponse.Builder().code(206).addHeader("Content-Range", "bytes 0-3/10").body("abcd").build());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.download(Fixtures.FILE_ID, out, 6, null));
        assertEquals(0, out.size());
    }

    @Test
    void redirectIsNotFollowedToAnotherHost() {
        server.enqueue(new MockResponse.Builder().code(302).addHeader("Location", "http://203.0.113.9/steal").build());
        assertThrows(OxiCloudException.ProtocolViolation.class, () -> api.me());
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void malformedStillMissingHashesAreAProtocolViolation() {
        server.enqueue(Fixtures.json(409, "{\"still_missing\":[\"../../x\"]}"));
        assertThrows(OxiCloudException.ProtocolViolation.class,
                () -> api.commit(CommitDto.update("f".repeat(64), List.of(), Fixtures.FILE_ID)));
    }
}
