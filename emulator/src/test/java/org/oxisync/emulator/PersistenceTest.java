package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.emulator.config.EmulatorConfig;

/** The standalone server (EmulatorMain's command line) restarted on the same data dir keeps its state. */
class PersistenceTest {
    @TempDir
    Path data;

    @Test
    void usersTreeContentTrashAndRefreshTokensSurviveARestart() {
        String[] args = {"--port", "0", "--data", data.toString(), "--user", "carol:pw:carol@example.org"};
        String fileId;
        String folderId;
        String refresh;
        String trashedId;
        String rootEtag;
        try (OxiCloudEmulator emu = OxiCloudEmulator.start(EmulatorMain.parse(args))) {
            Http h = new Http(emu.baseUrl());
            refresh = h.login("carol", "pw").get("refresh_token").asText();
            String root = emu.rootFolderId("carol");
            folderId = h.post("/api/folders", Map.of("name", "docs", "parent_id", root)).json().get("id").asText();
            fileId = h.upload(folderId, "a.txt", "persisted".getBytes()).json().get("id").asText();
            trashedId = h.upload(folderId, "gone.txt", "bye".getBytes()).json().get("id").asText();
            h.delete("/api/files/" + trashedId);
            emu.flushTreeEtags();
            rootEtag = h.get("/api/folders/" + root).json().get("etag").asText();
        }
        try (OxiCloudEmulator emu = OxiCloudEmulator.start(EmulatorMain.parse(args))) {
            Http h = new Http(emu.baseUrl());
            h.login("carol@example.org", "pw");
            assertEquals("persisted", h.get("/api/files/" + fileId).text());
            assertEquals(rootEtag, h.get("/api/folders/" + emu.rootFolderId("carol")).json().get("etag").asText());
            assertEquals(trashedId, h.get("/api/trash/resources").json().get("items").get(0).get("resource").get("id").asText());
            assertEquals(200, h.post("/api/auth/refresh", Map.of("refresh_token", refresh)).status());
            assertEquals(409, h.post("/api/folders", Map.of("name", "docs", "parent_id", emu.rootFolderId("carol"))).status());
        }
    }

    @Test
    void commandLineNeedsUserPasswordPairs() {
        assertThrows(IllegalArgumentException.class, () -> EmulatorMain.parse(new String[] {"--user", "nopassword"}));
        assertThrows(IllegalArgumentException.class, () -> EmulatorMain.parse(new String[] {"--bogus"}));
        EmulatorConfig c = EmulatorMain.parse(new String[] {"--user", "a:b", "--user", "c:d", "--auto-approve-device", "a"});
        assertEquals(2, c.users().size());
        assertEquals(8086, c.port());
        assertEquals("a", c.autoApproveDeviceUser());
    }

    @Test
    void autoApproveDeviceIssuesTokensOnTheFirstPoll() {
        try (OxiCloudEmulator emu = OxiCloudEmulator.start(EmulatorMain.parse(
                new String[] {"--port", "0", "--data", data.toString(), "--user", "dan:pw", "--auto-approve-device", "dan"}))) {
            Http h = new Http(emu.baseUrl());
            String code = h.post("/api/auth/device/authorize", Map.of()).json().get("device_code").asText();
            Http.Res r = h.post("/api/auth/device/token", Map.of("device_code", code));
            assertEquals(200, r.status());
            assertTrue(r.json().get("access_token").asText().contains("."));
        }
    }
}
