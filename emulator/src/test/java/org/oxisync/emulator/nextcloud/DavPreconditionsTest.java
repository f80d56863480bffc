package org.oxisync.emulator.nextcloud;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DavPreconditionsTest {
    @Test
    void ifNoneMatchStarFailsOnlyWhenTheFileExistsAndAStarInsideAListIsJustATag() {
        assertTrue(DavPreconditions.ifNoneMatchFails(" * ", "e1"));
        assertFalse(DavPreconditions.ifNoneMatchFails("*", null));
        assertFalse(DavPreconditions.ifNoneMatchFails("\"x\", *", "e1"));
    }

    @Test
    void ifNoneMatchFailsOnAWeakOrStrongTagEqualToTheCurrentEtag() {
        assertTrue(DavPreconditions.ifNoneMatchFails("\"x\", W/\"e1\"", "e1"));
        assertTrue(DavPreconditions.ifNoneMatchFails("\"\"e1\"\"", "e1"), "every surrounding quote is trimmed");
        assertFalse(DavPreconditions.ifNoneMatchFails("\"e1\"", null));
        assertFalse(DavPreconditions.ifNoneMatchFails("\"\"", ""), "an empty tag never matches");
    }

    @Test
    void ifMatchFailsWithoutAFileAndPassesOnlyOnAStrongEqualTagOrStar() {
        assertTrue(DavPreconditions.ifMatchFails("*", null));
        assertFalse(DavPreconditions.ifMatchFails("*", "e1"));
        assertFalse(DavPreconditions.ifMatchFails("\"x\",\"e1\"", "e1"));
        assertTrue(DavPreconditions.ifMatchFails("W/\"e1\"", "e1"));
        assertTrue(DavPreconditions.ifMatchFails("\"x\"", "e1"));
    }
}
