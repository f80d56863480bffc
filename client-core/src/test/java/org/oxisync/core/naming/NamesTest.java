package org.oxisync.core.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NamesTest {
    private static final String NFD_E_ACUTE = "e\u0301";

    @Test
    void nfcComposesDecomposedNames() {
        assertEquals("caf\u00e9.txt", Names.nfc("caf" + NFD_E_ACUTE + ".txt"));
        assertFalse(Names.isNfc("caf" + NFD_E_ACUTE));
        assertTrue(Names.isNfc("caf\u00e9"));
    }

    @Test
    void isNfcAgreesWithTheNormalizerBelowAndAboveTheCombiningMarks() {
        for (String s : new String[] {"plain/ascii.txt", "caf\u00e9", "cafe\u0301", "\u00ff\u02ff", "\u1100\u1161",
                "Stra\u00dfe", "\u0041\u030a", "\u212b", ""}) {
            assertEquals(java.text.Normalizer.isNormalized(s, java.text.Normalizer.Form.NFC), Names.isNfc(s), s);
        }
    }

    @Test
    void caseFoldKeyMatchesNamesDifferingInCaseOrNormalization() {
        assertEquals(Names.caseFoldKey("Readme.MD"), Names.caseFoldKey("readme.md"));
        assertEquals(Names.caseFoldKey("CAF\u00c9"), Names.caseFoldKey("caf" + NFD_E_ACUTE));
        assertEquals(Names.caseFoldKey("Stra\u00dfe"), Names.caseFoldKey("STRASSE"));
        assertNotEquals(Names.caseFoldKey("a.txt"), Names.caseFoldKey("b.txt"));
    }

    @Test
    void caseFoldKeyIgnoresTheDefaultLocale() {
        // Turkish dotless i rules must not apply: "I" folds to "i" everywhere
        assertEquals("file", Names.caseFoldKey("FILE"));
    }

    @Test
    void relativePathHelpers() {
        assertEquals("a/b", RelativePaths.parent("a/b/c"));
        assertEquals("", RelativePaths.parent("a"));
        assertEquals("c", RelativePaths.name("a/b/c"));
        assertEquals("x", RelativePaths.join("", "x"));
        assertEquals(3, RelativePaths.depth("a/b/c"));
        assertEquals(0, RelativePaths.depth(""));
        assertTrue(RelativePaths.isStrictAncestor("a", "a/b"));
        assertFalse(RelativePaths.isStrictAncestor("a", "ab"));
        assertFalse(RelativePaths.isStrictAncestor("a", "a"));
        assertTrue(RelativePaths.isStrictAncestor("", "a"));
        assertEquals("e/x/y", RelativePaths.rebase("d/x/y", "d", "e"));
        assertThrows(IllegalArgumentException.class, () -> RelativePaths.rebase("dx/y", "d", "e"));
    }
}
