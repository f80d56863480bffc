package org.oxisync.core.scan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.oxisync.core.naming.TempNames;

class TempNamesTest {
    @Test
    void ownTempIsRecognisedByTheLastNameOfAPathOnly() {
        assertTrue(TempNames.isOwnTempPath(TempNames.tempFor("a.txt", 7)));
        assertTrue(TempNames.isOwnTempPath("docs/deep/" + TempNames.tempFor("a.txt", 7)));
        assertFalse(TempNames.isOwnTempPath("docs/b.bin.oxipart"), "a user's file");
        assertFalse(TempNames.isOwnTempPath(TempNames.PREFIX + "folder/file.txt"), "a folder named like a temp");
        assertFalse(TempNames.isOwnTempPath("docs/x" + TempNames.PREFIX + "y"));
        assertFalse(TempNames.isOwnTempPath("docs/plain.txt"));
    }
}
