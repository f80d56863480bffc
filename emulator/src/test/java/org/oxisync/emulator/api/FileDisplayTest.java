package org.oxisync.emulator.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The display tables against the cases of display_helpers.rs's own tests and its decision order. */
class FileDisplayTest {
    private static FileDisplay.Classes c(String name, String mime) {
        return FileDisplay.of(name, mime);
    }

    @Test
    void anExactMimeTypeWinsOverTheExtension() {
        assertEquals(new FileDisplay.Classes("fas fa-file-pdf", "pdf-icon", "PDF"), c("notes.txt", "application/pdf"));
        assertEquals(new FileDisplay.Classes("fas fa-file-excel", "spreadsheet-icon", "Spreadsheet"),
                c("x.bin", "text/csv"));
        assertEquals(new FileDisplay.Classes("fas fa-file-code", "code-icon json-icon", "Code"),
                c("a", "application/json"));
    }

    @Test
    void mimePrefixesFollowTheSourcesOrder() {
        assertEquals(new FileDisplay.Classes("fas fa-file-image", "image-icon", "Image"), c("a.pdf", "image/png"));
        assertEquals(new FileDisplay.Classes("fas fa-file-code", "code-icon py-icon", "Code"),
                c("a", "text/x-python"));
        assertEquals(new FileDisplay.Classes("fas fa-file-alt", "code-icon md-icon", "Markdown"),
                c("a", "text/markdown"));
        assertEquals(new FileDisplay.Classes("fas fa-file-alt", "doc-icon", "Text"), c("a.rs", "text/plain"));
        // the category's "script" substring rule catches text/x-shellscript before text/x-... and the icon's order
        assertEquals(new FileDisplay.Classes("fas fa-file-code", "script-icon", "Code"),
                c("a", "text/x-shellscript"));
    }

    @Test
    void aGenericMimeTypeFallsBackToTheExtension() {
        String bin = "application/octet-stream";
        assertEquals(new FileDisplay.Classes("fas fa-file-code", "code-icon py-icon", "Code"), c("script.py", bin));
        assertEquals(new FileDisplay.Classes("fas fa-hdd", "installer-icon", "Installer"), c("app.dmg", bin));
        assertEquals(new FileDisplay.Classes("fas fa-file-archive", "archive-icon", "Archive"), c("archive.zip", bin));
        assertEquals(new FileDisplay.Classes("fas fa-file-excel", "spreadsheet-icon", "Spreadsheet"),
                c("data.xlsx", bin));
        assertEquals(new FileDisplay.Classes("fas fa-terminal", "script-icon", "Code"), c("run.sh", bin));
        assertEquals(new FileDisplay.Classes("fas fa-file-alt", "doc-icon", "Document"), c("READ.TXT", bin));
        // tables that disagree: .zst is an archive icon but no archive category; .tif an image icon only
        assertEquals(new FileDisplay.Classes("fas fa-file-archive", "archive-icon", "Document"), c("a.zst", bin));
        assertEquals(new FileDisplay.Classes("fas fa-file-image", "image-icon", "Document"), c("a.tif", bin));
    }

    @Test
    void anUnknownOrMissingExtensionGetsTheDefaults() {
        FileDisplay.Classes none = new FileDisplay.Classes("fas fa-file", "", "Document");
        assertEquals(none, c("blob.unknownext", "application/octet-stream"));
        assertEquals(none, c("Makefile", "application/octet-stream"));
        assertEquals(none, c("trailing.", ""));
    }

    @Test
    void theExtensionIsTheLastDotOfTheLastSegmentAsciiLowerCased() {
        assertEquals("gz", FileDisplay.extension("a.tar.gz"));
        assertEquals("bashrc", FileDisplay.extension(".bashrc"));
        assertEquals("pdf", FileDisplay.extension("dir.d/FILE.PDF"));
        assertNull(FileDisplay.extension("dir.d/file"));
        assertEquals("\u212Aey", FileDisplay.extension("a.\u212Aey"), "the Kelvin sign is not ASCII: no 'key'");
        assertNull(FileDisplay.extension("a.abcdefghijklmnopq"), "17 bytes: longer than any key");
    }

    @Test
    void categoryOrderSortsFilesByCategory() {
        assertEquals(100, FileDisplay.categoryOrder("a.png", "image/png"));
        assertEquals(500, FileDisplay.categoryOrder("a.bin", "application/octet-stream"));
        assertEquals(1100, FileDisplay.categoryOrder("a", "text/plain"));
        assertEquals(1200, FileDisplay.categoryOrder("a.exe", "application/octet-stream"));
    }

    @Test
    void sizesAreFormattedAsTheServersFormatFileSize() {
        assertEquals("0 Bytes", FileDisplay.formatSize(0));
        assertEquals("13 Bytes", FileDisplay.formatSize(13));
        assertEquals("1 KB", FileDisplay.formatSize(1024));
        assertEquals("1.5 KB", FileDisplay.formatSize(1536));
        assertEquals("1.12 KB", FileDisplay.formatSize(1152), "1.125 exactly: Rust rounds the tie to even");
        assertEquals("3.27 MB", FileDisplay.formatSize(3_428_844));
        assertEquals("2048 TB", FileDisplay.formatSize(2048L << 40));
    }
}
