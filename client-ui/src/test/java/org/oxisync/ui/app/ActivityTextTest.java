package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.core.reason.ActivityCode;
import org.oxisync.store.status.Activity;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.view.ActivityText;

/**
 * Issue 17: activity lines shown in the user's language from their kind ({@link ActivityCode}) and values, never
 * from the English sentence beside them (client-core writes it for the CLI and the log). {@code AccessibilityTest}
 * checks that every line of a real sync has a code.
 */
class ActivityTextTest {
    /** The details column in English; a test that reads another language makes its own (nothing global). */
    private ActivityText words = words(Locale.ENGLISH);

    private static ActivityText words(Locale language) {
        return new ActivityText(I18n.of(language), ZoneOffset.UTC);
    }

    /** A line whose English says something else: the words shown must come from the code and the values. */
    private static Activity line(ActivityCode code, Object... args) {
        return new Activity(1, Instant.EPOCH, 1L, "upload", "a.txt", "misleading English words", code.stored(),
                ActivityCode.args(args));
    }

    @Test
    void eachCodeBecomesTheBundlesWordsWithItsValues() {
        assertEquals("683.6 KiB sent", words.details(line(ActivityCode.SENT, "bytes", 700006)));
        assertEquals("9 B received", words.details(line(ActivityCode.RECEIVED, "bytes", 9)));
        assertEquals("1.0 KiB sent (conflicted copy)", words.details(line(ActivityCode.SENT_CONFLICT_COPY, "bytes", 1024)));
        assertEquals("Moved to the server's trash", words.details(line(ActivityCode.TRASHED)));
        assertEquals("Folder deleted on the server", words.details(line(ActivityCode.FOLDER_DELETED_ON_SERVER)));
        assertEquals("Changed on both sides; your version was kept as a (c).txt",
                words.details(line(ActivityCode.CONFLICT_KEPT_LOCAL, "copy", "a (c).txt")));
        assertEquals("Another device saved this file at the same moment; your version was kept as b (c).txt",
                words.details(line(ActivityCode.CONFLICT_OVERTAKEN, "copy", "b (c).txt")));
        assertEquals("Settled: Keep mine", words.details(line(ActivityCode.RESOLVED, "choice", "MINE")));
        assertEquals("Settled: Keep the server's", words.details(line(ActivityCode.RESOLVED, "choice", "KEEP_REMOTE")));
        assertEquals("Settled: Keep both", words.details(line(ActivityCode.RESOLVED, "choice", "BOTH")));
        assertEquals("Finished: 3 changes, 1 conflict", words.details(line(ActivityCode.RUN, "status", "ok",
                "changes", 3, "conflicts", 1, "errors", 0)));
        assertEquals("Finished with problems: no changes, 2 errors", words.details(line(ActivityCode.RUN,
                "status", "partial", "changes", 0, "conflicts", 0, "errors", 2)));
        String restored = words.details(line(ActivityCode.RESTORED, "time", "2026-03-04T05:06:07Z"));
        assertTrue(restored.startsWith("Restored the version of "), restored);
        assertFalse(restored.contains("T05:06:07Z"), "the time is formatted for the locale");
    }

    @Test
    void inGermanAndThePseudoLocaleEveryCodeIsTranslated() {
        words = words(Locale.GERMAN);
        assertEquals("In den Papierkorb des Servers verschoben", words.details(line(ActivityCode.TRASHED)));
        assertTrue(words.details(line(ActivityCode.SENT, "bytes", 700006)).endsWith("gesendet"));
        words = words(I18n.PSEUDO);
        for (ActivityCode c : ActivityCode.values()) {
            String shown = words.details(line(c, "bytes", 1, "copy", "x.txt", "choice", "BOTH", "time",
                    "2026-03-04T05:06:07Z", "status", "stopped", "changes", 2, "conflicts", 0, "errors", 0));
            assertTrue(shown.startsWith("[") && shown.endsWith("]"), c + " → " + shown);
        }
    }

    @Test
    void aLineWithoutACodeIsShownAsWrittenAndAHeldBackRowKeepsItsTranslatedReason() {
        Activity old = new Activity(1, Instant.EPOCH, 1L, "upload", "a.txt", "9 bytes sent", null, Map.of());
        assertFalse(words.known(old));
        assertEquals("9 bytes sent", words.details(old)); // a row from before codes were kept: its words, not parsed
        Activity future = new Activity(1, Instant.EPOCH, 1L, "upload", "a.txt", "new kind", "NOT_YET_A_CODE", Map.of());
        assertEquals("New kind", words.details(future));
        Activity held = new Activity(-1, Instant.EPOCH, 1L, org.oxisync.ui.model.ActivityModel.HELD_BACK_KIND, "a.txt",
                "nicht hochgeladen", null, Map.of());
        assertTrue(words.known(held));
        assertEquals("nicht hochgeladen", words.details(held));
        assertEquals("", words.details(null));
    }
}
