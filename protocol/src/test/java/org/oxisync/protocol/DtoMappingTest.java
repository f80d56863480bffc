package org.oxisync.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The records carry their own wire names (snake_case) and ignore unknown fields with a plain ObjectMapper. */
class DtoMappingTest {
    private final ObjectMapper plain = new ObjectMapper();

    @Test
    void fileDtoReadsSnakeCaseUnixSecondsAndIgnoresUnknownFields() throws Exception {
        FileDto f = plain.readValue(Fixtures.fileJson(Fixtures.FILE_ID, "notes.txt"), FileDto.class);
        assertEquals("notes.txt", f.name());
        assertEquals(1767225601L, f.modifiedAt());
        assertEquals("text/plain", f.mimeType());
        assertEquals(Fixtures.FOLDER_ID, f.folderId());
        assertEquals("a".repeat(64), f.contentHash());
    }

    @Test
    void driveAndUserTimestampsStayRfc3339Strings() throws Exception {
        DriveDto d = plain.readValue("{\"id\":\"d1\",\"name\":\"Personal\",\"kind\":\"personal\",\"default_for_user\":\"u1\","
                + "\"root_folder_id\":\"r1\",\"used_bytes\":3,\"policies\":{\"read_only\":false},"
                + "\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-02T00:00:00Z\",\"caller_role\":\"owner\"}",
                DriveDto.class);
        assertEquals("2026-01-01T00:00:00Z", d.createdAt());
        assertEquals("r1", d.rootFolderId());
        assertEquals("u1", d.defaultForUser());
        assertFalse(d.policies().path("read_only").asBoolean());
        AuthResponseDto a = plain.readValue(Fixtures.authJson("acc", "ref", 3600), AuthResponseDto.class);
        assertEquals("2026-01-01T00:00:00Z", a.user().createdAt());
        assertEquals(1073741824L, a.user().storageQuotaBytes());
        assertEquals(3600L, a.expiresIn());
    }

    @Test
    void commitCreateModeSendsNameAndFolderButNoFileId() throws Exception {
        String json = plain.writeValueAsString(CommitDto.create("f".repeat(64), List.of(new ChunkRefDto("c".repeat(64), 7)),
                "a.bin", "fold"));
        assertTrue(json.contains("\"file_hash\""), json);
        assertTrue(json.contains("\"folder_id\":\"fold\""), json);
        assertTrue(json.contains("{\"h\":\"" + "c".repeat(64) + "\",\"s\":7}"), json);
        assertFalse(json.contains("file_id"), json);
        String update = plain.writeValueAsString(CommitDto.update("f".repeat(64), List.of(), "id9"));
        assertTrue(update.contains("\"file_id\":\"id9\""), update);
        assertFalse(update.contains("\"name\""), update);
    }

    @Test
    void requestDtosUseTheReferenceFieldNames() throws Exception {
        assertEquals("{\"refresh_token\":\"r\"}", plain.writeValueAsString(new RefreshTokenDto("r")));
        assertEquals("{\"folder_ids\":[\"a\"]}", plain.writeValueAsString(new FolderIdsDto(List.of("a"))));
        assertEquals("{\"name\":\"n\",\"parent_id\":\"p\"}", plain.writeValueAsString(new CreateFolderDto("n", "p")));
        assertEquals("{\"name\":\"n\",\"folder_id\":\"f\",\"hash\":\"h\"}", plain.writeValueAsString(new ByHashDto("n", "f", "h")));
        assertTrue(plain.writeValueAsString(new DeviceTokenRequestDto("dc", DeviceTokenRequestDto.GRANT_TYPE))
                .contains("\"grant_type\":\"urn:ietf:params:oauth:grant-type:device_code\""));
    }

    @Test
    void secretsNeverAppearInToString() {
        String all = new LoginDto("alice", "hunter2").toString() + new RefreshTokenDto("rt-secret")
                + new AuthResponseDto(null, "at-secret", "rt-secret", "Bearer", 1L, false)
                + new DeviceTokenDto("at-secret", "Bearer", "rt-secret", 1L, "s")
                + new DeviceAuthorizationDto("dc-secret", "ABCD", "u", "u", 900, 5)
                + new DeviceTokenRequestDto("dc-secret", "g")
                + new Credentials.TokenPair("at-secret", "rt-secret", java.time.Instant.EPOCH)
                + new Credentials.AppPassword("alice", "oxicloud-secret");
        assertFalse(all.contains("hunter2"));
        assertFalse(all.contains("-secret"), all);
        assertFalse(all.contains("dc-"), all);
        assertTrue(all.contains("ABCD"));
    }
}
