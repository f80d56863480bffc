package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.text.Describe;

class DescribeTest {
    /** The words these checks read; nothing global. */
    private final I18n i18n = I18n.english();

    @Test
    void planLinesBecomeSentencesAndBookkeepingIsDropped() {
        assertEquals(Optional.of("Upload notes.txt · new, 9 B"), Describe.action(i18n, "upload    notes.txt (new, 9 B)"));
        assertEquals(Optional.of("Download a/b.bin · changed, 2.0 KiB"), Describe.action(i18n, "download  a/b.bin (update, 2048 B)"));
        assertEquals(Optional.of("Create folder Docs here"), Describe.action(i18n, "mkdir     local  Docs"));
        assertEquals(Optional.of("Create folder Docs on the server"), Describe.action(i18n, "mkdir     remote Docs"));
        assertEquals(Optional.of("Move a.txt → b.txt on the server"), Describe.action(i18n, "move      remote a.txt -> b.txt"));
        assertEquals(Optional.of("Move old/ (3 files) to the server's trash"), Describe.action(i18n, "trash     remote old/ (3 files)"));
        assertEquals(Optional.empty(), Describe.action(i18n, "record    a.txt"));
    }

    /** Issue 18 #34: what already happened reads as done ("Downloaded"), not as a plan; skipped items are not changes. */
    @Test
    void finishedActionsAreInThePastTenseAndSkipsAreNotChanges() {
        assertEquals(Optional.of("Downloaded x.txt · new, 9 B"), Describe.done(i18n, "download  x.txt (new, 9 B)"));
        assertEquals(Optional.of("Uploaded a/b.bin · changed, 2.0 KiB"), Describe.done(i18n, "upload    a/b.bin (update, 2048 B)"));
        assertEquals(Optional.of("Created folder Docs here"), Describe.done(i18n, "mkdir     local  Docs"));
        assertEquals(Optional.of("Moved a.txt → b.txt on the server"), Describe.done(i18n, "move      remote a.txt -> b.txt"));
        assertEquals(Optional.of("Deleted old.txt here"), Describe.done(i18n, "delete    local  old.txt"));
        assertEquals(Optional.of("Moved old/ (3 files) to the server's trash"), Describe.done(i18n, "trash     remote old/ (3 files)"));
        assertEquals(Optional.empty(), Describe.done(i18n, "skip      link (UNSUPPORTED_TYPE)"));
        assertEquals(Optional.empty(), Describe.done(i18n, "record    a.txt"));
    }

    @Test
    void sizesAndTimesAreReadable() {
        assertEquals("512 B", Formats.bytes(i18n, 512));
        assertEquals("1.5 KiB", Formats.bytes(i18n, 1536));
        assertEquals("3.0 MiB", Formats.bytes(i18n, 3L << 20));
        assertEquals("less than a minute left", Formats.timeLeft(i18n, java.time.Duration.ofSeconds(20)));
        assertEquals("about 2 min left", Formats.timeLeft(i18n, java.time.Duration.ofSeconds(100)));
        assertEquals("about 1 h 5 min left", Formats.timeLeft(i18n, java.time.Duration.ofMinutes(65)));
    }

    @Test
    void transferredPathIsTheFileOfAnUploadOrDownloadLine() {
        assertEquals(Optional.of("a b/c.txt"), Describe.transferredPath("download  a b/c.txt (update, 2048 B)"));
        assertEquals(Optional.of("notes.txt"), Describe.transferredPath("upload    notes.txt (new, 9 B)"));
        assertEquals(Optional.empty(), Describe.transferredPath("mkdir     local  Docs"));
        assertEquals(Optional.empty(), Describe.transferredPath("record"));
    }

    @Test
    void subjectIsTheFileAPlanLineIsAbout() {
        assertEquals("bad\\name.txt", Describe.subject("skip      bad\\name.txt (SERVER_NAME: the name contains '/' or '\\')"));
        assertEquals("Docs", Describe.subject("mkdir     local  Docs"));
        assertEquals("a b.txt", Describe.subject("upload    a b.txt (new, 9 B)"));
        assertEquals("the local folder is missing", Describe.subject("the local folder is missing"));
    }
}
