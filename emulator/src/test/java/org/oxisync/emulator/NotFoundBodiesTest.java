package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The 404 (and kin) bodies of 0.8.7, route by route, as emulator/README.md "Errors" cites them. */
class NotFoundBodiesTest extends NextcloudTestBase {
    private static void assertRestError(Http.Res r, int status, String message, String errorType) {
        assertEquals(status, r.status(), r.text());
        JsonNode b = r.json();
        assertEquals(status + " " + (status == 404 ? "Not Found" : "Internal Server Error"), b.get("status").asText());
        assertEquals(message, b.get("error").asText());
        assertEquals(message, b.get("message").asText());
        assertEquals(errorType, b.get("error_type").asText());
    }

    @Test
    void anUnknownFolderOrFileNamesItsKindAndId() {
        String id = UUID.randomUUID().toString();
        assertRestError(http.get("/api/folders/" + id), 404, "Folder not found: " + id, "Not Found");
        assertRestError(http.get("/api/folders/" + id + "/resources"), 404, "Folder not found: " + id, "Not Found");
        assertRestError(http.get("/api/files/" + id), 404, "File not found: " + id, "Not Found");
        assertRestError(http.put("/api/files/" + id + "/rename", Map.of("name", "x")), 404, "File not found: " + id,
                "Not Found");
        assertRestError(http.get("/api/files/not-a-uuid"), 404, "File not found: not-a-uuid", "Not Found");
    }

    @Test
    void anotherUsersFolderLooksExactlyLikeAnUnknownOne() {
        String bobs = bob().get("/api/folders").json().get(0).get("id").asText();
        assertRestError(http.get("/api/folders/" + bobs), 404, "Folder not found: " + bobs, "Not Found");
    }

    @Test
    void aTrashedFolderIsAnInternalErrorAndABatchEntryCarriesTheErrorsDisplay() {
        String d = mkdir(root, "gone");
        http.delete("/api/folders/" + d);
        assertRestError(http.get("/api/folders/" + d), 500, "An internal error occurred. Please try again later.",
                "Internal Error");
        String unknown = UUID.randomUUID().toString();
        JsonNode failed = http.post("/api/batch/folders/get", Map.of("folder_ids", List.of(d, unknown))).json()
                .get("failed");
        assertEquals("Internal Error: Failed to get folder with ID: " + d + ": Not Found: Folder not found: " + d,
                failed.get(0).get("error").asText());
        assertEquals("Not Found: Folder not found: " + unknown, failed.get(1).get("error").asText());
        JsonNode trash = http.post("/api/batch/trash", Map.of("file_ids", List.of(unknown))).json().get("failed");
        assertEquals("Not Found: File not found: " + unknown, trash.get(0).get("error").asText());
    }

    @Test
    void nextcloudNotFoundsAreTheHandlersOwnNotFoundWithoutASpace() throws Exception {
        HttpResponse<byte[]> get = send("GET", dav + "missing.txt", null);
        assertEquals(404, get.statusCode());
        assertEquals("{\"status\":\"404 Not Found\",\"error\":\"File not found\",\"message\":\"File not found\","
                + "\"error_type\":\"NotFound\"}", text(get));
        HttpResponse<byte[]> propfind = send("PROPFIND", dav + "missing/", null);
        assertEquals(404, propfind.statusCode());
        assertEquals("{\"status\":\"404 Not Found\",\"error\":\"Resource not found\",\"message\":\"Resource not found\","
                + "\"error_type\":\"NotFound\"}", text(propfind));
    }

    @Test
    void revokingAnAppPasswordAnswersAsTheRepository() {
        String unknown = UUID.randomUUID().toString();
        assertRestError(http.delete("/api/auth/app-passwords/" + unknown), 404, "AppPassword not found: " + unknown,
                "Not Found");
        assertEquals(400, http.delete("/api/auth/app-passwords/nope").status(), "Invalid UUID");
        String id = http.post("/api/auth/app-passwords", Map.of("label", "x")).json().get("id").asText();
        assertEquals(403, bob().delete("/api/auth/app-passwords/" + id).status(), "another user's");
        assertEquals(200, http.delete("/api/auth/app-passwords/" + id).status());
        assertEquals(200, http.delete("/api/auth/app-passwords/" + id).status(), "the UPDATE matches a revoked row");
    }

    @Test
    void aBlobTheCallerDoesNotOwnIsTheDedupHandlersOwnBody() {
        Http.Res r = http.get("/api/dedup/blob/" + "ab".repeat(32));
        assertEquals(404, r.status());
        assertEquals("Blob not found", r.json().get("error").asText());
        assertEquals(1, r.json().size());
    }
}
