package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.text.ReasonText;

/** Issue 17: reasons from the engine are shown by their kind and values, in the user's language, never parsed. */
class ReasonTextTest {
    /** The words these checks read (English unless a test makes another language's); nothing global. */
    private I18n i18n = I18n.english();

    private static final String SERVER = "http://cloud.example.org:8086";

    @Test
    void theKindAndItsValuesMakeTheSentenceNotTheEnglishDetail() {
        i18n = I18n.of(Locale.ENGLISH);
        // the English detail says something else on purpose: only the code and the values count
        assertEquals("Cannot reach the server at cloud.example.org:8086. Check the network connection and that the "
                + "server is running; OxiSync tries again by itself.",
                ReasonText.message(i18n, Reason.of(ReasonCode.NETWORK, "quota full"), SERVER, null));
        assertEquals("The server is refusing requests for a while (too many attempts, for example wrong passwords). "
                + "OxiSync tries again in about 15 min.", ReasonText.message(i18n, Reason.of(ReasonCode.RATE_LIMITED, "x",
                "seconds", 890), SERVER, null));
        assertTrue(ReasonText.message(i18n, Reason.of(ReasonCode.RATE_LIMITED, "x"), SERVER, null).endsWith("tries again later."));
        assertEquals("“link” is a link or special file; it is not synced.",
                ReasonText.message(i18n, Reason.of(ReasonCode.LINK_OR_SPECIAL_FILE, "whatever"), SERVER, "link"));
        assertTrue(ReasonText.message(i18n, Reason.of(ReasonCode.NAME_REFUSED_BY_SERVER, "x"), SERVER, "a\\b.txt")
                .startsWith("“a\\b.txt” has a name"));
        assertEquals("not uploaded: you can only view this drive", ReasonText.message(i18n, "HELD_BACK_READ_ONLY", Map.of(),
                "x", null, "n.txt", new org.oxisync.core.plan.PairRights(
                        org.oxisync.core.plan.SyncMode.DOWNLOAD_ONLY, org.oxisync.protocol.Role.VIEWER, false, Map.of())));
    }

    @Test
    void anUnknownOrMissingCodeShowsTheEnginesWordsInATranslatedFrame() {
        i18n = I18n.of(Locale.GERMAN);
        assertEquals("Etwas ist schiefgegangen: Record Work", ReasonText.message(i18n, "FROM_A_NEWER_VERSION", Map.of(),
                "record Work", SERVER, null, null));
        assertEquals("Etwas ist schiefgegangen: Old row", ReasonText.message(i18n, null, Map.of(), "old row", SERVER, null, null));
        assertEquals("", ReasonText.message(i18n, (Reason) null, SERVER, null));
    }

    @Test
    void everyCodeHasAMessageInEveryLanguageAndThePseudoLocale() {
        for (java.util.Locale l : I18n.LANGUAGES) {
            i18n = I18n.of(l);
            for (ReasonCode c : ReasonCode.values()) {
                String m = ReasonText.message(i18n, Reason.of(c, "detail"), SERVER, "a.txt");
                assertFalse(m.isBlank() || m.startsWith("!"), l + " " + c + " → " + m);
            }
        }
        i18n = I18n.of(I18n.PSEUDO);
        for (ReasonCode c : ReasonCode.values()) {
            String m = ReasonText.message(i18n, Reason.of(c, "detail"), SERVER, "a.txt");
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
        i18n = I18n.of(Locale.ENGLISH);
        String m = ReasonText.of(i18n, new OxiCloudException.NetworkFailure("GET /api/version: ConnectException", null), SERVER);
        assertTrue(m.startsWith("Cannot reach the server at cloud.example.org:8086"), m);
        assertFalse(m.contains("Exception") || m.contains("/api/"), m);
        assertTrue(ReasonText.of(i18n, new OxiCloudException.RateLimited(Duration.ofSeconds(60)), null).contains("about"));
    }

    @Test
    void adviceFollowsTheKind() {
        i18n = I18n.of(Locale.ENGLISH);
        assertTrue(ReasonText.advice(i18n, "LOCAL_FOLDER_MISSING").contains("Reconnect it"));
        assertTrue(ReasonText.advice(i18n, "SIGN_IN_REFUSED").contains("sign in again"));
        assertTrue(ReasonText.advice(i18n, "QUOTA").contains("storage on the server is full"));
        String gone = ReasonText.advice(i18n, "REMOTE_FOLDER_GONE");
        assertTrue(gone.contains("Restore it from the server's trash") && gone.contains("remove this pair"), gone);
        assertTrue(ReasonText.advice(i18n, null).contains("retries this by itself"));
    }

    @Test
    void aSharedDriveOrShareThatIsGoneIsSaidInTheDrivesTermsInEveryLanguage() {
        Reason drive = new Reason(ReasonCode.REMOTE_FOLDER_GONE, Map.of("drive", "Team", "driveKind", "shared",
                "folder", "/home/a/Team"), "you no longer have access to the shared drive 'Team'");
        Reason share = new Reason(ReasonCode.REMOTE_FOLDER_GONE, Map.of("drive", "Plans", "driveKind", "folder",
                "folder", "/home/a/Plans"), "you no longer have access to the shared folder 'Plans'");
        Reason folder = Reason.of(ReasonCode.REMOTE_FOLDER_GONE, "the server folder of this pair was deleted");
        i18n = I18n.of(Locale.ENGLISH);
        String d = ReasonText.message(i18n, drive, null, null);
        assertTrue(d.contains("Shared drive “Team” was deleted") && d.contains("no longer have access"), d);
        assertTrue(ReasonText.message(i18n, share, null, null).contains("“Plans” is no longer shared with you"));
        assertTrue(ReasonText.message(i18n, folder, null, null).startsWith("The folder on the server was deleted"));
        String advice = ReasonText.adviceFor(i18n, drive);
        assertTrue(advice.contains("owner") && !advice.contains("trash"), "a member cannot restore a drive: " + advice);
        assertTrue(ReasonText.adviceFor(i18n, share).contains("Only the person who shared “Plans”"));
        assertTrue(ReasonText.adviceFor(i18n, folder).contains("Restore it from the server's trash"));
        for (String tag : List.of("ar", "de", "es", "fa", "fr", "hi", "it", "ja", "ko", "nl", "pl", "pt", "ru", "zh-CN",
                "zh-TW")) {
            I18n other = I18n.of(Locale.forLanguageTag(tag));
            String generic = ReasonText.message(other, folder, null, null);
            for (Reason r : List.of(drive, share)) {
                String m = ReasonText.message(other, r, null, null);
                String a = ReasonText.adviceFor(other, r);
                String name = r.args().get("drive");
                assertTrue(m.contains(name) && a.contains(name) && !m.equals(generic), tag + ": " + m + " / " + a);
            }
        }
    }
}
