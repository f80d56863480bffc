package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.oxisync.app.state.Bytes;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.text.Formats;

class FormatsTest {
    /** The words these checks read; nothing global. */
    private final I18n i18n = I18n.english();

    @Test
    void transferAmountsUseTheTotalsUnitForBothFigures() {
        assertEquals("3.1 of 12.0 MiB", Formats.bytesOf(i18n, 3_250_586, 12 * 1024 * 1024));
        assertEquals("0.0 of 400.0 KiB", Formats.bytesOf(i18n, 0, 400 * 1024));
        assertEquals("17 of 900 B", Formats.bytesOf(i18n, 17, 900));
        assertEquals("1.5 of 1.5 GiB", Formats.bytesOf(i18n, 1_610_612_736L, 1_610_612_736L));
    }

    /** Issue 18 #27: one convention for sizes, the CLI's (binary units, KiB/MiB/GiB), everywhere in the app. */
    @Test
    void sizesAreWrittenExactlyAsTheCliWritesThem() {
        assertEquals("781.3 KiB", Formats.bytes(i18n, 800_000), "800,000 bytes, which the app once showed as 781 KB");
        assertEquals("9.5 MiB", Formats.bytes(i18n, 10_000_000));
        assertEquals("900 B", Formats.bytes(i18n, 900));
        for (long n : new long[] {0, 1, 1023, 1024, 1536, 800_000, 2_000_000, 10_000_000, 1L << 30, 5L << 40, 123_456_789_012L}) {
            assertEquals(Bytes.human(n), Formats.bytes(i18n, n), "the app and the CLI agree on " + n + " bytes");
        }
        assertEquals("1 file", Formats.files(i18n, 1));
        assertEquals("2 files", Formats.files(i18n, 2));
        assertEquals("0 files", Formats.files(i18n, 0));
    }

    /** One formatter for both (core's Bytes): only the decimal sign follows the app's language. */
    @Test
    void theAppWritesSizesWithTheCliFormatterInItsLanguagesDecimalSign() {
        I18n german = I18n.of(java.util.Locale.GERMAN);
        assertEquals("781,3 KiB", Formats.bytes(german, 800_000));
        String of = Formats.bytesOf(german, 3_250_586, 12 * 1024 * 1024);
        org.junit.jupiter.api.Assertions.assertTrue(of.contains("3,1") && of.contains("12,0") && of.endsWith("MiB"), of);
        assertEquals(Bytes.human(800_000, java.util.Locale.GERMAN), Formats.bytes(german, 800_000));
        assertEquals("781.3 KiB", Bytes.human(800_000), "the CLI keeps its point whatever the language");
        assertEquals("781.3 KiB", Formats.bytes(i18n, 800_000), "an English instance beside it keeps its point");
    }

    @Test
    void messagesShownOnTheirOwnStartWithACapital() {
        assertEquals("The local folder is missing", Formats.sentence("the local folder is missing"));
        assertEquals("", Formats.sentence(null));
    }

}
