package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Issue 18 #17: every reason a user can meet reads as a plain sentence with the action that fixes it. */
class PlainTest {
    private static final String SERVER = "http://cloud.example.org:8086";

    @Test
    void internalsBecomePlainSentences() {
        assertEquals("Cannot reach the server at cloud.example.org:8086. Check the network connection and that the "
                + "server is running; OxiSync tries again by itself.",
                Plain.message("GET /api/version: ConnectException", SERVER, null));
        assertTrue(Plain.message("GET /api/folders: UnknownHostException", SERVER, null).startsWith("Cannot reach the server at"));
        assertTrue(Plain.message("POST /api/auth/login: HTTP 401 \"Invalid credentials\"", SERVER, null)
                .startsWith("The server did not accept the password"));
        assertEquals("“link” is a link or special file; it is not synced.",
                Plain.message("UNSUPPORTED_TYPE: symbolic links are not synced", SERVER, "link"));
        assertEquals("The server is refusing requests for a while (too many attempts, for example wrong passwords). "
                + "OxiSync tries again in about 15 min.", Plain.message("rate limited by the server; retry after 890 s", SERVER, null));
        assertTrue(Plain.message("GET /api/folders/5f0c-uuid: HTTP 404", SERVER, null).startsWith("The folder or file was not found"));
        assertTrue(Plain.message("record Work", SERVER, null).startsWith("Something unexpected went wrong"));
        assertTrue(Plain.message("the name contains '/' or '\\'", SERVER, "a\\b.txt").startsWith("“a\\b.txt” has a name"));
        assertEquals("", Plain.message(null, SERVER, null));
        assertEquals("Nothing to see", Plain.message("nothing to see", SERVER, null), "an unknown reason stays as it is");
        for (String m : new String[] {"GET /api/version: ConnectException", "UNSUPPORTED_TYPE", "record Work",
                "POST /api/auth/login: HTTP 401 \"Invalid credentials\"", "rate limited by the server; retry after 890 s"}) {
            String p = Plain.message(m, SERVER, "x");
            assertFalse(p.contains("Exception") || p.contains("HTTP") || p.contains("/api/") || p.contains("UNSUPPORTED")
                    || p.contains("oxisync login"), "no internals in: " + p);
        }
    }

    @Test
    void aRefusedSignInIsRecognised() {
        assertTrue(Plain.needsSignIn("authentication failed: the token was revoked (log in again with `oxisync login`)"));
        assertTrue(Plain.needsSignIn("POST /api/auth/refresh: HTTP 401 \"Invalid credentials\""));
        assertFalse(Plain.needsSignIn("/tmp/junit-4015/Cloud: the local folder is missing or not a folder"));
        assertFalse(Plain.needsSignIn(null));
    }
}
