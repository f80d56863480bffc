package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The Nextcloud-compatible layer (org.oxisync.emulator.nextcloud) over the same tree as the native API. */
class NextcloudWebDavTest extends NextcloudTestBase {
    @Test
    void statusAndCapabilitiesAnswerWithoutAuthAndBasicAuthTakesOnlyAnAppPassword() throws Exception {
        HttpResponse<byte[]> s = client.send(HttpRequest.newBuilder(URI.create(emu.baseUrl() + "/status.php")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals("{\"edition\":\"\",\"installed\":true,\"maintenance\":false,\"needsDbUpgrade\":false,"
                + "\"productname\":\"OxiCloud\",\"version\":\"28.0.4.1\",\"versionstring\":\"28.0.4\"}", text(s));
        HttpResponse<byte[]> c = client.send(HttpRequest.newBuilder(URI.create(emu.baseUrl()
                + "/ocs/v1.php/cloud/capabilities?format=json")).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertTrue(text(c).contains("\"chunking\":\"1.0\"") && text(c).contains("\"statuscode\":100"), text(c));
        // the account password is refused over Basic: app passwords only
        HttpResponse<byte[]> bad = client.send(HttpRequest.newBuilder(URI.create(dav)).method("PROPFIND",
                HttpRequest.BodyPublishers.noBody()).header("Authorization", "Basic "
                + Base64.getEncoder().encodeToString("alice:secret".getBytes(StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(401, bad.statusCode());
        assertEquals("Basic realm=\"OxiCloud\"", bad.headers().firstValue("WWW-Authenticate").orElse(null));
        assertEquals(404, client.send(HttpRequest.newBuilder(URI.create(emu.baseUrl() + "/ocs/v2.php/core/navigation/apps"))
                .build(), HttpResponse.BodyHandlers.ofByteArray()).statusCode());
    }

    @Test
    void webdavAndNativeSeeTheSameTree() throws Exception {
        assertEquals(201, send("MKCOL", dav + "docs", null).statusCode());
        assertEquals(405, send("MKCOL", dav + "docs", null).statusCode());
        assertEquals(409, send("MKCOL", dav + "no/such", null).statusCode());
        HttpResponse<byte[]> put = send("PUT", dav + "docs/a%20b.txt", "hello".getBytes(StandardCharsets.UTF_8));
        assertEquals(201, put.statusCode());
        assertNotNull(put.headers().firstValue("OC-ETag").orElse(null));
        assertFalse(put.headers().firstValue("OC-FileId").isPresent(), "0.8.7 never sends OC-FileId");
        assertEquals(409, send("PUT", dav + "nope/x.txt", new byte[1]).statusCode());
        // native side sees it
        assertArrayEquals("hello".getBytes(StandardCharsets.UTF_8), emu.remote("alice").read("/docs/a b.txt"));
        // native write, WebDAV read, with a range
        emu.remote("alice").putFile("/docs/n.txt", "0123456789".getBytes(StandardCharsets.UTF_8));
        HttpResponse<byte[]> g = send("GET", dav + "docs/n.txt", null, "Range", "bytes=2-4");
        assertEquals(206, g.statusCode());
        assertEquals("234", text(g));
        // overwrite with X-OC-Mtime: 204 and the mtime in getlastmodified
        assertEquals(204, send("PUT", dav + "docs/n.txt", "x".getBytes(StandardCharsets.UTF_8), "X-OC-Mtime", "1700000000").statusCode());
        HttpResponse<byte[]> pf = send("PROPFIND", dav + "docs", null, "Depth", "1");
        assertEquals(207, pf.statusCode());
        String x = text(pf);
        assertTrue(x.contains("<d:href>/remote.php/dav/files/alice/docs/</d:href>"), x);
        assertTrue(x.contains("<d:href>/remote.php/dav/files/alice/docs/a%20b.txt</d:href>"), x);
        assertTrue(x.contains("Tue, 14 Nov 2023 22:13:20 +0000"), x);
        assertTrue(x.contains("<oc:permissions>RGDNVW</oc:permissions>"), x);
        // MOVE renames (native sees the new name), DELETE goes to the trash
        assertEquals(201, send("MOVE", dav + "docs/n.txt", null, "Destination", dav + "docs/m.txt").statusCode());
        assertTrue(emu.remote("alice").exists("/docs/m.txt"));
        assertEquals(412, send("MOVE", dav + "docs/m.txt", null, "Destination", dav + "docs/a%20b.txt", "Overwrite", "F").statusCode());
        assertEquals(204, send("DELETE", dav + "docs/m.txt", null).statusCode());
        assertFalse(emu.remote("alice").exists("/docs/m.txt"));
        assertEquals(1, http.get("/api/trash/resources").json().get("items").size());
        assertEquals(404, send("PROPFIND", dav + "docs/m.txt", null).statusCode());
    }

    @Test
    void chunkedUploadV2AssemblesInNameOrder() throws Exception {
        String up = emu.baseUrl() + "/remote.php/dav/uploads/alice/t1";
        assertEquals(404, send("PROPFIND", up, null).statusCode());
        assertEquals(201, send("MKCOL", up, null).statusCode());
        assertEquals(201, send("PUT", up + "/00002", "world".getBytes(StandardCharsets.UTF_8)).statusCode());
        assertEquals(201, send("PUT", up + "/00001", "hello ".getBytes(StandardCharsets.UTF_8)).statusCode());
        assertEquals(207, send("PROPFIND", up, null, "Depth", "1").statusCode());
        HttpResponse<byte[]> mv = send("MOVE", up + "/.file", null, "Destination", dav + "big.txt");
        assertEquals(201, mv.statusCode());
        assertNotNull(mv.headers().firstValue("ETag").orElse(null));
        assertArrayEquals("hello world".getBytes(StandardCharsets.UTF_8), emu.remote("alice").read("/big.txt"));
        assertEquals(404, send("PROPFIND", up, null).statusCode());
    }
}
