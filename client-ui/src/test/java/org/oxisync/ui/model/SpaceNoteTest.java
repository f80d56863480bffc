package org.oxisync.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.setup.DiskSpace;

/** Issue 18 #37: what will be downloaded beside the free disk space, a warning when it does not fit. */
class SpaceNoteTest {
    /** The words these checks read; nothing global. */
    private final I18n i18n = I18n.english();

    private static final long GIB = 1L << 30;

    @Test
    void aDownloadThatFitsIsShownBesideTheFreeSpace() {
        SpaceNote n = SpaceNote.of(i18n, OptionalLong.of(3 * GIB + GIB / 5), OptionalLong.of(40 * GIB));
        assertEquals("3.2 GiB to download · 40.0 GiB free on this disk", n.text());
        assertFalse(n.tooLarge());
    }

    @Test
    void aDownloadLargerThanTheFreeSpaceIsAWarning() {
        SpaceNote n = SpaceNote.of(i18n, OptionalLong.of(5 * GIB), OptionalLong.of(GIB));
        assertTrue(n.tooLarge());
        assertTrue(n.text().startsWith("Not enough space: 5.0 GiB to download, 1.0 GiB free on this disk."), n.text());
    }

    @Test
    void whileCountingOrWithNothingToDownloadOnlyTheFreeSpaceIsSaid() {
        assertEquals("Counting what to download… · 1.0 GiB free on this disk",
                SpaceNote.of(i18n, OptionalLong.empty(), OptionalLong.of(GIB)).text());
        assertEquals("1.0 GiB free on this disk", SpaceNote.of(i18n, OptionalLong.of(0), OptionalLong.of(GIB)).text());
        assertEquals("2.0 GiB to download", SpaceNote.of(i18n, OptionalLong.of(2 * GIB), OptionalLong.empty()).text());
    }

    @Test
    void theFreeSpaceOfAFolderNotMadeYetIsThatOfItsNearestParent(@TempDir Path tmp) {
        OptionalLong parent = DiskSpace.usable(tmp);
        OptionalLong missing = DiskSpace.usable(tmp.resolve("not/made/yet"));
        assertTrue(parent.isPresent() && missing.isPresent());
        assertTrue(Math.abs(parent.getAsLong() - missing.getAsLong()) < 64L << 20, "the same file system");
    }
}
