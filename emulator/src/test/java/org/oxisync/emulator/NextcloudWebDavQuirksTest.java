package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where 0.8.7's Nextcloud WebDAV surface is harsh or odd, the emulator is too (emulator/README.md, "WebDAV files",
 * cites each rule's lines in src/interfaces/nextcloud/webdav_handler.rs).
 */
class NextcloudWebDavQuirksTest extends NextcloudTestBase {

    private JsonNode trashItems() {
        return http.get("/api/trash/resources").json().get("items");
    }

    @Test
    void putIfMatchPassesOnlyWithTheCurrentEtagAsAStrongTagNeverAsAWeakOne() throws Exception {
        assertEquals(412, send("PUT", dav + "a.txt", utf8("new"), "If-Match", "*").statusCode(),
                "If-Match on a missing file fails, even *");
        String tag = etag(send("PUT", dav + "a.txt", utf8("one")));
        assertEquals(412, send("PUT", dav + "a.txt", utf8("two"), "If-Match", "W/" + tag).statusCode());
        assertEquals(412, send("PUT", dav + "a.txt", utf8("two"), "If-Match", "\"other\"").statusCode());
        assertArrayEquals(utf8("one"), emu.remote("alice").read("/a.txt"), "a refused PUT stores nothing");
        assertEquals(204, send("PUT", dav + "a.txt", utf8("two"), "If-Match", "\"other\", " + tag).statusCode());
        assertArrayEquals(utf8("two"), emu.remote("alice").read("/a.txt"));
    }

    @Test
    void putIfNoneMatchStarRefusesAnExistingFileAndAWeakTagOfTheCurrentEtagRefusesToo() throws Exception {
        HttpResponse<byte[]> created = send("PUT", dav + "b.txt", utf8("one"), "If-None-Match", "*");
        assertEquals(201, created.statusCode());
        String tag = etag(created);
        assertEquals(412, send("PUT", dav + "b.txt", utf8("two"), "If-None-Match", "*").statusCode());
        assertEquals(412, send("PUT", dav + "b.txt", utf8("two"), "If-None-Match", "W/" + tag).statusCode());
        assertEquals(204, send("PUT", dav + "b.txt", utf8("two"), "If-None-Match", "\"other\"").statusCode());
        assertArrayEquals(utf8("two"), emu.remote("alice").read("/b.txt"));
    }

    @Test
    void moveOntoAnExistingFileTrashesThatFileAndAnswers204() throws Exception {
        send("PUT", dav + "src.txt", utf8("source"));
        send("PUT", dav + "dst.txt", utf8("replaced"));
        HttpResponse<byte[]> mv = send("MOVE", dav + "src.txt", null, "Destination", dav + "dst.txt");
        assertEquals(204, mv.statusCode());
        assertArrayEquals(utf8("source"), emu.remote("alice").read("/dst.txt"));
        assertFalse(emu.remote("alice").exists("/src.txt"));
        assertEquals(1, trashItems().size(), "the replaced file is in the trash");
        assertEquals("dst.txt", trashItems().get(0).get("resource").get("name").asText());
    }

    @Test
    void moveOntoAnExistingFolderDeletesThatFolderAndItsFilesForGoodWithoutTheTrash() throws Exception {
        assertEquals(201, send("MKCOL", dav + "old", null).statusCode());
        send("PUT", dav + "old/only-copy.txt", utf8("gone for good"));
        assertEquals(201, send("MKCOL", dav + "new", null).statusCode());
        send("PUT", dav + "new/kept.txt", utf8("kept"));
        assertEquals(204, send("MOVE", dav + "new", null, "Destination", dav + "old").statusCode());
        assertTrue(emu.remote("alice").exists("/old/kept.txt"));
        assertFalse(emu.remote("alice").exists("/old/only-copy.txt"));
        assertFalse(emu.remote("alice").exists("/new"));
        assertEquals(0, trashItems().size(), "folder_service's delete on this path bypasses the trash");
    }

    @Test
    void moveWithAMissingSourceStillTrashesTheDestinationThenAnswers404() throws Exception {
        send("PUT", dav + "victim.txt", utf8("v"));
        HttpResponse<byte[]> mv = send("MOVE", dav + "no-such.txt", null, "Destination", dav + "victim.txt");
        assertEquals(404, mv.statusCode());
        assertTrue(text(mv).contains("Source resource not found"), text(mv));
        assertFalse(emu.remote("alice").exists("/victim.txt"));
        assertEquals(1, trashItems().size());
    }

    @Test
    void moveOfAFileOntoItselfTrashesItAndAnswers404() throws Exception {
        send("PUT", dav + "self.txt", utf8("s"));
        assertEquals(404, send("MOVE", dav + "self.txt", null, "Destination", dav + "self.txt").statusCode());
        assertFalse(emu.remote("alice").exists("/self.txt"));
        assertEquals("self.txt", trashItems().get(0).get("resource").get("name").asText());
    }

    @Test
    void moveOverwriteFalseOnAnExistingDestinationIs412AndTouchesNothing() throws Exception {
        send("PUT", dav + "x.txt", utf8("x"));
        send("PUT", dav + "y.txt", utf8("y"));
        assertEquals(412, send("MOVE", dav + "x.txt", null, "Destination", dav + "y.txt", "Overwrite", "f").statusCode());
        assertArrayEquals(utf8("y"), emu.remote("alice").read("/y.txt"));
        assertTrue(emu.remote("alice").exists("/x.txt"));
        assertEquals(0, trashItems().size());
    }

    @Test
    void moveToADestinationOutsideTheUsersFilesIs400() throws Exception {
        send("PUT", dav + "x.txt", utf8("x"));
        HttpResponse<byte[]> mv = send("MOVE", dav + "x.txt", null, "Destination",
                emu.baseUrl() + "/remote.php/dav/files/bob/x.txt");
        assertEquals(400, mv.statusCode());
        assertTrue(text(mv).contains("Invalid Destination URL"), text(mv));
        assertEquals(400, send("MOVE", dav + "x.txt", null).statusCode(), "no Destination header");
        assertTrue(emu.remote("alice").exists("/x.txt"));
    }

    @Test
    void getAnswers304OnlyForTheExactQuotedEtagOrStar() throws Exception {
        String tag = etag(send("PUT", dav + "g.txt", utf8("0123456789")));
        assertEquals(304, send("GET", dav + "g.txt", null, "If-None-Match", tag).statusCode());
        assertEquals(304, send("GET", dav + "g.txt", null, "If-None-Match", "*").statusCode());
        assertEquals(200, send("GET", dav + "g.txt", null, "If-None-Match", "W/" + tag).statusCode(),
                "range_requests.rs compares the header as a whole: a weak tag or a list is no match");
        assertEquals(200, send("GET", dav + "g.txt", null, "If-None-Match", "\"x\", " + tag).statusCode());
    }

    @Test
    void getServesTheFirstRangeOnlyASuffixRangeAndAnswers416PastTheEnd() throws Exception {
        send("PUT", dav + "r.txt", utf8("0123456789"));
        HttpResponse<byte[]> suffix = send("GET", dav + "r.txt", null, "Range", "bytes=-3");
        assertEquals(206, suffix.statusCode());
        assertEquals("789", text(suffix));
        assertEquals("bytes 7-9/10", suffix.headers().firstValue("Content-Range").orElse(null));
        HttpResponse<byte[]> two = send("GET", dav + "r.txt", null, "Range", "bytes=0-1,5-6");
        assertEquals(206, two.statusCode());
        assertEquals("01", text(two), "multipart byteranges are not served: the first range only");
        HttpResponse<byte[]> past = send("GET", dav + "r.txt", null, "Range", "bytes=10-");
        assertEquals(416, past.statusCode());
        assertEquals("bytes */10", past.headers().firstValue("Content-Range").orElse(null));
        assertEquals(200, send("GET", dav + "r.txt", null, "Range", "lines=1-2").statusCode());
    }

    @Test
    void anotherUsersNameInTheUrlIs403EvenWithGoodCredentials() throws Exception {
        HttpResponse<byte[]> files = send("PROPFIND", emu.baseUrl() + "/remote.php/dav/files/bob/", null);
        assertEquals(403, files.statusCode(), "interfaces/nextcloud/session.rs:150-161");
        assertEquals(0, files.body().length);
        assertEquals(403, send("MKCOL", emu.baseUrl() + "/remote.php/dav/uploads/bob/s1", null).statusCode());
        assertEquals(207, send("PROPFIND", dav, null).statusCode(), "the session's own name passes");
    }

    @Test
    void headOfAFileHasItsEtagTypeAndAContentLengthOfZeroButNoBody() throws Exception {
        String tag = etag(send("PUT", dav + "h.txt", utf8("hello")));
        HttpResponse<byte[]> head = send("HEAD", dav + "h.txt", null);
        assertEquals(200, head.statusCode());
        assertEquals(tag, etag(head));
        assertEquals(0, head.body().length);
        assertEquals("0", head.headers().firstValue("Content-Length").orElse(null),
                "webdav_handler.rs:665-679: the empty body's length, not the file's 5 bytes");
        HttpResponse<byte[]> headFolder = send("HEAD", dav, null);
        assertEquals("0", headFolder.headers().firstValue("Content-Length").orElse(null));
        HttpResponse<byte[]> folder = send("GET", dav, null);
        assertEquals(200, folder.statusCode());
        assertEquals("1, 3", folder.headers().firstValue("DAV").orElse(null), "GET of a folder is an empty 200");
        assertEquals(0, folder.body().length);
    }

    @Test
    void propfindListsFilesBeforeFoldersEachByNameAndDepthZeroOnlyTheFolder() throws Exception {
        send("MKCOL", dav + "b-dir", null);
        send("MKCOL", dav + "a-dir", null);
        send("PUT", dav + "z.txt", utf8("z"));
        send("PUT", dav + "c.txt", utf8("c"));
        String x = text(send("PROPFIND", dav, null, "Depth", "infinity"));
        int root = x.indexOf("<d:href>/remote.php/dav/files/alice/</d:href>");
        int c = x.indexOf("files/alice/c.txt<");
        int z = x.indexOf("files/alice/z.txt<");
        int a = x.indexOf("files/alice/a-dir/<");
        int b = x.indexOf("files/alice/b-dir/<");
        assertTrue(root >= 0 && root < c && c < z && z < a && a < b, x);
        assertTrue(x.contains("<d:quota-used-bytes>2</d:quota-used-bytes>"), "an empty body asks for the quota: " + x);
        String zero = text(send("PROPFIND", dav, null, "Depth", "0"));
        assertFalse(zero.contains("c.txt"), zero);
        assertEquals(400, send("PROPFIND", dav, utf8("<x/>")).statusCode(), "a body without a propfind element");
        assertEquals(400, send("PROPFIND", dav, utf8(" \n")).statusCode(), "only an empty body means allprop");
        String named = text(send("PROPFIND", dav, utf8("<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop>"
                + "</d:propfind>"), "Depth", "0"));
        assertFalse(named.contains("quota-used-bytes"), "no quota unless asked for: " + named);
    }

    @Test
    void mkcolAnswers405ForAnExistingFolderAnd409UnderAMissingParent() throws Exception {
        assertEquals(201, send("MKCOL", dav + "m", null).statusCode());
        assertEquals(405, send("MKCOL", dav + "m", null).statusCode());
        assertEquals(405, send("MKCOL", dav, null).statusCode(), "the root exists");
        assertEquals(409, send("MKCOL", dav + "nope/m", null).statusCode());
    }

    @Test
    void putToAFolderIs400AndUnderAMissingParentIs409() throws Exception {
        send("MKCOL", dav + "dir", null);
        HttpResponse<byte[]> onFolder = send("PUT", dav + "dir", utf8("x"));
        assertEquals(400, onFolder.statusCode());
        assertTrue(text(onFolder).contains("Cannot PUT to a directory"), text(onFolder));
        HttpResponse<byte[]> orphan = send("PUT", dav + "no/such/x.txt", utf8("x"));
        assertEquals(409, orphan.statusCode());
        assertTrue(text(orphan).contains("Parent folder not found: no/such"), text(orphan));
    }

    @Test
    void assemblingAnUploadSessionThatIsGoneIs500AndLeavesTheDestinationAlone() throws Exception {
        send("PUT", dav + "kept.txt", utf8("kept"));
        String up = emu.baseUrl() + "/remote.php/dav/uploads/alice/";
        assertEquals(500, send("MOVE", up + "never-made/.file", null, "Destination", dav + "kept.txt").statusCode());
        assertEquals(201, send("MKCOL", up + "s1", null).statusCode());
        assertEquals(201, send("PUT", up + "s1/00001", utf8("new")).statusCode());
        assertEquals(201, send("MOVE", up + "s1/.file", null, "Destination", dav + "kept.txt").statusCode());
        assertEquals(500, send("MOVE", up + "s1/.file", null, "Destination", dav + "kept.txt").statusCode(),
                "a retried assembly finds its session cleaned up");
        assertArrayEquals(utf8("new"), emu.remote("alice").read("/kept.txt"));
        assertEquals(0, trashItems().size());
    }

    @Test
    void aChunkPutIntoASessionNeverMadeIs500AndMakesNoSession() throws Exception {
        String up = emu.baseUrl() + "/remote.php/dav/uploads/alice/";
        assertEquals(500, send("PUT", up + "nomkcol/00001", utf8("x")).statusCode());
        assertEquals(404, send("PROPFIND", up + "nomkcol", null).statusCode(), "no session was made");
        assertEquals(400, send("PUT", up + "nomkcol", utf8("x")).statusCode(), "a missing chunk name");
    }

    @Test
    void aChunkOverTheChunkCapIs413AndLeavesNoChunkBehind() throws Exception {
        emu.close();
        emu = OxiCloudEmulator.start(config().chunkMaxBytes(10).build());
        http = new Http(emu.baseUrl());
        http.login("alice", "secret");
        appPassword();
        String up = emu.baseUrl() + "/remote.php/dav/uploads/alice/cap";
        assertEquals(201, send("MKCOL", up, null).statusCode());
        assertEquals(413, send("PUT", up + "/00001", new byte[11]).statusCode());
        assertEquals(201, send("PUT", up + "/00002", new byte[10]).statusCode());
        String listing = text(send("PROPFIND", up, null, "Depth", "1"));
        assertFalse(listing.contains("00001"), listing);
        assertTrue(listing.contains("/cap/00002<"), listing);
    }

    @Test
    void aPlainPutOverTheDirectPutCapIs413AndStoresNothing() throws Exception {
        emu.close();
        emu = OxiCloudEmulator.start(config().directPutMaxBytes(10).build());
        http = new Http(emu.baseUrl());
        http.login("alice", "secret");
        appPassword();
        HttpResponse<byte[]> over = send("PUT", dav + "big.bin", new byte[11]);
        assertEquals(413, over.statusCode());
        assertFalse(emu.remote("alice").exists("/big.bin"));
        assertEquals(201, send("PUT", dav + "fits.bin", new byte[10]).statusCode());
    }

    @Test
    void fiveWrongBasicPasswordsLockTheAccountFromThatIpForWebDavAndForTheNativeLogin() throws Exception {
        String wrong = "Basic " + Base64.getEncoder().encodeToString(utf8("alice:not-the-app-password"));
        for (int i = 0; i < 5; i++) {
            HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create(dav))
                    .method("PROPFIND", HttpRequest.BodyPublishers.noBody())
                    .header("Authorization", wrong).build(), HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(401, r.statusCode());
        }
        assertEquals(401, send("PROPFIND", dav, null).statusCode(), "the right app password is refused while locked");
        Http.Res login = new Http(emu.baseUrl()).post("/api/auth/login",
                Map.of("username", "alice", "password", "secret"));
        assertEquals(429, login.status(), "one lockout for the whole server: " + login.text());
        assertEquals("AccountLocked", login.json().get("error_type").asText());
        clock.advance(Duration.ofSeconds(901));
        assertEquals(207, send("PROPFIND", dav, null).statusCode());
    }

    @Test
    void quotaPropertiesOfASharedDriveChrootAreTheDrivesOwn() throws Exception {
        String team = emu.drives().createShared("Team", "alice", 500L);
        String teamRoot = emu.drives().rootFolderId(team);
        String pw = http.post("/api/auth/app-passwords", Map.of("label", "team")).json().get("password").asText();
        String user = "alice~" + teamRoot;
        String auth = "Basic " + java.util.Base64.getEncoder().encodeToString((user + ":" + pw)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String url = emu.baseUrl() + "/remote.php/dav/files/" + user + "/";
        java.net.http.HttpRequest.Builder propfind = java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                .header("Authorization", auth).header("Depth", "0")
                .method("PROPFIND", java.net.http.HttpRequest.BodyPublishers.noBody());
        String before = text(client.send(propfind.build(), java.net.http.HttpResponse.BodyHandlers.ofByteArray()));
        assertTrue(before.contains("<d:quota-used-bytes>0</d:quota-used-bytes>"), before);
        assertTrue(before.contains("<d:quota-available-bytes>500</d:quota-available-bytes>"),
                "common/di.rs:3132-3135: the drive's cap, not alice's envelope: " + before);
        java.net.http.HttpResponse<byte[]> put = client.send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(url + "q.txt")).header("Authorization", auth)
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofByteArray(utf8("0123456789"))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(201, put.statusCode());
        String after = text(client.send(propfind.build(), java.net.http.HttpResponse.BodyHandlers.ofByteArray()));
        assertTrue(after.contains("<d:quota-used-bytes>10</d:quota-used-bytes>")
                && after.contains("<d:quota-available-bytes>490</d:quota-available-bytes>"), after);
        String personal = text(send("PROPFIND", dav, null, "Depth", "0"));
        assertTrue(personal.contains("<d:quota-used-bytes>0</d:quota-used-bytes>"), "alice's own usage: " + personal);
    }
}
