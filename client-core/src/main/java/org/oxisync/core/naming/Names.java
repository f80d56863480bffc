package org.oxisync.core.naming;

import java.text.Normalizer;
import java.util.Locale;

/**
 * Unicode helpers for names and relative paths. The server NFC-normalizes every name, so the engine compares
 * in NFC; macOS may hand out NFD names on disk.
 */
public final class Names {
    private Names() {}

    /** The NFC form of {@code s} (cheap when it already is NFC). */
    public static String nfc(String s) {
        return isNfc(s) ? s : Normalizer.normalize(s, Normalizer.Form.NFC);
    }

    public static boolean isNfc(String s) {
        // Every character below U+0300 (where the combining marks begin) is NFC-stable and starts no composition,
        // so a name made only of those is NFC: a plain loop instead of the normalizer's quick check for nearly
        // every path a scan meets.
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= '\u0300') {
                return Normalizer.isNormalized(s, Normalizer.Form.NFC);
            }
        }
        return true;
    }

    /**
     * A key under which names that a case-insensitive file system treats as the same collide:
     * NFC, then a locale-independent full case fold approximated by upper- then lower-casing
     * (so {@code "Straße"} and {@code "STRASSE"} share a key).
     */
    public static String caseFoldKey(String s) {
        return nfc(s).toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    }
}
