package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import org.junit.jupiter.api.Test;
import org.oxisync.core.reason.Reasons;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.app.control.ReportPrinter;

/** The CLI says what the server answered in a sentence: no request lines, status codes, type names or plan codes. */
class CliWordsTest {
    private static void plain(String said) {
        for (String internal : new String[] {"HTTP ", "/api/", "POST ", "Exception", "NetworkFailure"}) {
            assertFalse(said.contains(internal), () -> "'" + internal + "' in: " + said);
        }
    }

    @Test
    void aRefusedPasswordIsSaidInWords() {
        String said = Reasons.describe(new OxiCloudException.LoginFailed("invalid_credentials",
                "POST /api/auth/login: HTTP 401 \"Invalid credentials\""));
        plain(said);
        assertEquals("the server refused the user name or password", said);
    }

    @Test
    void aFullStorageIsSaidInWords() {
        String said = Reasons.describe(new OxiCloudException.QuotaExceeded(
                "POST /api/files/upload: HTTP 507 \"Storage quota exceeded\""));
        plain(said);
        assertEquals("your storage on the server is full", said);
    }

    @Test
    void anUnreachableServerIsSaidWithoutTheExceptionsName() {
        String said = Reasons.describe(new OxiCloudException.NetworkFailure("GET /api/version: failed",
                new ConnectException("Connection refused")));
        plain(said);
        assertEquals("the server cannot be reached: Connection refused", said);
    }

    @Test
    void anExpiredSignInSaysToSignInAgainOnce() {
        String said = Reasons.describe(new OxiCloudException.AuthExpired(
                "GET /api/files: the server rejected the session; log in again"));
        plain(said);
        assertEquals(1, said.split("sign in again", -1).length - 1, said);
        assertFalse(said.contains("log in again"), said);
    }

    @Test
    void aSkipLineSaysWhyWithoutThePlansCode() {
        assertEquals("skip      a\\b.txt (the name contains '/' or '\\')",
                ReportPrinter.sizes("skip      a\\b.txt (SERVER_NAME: the name contains '/' or '\\')"));
        assertEquals("skip      link (symbolic links are not synced)",
                ReportPrinter.sizes("skip      link (UNSUPPORTED_TYPE: symbolic links are not synced)"));
        assertTrue(ReportPrinter.sizes("upload    x (new, 5 B)").startsWith("upload"));
    }

    @Test
    void theLiveProgressLineCountsThePercentageInBytes() {
        // one of two small items done, 8 B of a 190.7 MiB file sent: not "50%"
        org.oxisync.core.progress.ProgressSnapshot s = new org.oxisync.core.progress.ProgressSnapshot(8,
                200_000_000, 1, 0, 2, 0.5, 0, java.util.Optional.empty());
        assertTrue(ProgressLine.line("Docs", s, 120).startsWith("[Docs] 0% · 8 B of 190.7 MiB"),
                ProgressLine.line("Docs", s, 120));
    }
}
