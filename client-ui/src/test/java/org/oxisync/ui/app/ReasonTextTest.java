package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.ui.i18n.I18n;

/** Issue 17: reasons from the engine are shown by their kind and values, in the user's language, never parsed. */
class ReasonTextTest {
    private static final String SERVER = "http://cloud.example.org:8086";

    @AfterEach
    void english() {
        I18n.setLocale(Locale.ENGLISH);
    }

    @Test
    void theKindAndItsValuesMakeTheSentenceNotTheEnglishDetail() {
        I18n.setLocale(Locale.ENGLISH);
        // the English detail says something else on purpose: only the code and the values count
        assertEquals("Cannot reach the server at cloud.example.org:8086. Check the network connection and that the "
                + "server is running; OxiSync tries again by itself.",
                ReasonText.message(Reason.of(ReasonCode.NETWORK, "quota full"), SERVER, null));
        assertEquals("The server is refusing requests for a while (too many attempts, for example wrong passwords). "
                + "OxiSync tries again in about 15 min.", ReasonText.message(Reason.of(ReasonCode.RATE_LIMITED, "x",
                "seconds", 890), SERVER, null));
        assertTrue(ReasonText.message(Reason.of(ReasonCode.RATE_LIMITED, "x"), SERVER, null).endsWith("tries again later."));
        assertEquals("“link” is a link or special file; it is not synced.",
                ReasonText.message(Reason.of(ReasonCode.LINK_OR_SPECIAL_FILE, "whatever"), SERVER, "link"));
        assertTrue(ReasonText.message(Reason.of(ReasonCode.NAME_REFUSED_BY_SERVER, "x"), SERVER, "a\\b.txt")
                .startsWith("“a\\b.txt” has a name"));
        assertEquals("not uploaded: you can only view this drive", ReasonText.message("HELD_BACK_READ_ONLY", Map.of(),
                "x", null, "n.txt", new org.oxisync.core.plan.PairRights(
                        org.oxisync.core.plan.SyncMode.DOWNLOAD_ONLY, org.oxisync.protocol.Role.VIEWER, false, Map.of())));
    }

    @Test
    void anUnknownOrMissingCodeShowsTheEnginesWordsInATranslatedFrame() {
        I18n.setLocale(Locale.GERMAN);
        assertEquals("Etwas ist schiefgegangen: Record Work", ReasonText.message("FROM_A_NEWER_VERSION", Map.of(),
                "record Work", SERVER, null, null));
        assertEquals("Etwas ist schiefgegangen: Old row", ReasonText.message(null, Map.of(), "old row", SERVER, null, null));
        assertEquals("", ReasonText.message((Reason) null, SERVER, null));
    }

    @Test
    void everyCodeHasAMessageInEveryLanguageAndThePseudoLocale() {
        for (java.util.Locale l : I18n.LANGUAGES) {
            I18n.setLocale(l);
            for (ReasonCode c : ReasonCode.values()) {
                String m = ReasonText.message(Reason.of(c, "detail"), SERVER, "a.txt");
                assertFalse(m.isBlank() || m.startsWith("!"), l + " " + c + " → " + m);
            }
        }
        I18n.setLocale(I18n.PSEUDO);
        for (ReasonCode c : ReasonCode.values()) {
            String m = ReasonText.message(Reason.of(c, "detail"), SERVER, "a.txt");
            assertTrue(m.startsWith("[") && m.endsWith("]"), c + " → " + m);
        }
    }

    @Test
    void aRefusedSignInIsRecognisedByItsCodeOnly() {
        assertTrue(ReasonText.needsSignIn(Reason.of(ReasonCode.SIGN_IN_REFUSED, "x")));
        assertFalse(ReasonText.needsSignIn(Reason.of(ReasonCode.LOCAL_FOLDER_MISSING,
                "/tmp/junit-4015/authentication failed 401: the local folder is missing")));
        assertFalse(ReasonText.needsSignIn(null));
    }

    @Test
    void exceptionsAreShownByTheirTypeWithoutInternals() {
        I18n.setLocale(Locale.ENGLISH);
        String m = ReasonText.of(new OxiCloudException.NetworkFailure("GET /api/version: ConnectException", null), SERVER);
        assertTrue(m.startsWith("Cannot reach the server at cloud.example.org:8086"), m);
        assertFalse(m.contains("Exception") || m.contains("/api/"), m);
        assertTrue(ReasonText.of(new OxiCloudException.RateLimited(Duration.ofSeconds(60)), null).contains("about"));
    }

    @Test
    void adviceFollowsTheKind() {
        I18n.setLocale(Locale.ENGLISH);
        assertTrue(ReasonText.advice("LOCAL_FOLDER_MISSING").contains("Reconnect it"));
        assertTrue(ReasonText.advice("SIGN_IN_REFUSED").contains("sign in again"));
        assertTrue(ReasonText.advice("QUOTA").contains("storage on the server is full"));
        String gone = ReasonText.advice("REMOTE_FOLDER_GONE");
        assertTrue(gone.contains("Restore it from the server's trash") && gone.contains("remove this pair"), gone);
        assertTrue(ReasonText.advice(null).contains("retries this by itself"));
    }
}
