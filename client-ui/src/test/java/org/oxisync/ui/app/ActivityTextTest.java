package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.oxisync.ui.i18n.I18n;

/**
 * Issue 17 #6: the engine's activity sentences (client-core writes them in English for the CLI and the log) shown in
 * the user's language. The sentences below are the shapes client-core writes (TransferSteps, DeleteSteps,
 * StructureSteps, OvertakenUpdate, SwapOut, SettledConflicts, ConflictResolution, SyncEngine + RunReports) and the
 * app's own (ConflictActions, VersionActions); {@code AccessibilityTest} checks those of a real sync.
 */
class ActivityTextTest {
    private final ActivityText words = new ActivityText(ZoneOffset.UTC);

    @AfterEach
    void english() {
        I18n.setLocale(Locale.ENGLISH);
    }

    @Test
    void theEnginesSentencesBecomeTheBundlesWordsWithTheirValues() {
        I18n.setLocale(Locale.ENGLISH);
        assertEquals("683.6 KiB sent", words.details("700006 bytes sent"));
        assertEquals("9 B received", words.details("9 bytes"));
        assertEquals("1.0 KiB sent (conflicted copy)", words.details("1024 bytes sent (conflict copy)"));
        assertEquals("Moved to the server's trash", words.details("moved to the server's trash"));
        assertEquals("Folder deleted on the server", words.details("folder deleted on the server"));
        assertEquals("Changed on both sides; your version was kept as a (conflicted copy 2026-01-02 030405 host).txt",
                words.details("kept local version as a (conflicted copy 2026-01-02 030405 host).txt"));
        assertEquals("Another device saved this file at the same moment; your version was kept as b (c).txt",
                words.details("another device committed its version just before this one; kept local version as b (c).txt"));
        assertEquals("Settled: Keep mine", words.details("resolved: keep mine"));
        assertEquals("Settled: Keep the server's", words.details("resolved: keep the server's"));
        assertEquals("Settled: Keep the server's", words.details("resolved: keep theirs"));
        assertEquals("Settled: Keep both", words.details("resolved: Keep both"));
        assertEquals("Finished: 3 changes, 1 conflict", words.details(
                "ok: uploaded 1, downloaded 1, deleted 0 local / 1 remote, moved 0, conflicts 1, errors 0"));
        assertEquals("Finished with problems: no changes, 2 errors", words.details(
                "partial: uploaded 0, downloaded 0, deleted 0 local / 0 remote, moved 0, conflicts 0, errors 2"));
        assertTrue(words.details("restored the version of 2026-03-04T05:06:07Z").startsWith("Restored the version of "));
        assertFalse(words.details("restored the version of 2026-03-04T05:06:07Z").contains("T05:06:07Z"),
                "the time is formatted for the locale");
    }

    @Test
    void inGermanAndThePseudoLocaleNoKnownSentenceStaysEnglish() {
        I18n.setLocale(Locale.GERMAN);
        assertEquals("In den Papierkorb des Servers verschoben", words.details("moved to the server's trash"));
        assertTrue(words.details("700006 bytes sent").endsWith("gesendet"), words.details("700006 bytes sent"));
        I18n.setLocale(I18n.PSEUDO);
        for (String s : List.of("700006 bytes sent", "9 bytes", "deleted on the server", "changed locally while the run "
                + "replaced it; kept as x (conflicted copy).txt", "resolved: conflicted copy deleted",
                "stopped: uploaded 0, downloaded 0, deleted 0 local / 0 remote, moved 0, conflicts 0, errors 0")) {
            String shown = words.details(s);
            assertTrue(shown.startsWith("[") && shown.endsWith("]"), s + " → " + shown);
        }
    }

    @Test
    void aSentenceNoRuleKnowsIsShownAsWrittenWithReadableSizes() {
        I18n.setLocale(Locale.ENGLISH);
        assertFalse(words.known("something new: 2048 bytes"));
        assertEquals("Something new: 2.0 KiB", words.details("something new: 2048 bytes"));
        assertEquals("", words.details(null));
    }
}
