package org.oxisync.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.testing.ManualClock;
import org.oxisync.emulator.config.EmulatorConfig;

/** Starts an emulator with users alice and bob on a hand-moved clock; {@link #http} is alice's client. */
abstract class EmulatorTestBase {
    @TempDir
    Path dataDir;
    final ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
    OxiCloudEmulator emu;
    Http http;
    String root;

    EmulatorConfig.Builder config() {
        return EmulatorConfig.builder().user("alice", "secret").user("bob", "hunter2").dataDir(dataDir).clock(clock);
    }

    @BeforeEach
    void startEmulator() {
        emu = OxiCloudEmulator.start(config().build());
        http = new Http(emu.baseUrl());
        http.login("alice", "secret");
        root = emu.rootFolderId("alice");
    }

    @AfterEach
    void stopEmulator() {
        emu.close();
    }

    Http bob() {
        Http b = new Http(emu.baseUrl());
        b.login("bob", "hunter2");
        return b;
    }

    String mkdir(String parentId, String name) {
        Http.Res r = http.post("/api/folders", Map.of("name", name, "parent_id", parentId));
        if (r.status() != 201) {
            throw new AssertionError(r.status() + " " + r.text());
        }
        return r.json().get("id").asText();
    }

    JsonNode upload(String folderId, String name, byte[] data) {
        Http.Res r = http.upload(folderId, name, data);
        if (r.status() != 201) {
            throw new AssertionError(r.status() + " " + r.text());
        }
        return r.json();
    }

    /** The folder's tree ETag once pending bumps are applied (the default flusher runs every 500 ms). */
    String folderEtag(String id) {
        emu.flushTreeEtags();
        return http.get("/api/folders/" + id).json().get("etag").asText();
    }
}
