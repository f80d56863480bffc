package org.oxisync.emulator.api;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The display fields 0.8.7 puts on every FileDto ({@code icon_class}, {@code icon_special_class}, {@code category},
 * {@code size_formatted}) and the {@code category_order} a trash listing sorts files by, as data tables transcribed
 * from the server's {@code src/application/dtos/display_helpers.rs} (called from {@code file_dto.rs:129-133}).
 * Each classifier tries, in this order: an exact MIME type, MIME prefix/substring rules in the source's order, then
 * the file's extension (lower-cased, ASCII only), with a default for an unknown extension and one for no extension.
 */
final class FileDisplay {
    private FileDisplay() {}

    /** The three classifications of one {@code (name, mime)} pair (display_helpers.rs:213-233). */
    record Classes(String iconClass, String iconSpecialClass, String category) {}

    /** A MIME rule: {@code startsWith} when {@code prefix}, else {@code contains}. */
    private record MimeRule(boolean prefix, String needle, String value) {
        boolean matches(String mime) {
            return prefix ? mime.startsWith(needle) : mime.contains(needle);
        }
    }

    private record Classifier(Map<String, String> byMime, List<MimeRule> rules, Map<String, String> byExt,
                              String unknownExt, String noExt) {
        String classify(String mime, String ext) {
            String v = byMime.get(mime);
            if (v != null) {
                return v;
            }
            for (MimeRule r : rules) {
                if (r.matches(mime)) {
                    return r.value();
                }
            }
            if (ext == null) {
                return noExt;
            }
            return byExt.getOrDefault(ext, unknownExt);
        }
    }

    private static MimeRule prefix(String needle, String value) {
        return new MimeRule(true, needle, value);
    }

    private static MimeRule contains(String needle, String value) {
        return new MimeRule(false, needle, value);
    }

    /** Maps each of the space-separated keys to {@code value}. */
    private static void put(Map<String, String> m, String keys, String value) {
        for (String k : keys.split(" ")) {
            m.put(k, value);
        }
    }

    private static final String WORD_MIMES = "application/msword"
            + " application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            + " application/vnd.oasis.opendocument.text";
    private static final String SHEET_MIMES = "application/vnd.ms-excel"
            + " application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            + " application/vnd.oasis.opendocument.spreadsheet text/csv";
    private static final String SLIDES_MIMES = "application/vnd.ms-powerpoint"
            + " application/vnd.openxmlformats-officedocument.presentationml.presentation"
            + " application/vnd.oasis.opendocument.presentation";
    private static final String ARCHIVE_MIMES = "application/zip application/x-rar-compressed application/vnd.rar"
            + " application/x-7z-compressed application/gzip application/x-gzip application/x-tar application/x-bzip2"
            + " application/x-xz application/x-compress";
    private static final String INSTALLER_MIMES = "application/x-apple-diskimage application/x-ms-dos-executable"
            + " application/x-msdownload application/x-msi application/vnd.debian.binary-package application/x-rpm"
            + " application/vnd.appimage";
    private static final String IMAGE_EXTS = "jpg jpeg png gif bmp svg webp ico tiff tif heic heif avif";
    private static final String VIDEO_EXTS = "mp4 avi mkv mov wmv flv webm m4v";
    private static final String AUDIO_EXTS = "mp3 wav ogg flac aac wma m4a opus";
    private static final String INSTALLER_EXTS = "exe msi dmg deb rpm appimage pkg snap flatpak";
    private static final String SHELL_EXTS = "sh bash zsh fish ps1 bat cmd";

    /** {@code icon_class_with_ext}, display_helpers.rs:248-354. */
    private static final Classifier ICON = iconClassifier();
    /** {@code icon_special_class_with_ext}, display_helpers.rs:369-490. */
    private static final Classifier SPECIAL = specialClassifier();
    /** {@code category_with_ext}, display_helpers.rs:501-576. */
    private static final Classifier CATEGORY = categoryClassifier();

    /** {@code category_order_for} (display_helpers.rs:585-601): the trash listing's {@code type_order} of a file. */
    private static final Map<String, Integer> CATEGORY_ORDER = Map.ofEntries(Map.entry("Image", 100),
            Map.entry("Video", 200), Map.entry("Audio", 300), Map.entry("PDF", 400), Map.entry("Document", 500),
            Map.entry("Spreadsheet", 600), Map.entry("Presentation", 700), Map.entry("Archive", 800),
            Map.entry("Code", 900), Map.entry("Markdown", 1000), Map.entry("Text", 1100),
            Map.entry("Installer", 1200));

    private static Classifier iconClassifier() {
        Map<String, String> mime = new HashMap<>();
        mime.put("application/pdf", "fas fa-file-pdf");
        put(mime, WORD_MIMES, "fas fa-file-word");
        put(mime, SHEET_MIMES, "fas fa-file-excel");
        put(mime, SLIDES_MIMES, "fas fa-file-powerpoint");
        put(mime, ARCHIVE_MIMES, "fas fa-file-archive");
        put(mime, "application/json application/ld+json application/javascript application/typescript"
                + " application/x-httpd-php application/xml application/xhtml+xml application/sql application/x-yaml"
                + " application/toml application/x-sh application/x-shellscript application/x-csh", "fas fa-file-code");
        put(mime, INSTALLER_MIMES, "fas fa-hdd");
        String code = "fas fa-file-code";
        List<MimeRule> rules = List.of(prefix("image/", "fas fa-file-image"), prefix("video/", "fas fa-file-video"),
                prefix("audio/", "fas fa-file-audio"), prefix("text/x-script", code), prefix("text/x-python", code),
                prefix("text/x-java", code), prefix("text/x-c", code), prefix("text/x-rust", code),
                prefix("text/x-go", code), prefix("text/x-ruby", code), prefix("text/x-shellscript", code),
                prefix("text/x-php", code), contains("javascript", code), contains("typescript", code),
                prefix("text/", "fas fa-file-alt"));
        Map<String, String> ext = new HashMap<>();
        ext.put("pdf", "fas fa-file-pdf");
        put(ext, "doc docx odt rtf", "fas fa-file-word");
        put(ext, "xls xlsx ods csv", "fas fa-file-excel");
        put(ext, "ppt pptx odp key", "fas fa-file-powerpoint");
        put(ext, IMAGE_EXTS, "fas fa-file-image");
        put(ext, VIDEO_EXTS, "fas fa-file-video");
        put(ext, AUDIO_EXTS, "fas fa-file-audio");
        put(ext, "zip rar 7z tar gz bz2 xz zst lz4", "fas fa-file-archive");
        put(ext, INSTALLER_EXTS, "fas fa-hdd");
        put(ext, "js jsx mjs cjs ts tsx py pyw rs go java kt kts scala c h cpp hpp cc cxx cs rb php swift r lua pl pm"
                + " html htm css scss sass less json xml yaml yml toml ini cfg conf sql graphql proto vue svelte", code);
        put(ext, SHELL_EXTS, "fas fa-terminal");
        put(ext, "md markdown rst txt", "fas fa-file-alt");
        return new Classifier(Map.copyOf(mime), rules, Map.copyOf(ext), "fas fa-file", "fas fa-file");
    }

    private static Classifier specialClassifier() {
        Map<String, String> mime = new HashMap<>();
        mime.put("application/pdf", "pdf-icon");
        put(mime, WORD_MIMES, "doc-icon");
        put(mime, SHEET_MIMES, "spreadsheet-icon");
        put(mime, SLIDES_MIMES, "presentation-icon");
        put(mime, ARCHIVE_MIMES, "archive-icon");
        put(mime, "application/json application/ld+json", "code-icon json-icon");
        mime.put("application/javascript", "code-icon js-icon");
        mime.put("application/typescript", "code-icon ts-icon");
        put(mime, "application/xml application/xhtml+xml", "code-icon html-icon");
        mime.put("application/sql", "code-icon sql-icon");
        put(mime, "application/x-yaml application/toml", "code-icon config-icon");
        mime.put("application/x-httpd-php", "code-icon php-icon");
        put(mime, "application/x-sh application/x-shellscript application/x-csh", "script-icon");
        put(mime, INSTALLER_MIMES, "installer-icon");
        List<MimeRule> rules = List.of(prefix("image/", "image-icon"), prefix("video/", "video-icon"),
                prefix("audio/", "audio-icon"), prefix("text/x-python", "code-icon py-icon"),
                prefix("text/x-rust", "code-icon rust-icon"), prefix("text/x-java", "code-icon"),
                prefix("text/x-c", "code-icon"), prefix("text/x-go", "code-icon go-icon"),
                prefix("text/x-ruby", "code-icon ruby-icon"), prefix("text/x-shellscript", "script-icon"),
                prefix("text/x-script", "code-icon"), prefix("text/x-php", "code-icon"),
                prefix("text/markdown", "code-icon md-icon"), prefix("text/html", "code-icon html-icon"),
                prefix("text/css", "code-icon css-icon"), contains("javascript", "code-icon js-icon"),
                contains("typescript", "code-icon ts-icon"), prefix("text/", "doc-icon"));
        Map<String, String> ext = new HashMap<>();
        ext.put("pdf", "pdf-icon");
        put(ext, "doc docx odt rtf", "doc-icon");
        put(ext, "xls xlsx ods csv", "spreadsheet-icon");
        put(ext, "ppt pptx odp key", "presentation-icon");
        put(ext, IMAGE_EXTS, "image-icon");
        put(ext, VIDEO_EXTS, "video-icon");
        put(ext, AUDIO_EXTS, "audio-icon");
        put(ext, "zip rar 7z tar gz bz2 xz zst lz4", "archive-icon");
        put(ext, INSTALLER_EXTS, "installer-icon");
        put(ext, "py pyw", "code-icon py-icon");
        ext.put("rs", "code-icon rust-icon");
        ext.put("go", "code-icon go-icon");
        put(ext, "java kt kts scala", "code-icon java-icon");
        put(ext, "js jsx mjs cjs", "code-icon js-icon");
        put(ext, "ts tsx", "code-icon ts-icon");
        put(ext, "c h cpp hpp cc cxx", "code-icon c-icon");
        ext.put("cs", "code-icon cs-icon");
        ext.put("rb", "code-icon ruby-icon");
        ext.put("php", "code-icon php-icon");
        ext.put("swift", "code-icon swift-icon");
        put(ext, "r lua pl pm", "code-icon");
        put(ext, "html htm", "code-icon html-icon");
        put(ext, "css scss sass less", "code-icon css-icon");
        ext.put("json", "code-icon json-icon");
        ext.put("xml", "code-icon html-icon");
        put(ext, "yaml yml toml ini cfg conf", "code-icon config-icon");
        put(ext, "sql graphql proto", "code-icon sql-icon");
        put(ext, "vue svelte", "code-icon js-icon");
        put(ext, SHELL_EXTS, "script-icon");
        put(ext, "md markdown rst", "code-icon md-icon");
        ext.put("txt", "doc-icon");
        return new Classifier(Map.copyOf(mime), rules, Map.copyOf(ext), "", "");
    }

    private static Classifier categoryClassifier() {
        Map<String, String> mime = new HashMap<>();
        mime.put("application/pdf", "PDF");
        put(mime, WORD_MIMES, "Document");
        put(mime, SHEET_MIMES, "Spreadsheet");
        put(mime, SLIDES_MIMES, "Presentation");
        // fewer archive and installer types than the icon tables
        put(mime, "application/zip application/x-rar-compressed application/vnd.rar application/x-7z-compressed"
                + " application/gzip application/x-tar", "Archive");
        put(mime, "application/json application/javascript application/typescript application/xml application/sql"
                + " application/x-sh application/x-shellscript", "Code");
        put(mime, "application/x-apple-diskimage application/x-ms-dos-executable application/x-msdownload"
                + " application/x-msi", "Installer");
        List<MimeRule> rules = List.of(prefix("image/", "Image"), prefix("video/", "Video"), prefix("audio/", "Audio"),
                prefix("text/x-", "Code"), contains("script", "Code"), contains("javascript", "Code"),
                prefix("text/markdown", "Markdown"), prefix("text/html", "Code"), prefix("text/css", "Code"),
                prefix("text/", "Text"));
        Map<String, String> ext = new HashMap<>();
        ext.put("pdf", "PDF");
        put(ext, "doc docx odt rtf txt", "Document");
        put(ext, "xls xlsx ods csv", "Spreadsheet");
        put(ext, "ppt pptx odp key", "Presentation");
        put(ext, "jpg jpeg png gif bmp svg webp ico tiff heic avif", "Image");
        put(ext, VIDEO_EXTS, "Video");
        put(ext, AUDIO_EXTS, "Audio");
        put(ext, "zip rar 7z tar gz bz2 xz", "Archive");
        put(ext, "exe msi dmg deb rpm appimage", "Installer");
        put(ext, "js jsx ts tsx py rs go java c cpp cs rb php swift kt scala r lua pl html htm css scss json xml yaml"
                + " yml toml sql sh bash bat ps1 vue svelte", "Code");
        put(ext, "md markdown rst", "Markdown");
        return new Classifier(Map.copyOf(mime), rules, Map.copyOf(ext), "Document", "Document");
    }

    /** {@code classify_display} (display_helpers.rs:225-233). */
    static Classes of(String name, String mime) {
        String ext = extension(name);
        return new Classes(ICON.classify(mime, ext), SPECIAL.classify(mime, ext), CATEGORY.classify(mime, ext));
    }

    /** {@code category_order_for} (display_helpers.rs:585-601); 9999 for anything else. */
    static int categoryOrder(String name, String mime) {
        return CATEGORY_ORDER.getOrDefault(of(name, mime).category(), 9999);
    }

    /**
     * {@code ext_of} and {@code lower_ext_into} (display_helpers.rs:181-210): the part after the last dot of the last
     * path segment, none without a dot or with nothing after it; ASCII-lower-cased; none when longer than 16 bytes
     * (no table has such a key, so the result is the same default).
     */
    static String extension(String name) {
        String base = name.substring(name.lastIndexOf('/') + 1);
        int dot = base.lastIndexOf('.');
        if (dot < 0 || dot == base.length() - 1) {
            return null;
        }
        String ext = base.substring(dot + 1);
        if (ext.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > 16) {
            return null;
        }
        StringBuilder b = new StringBuilder(ext.length());
        for (int i = 0; i < ext.length(); i++) {
            char c = ext.charAt(i);
            b.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c); // ASCII only, as to_ascii_lowercase
        }
        return b.toString();
    }

    /**
     * {@code format_file_size} (display_helpers.rs:609-637): 1024-based, two decimals with trailing zeros stripped,
     * "0 Bytes" for zero. Rust rounds the exact binary value half to even, so {@link RoundingMode#HALF_EVEN} on the
     * double's exact {@link BigDecimal} gives the same digits.
     */
    static String formatSize(long bytes) {
        if (bytes == 0) {
            return "0 Bytes";
        }
        String[] units = {"Bytes", "KB", "MB", "GB", "TB"};
        double asDouble = (double) bytes; // `bytes as f64` (a u64; sizes are never negative here)
        int i = (int) Math.floor(Math.log(asDouble) / Math.log(1024.0));
        i = Math.min(i, units.length - 1);
        double value = asDouble / Math.pow(1024.0, i);
        String s = new BigDecimal(value).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
        while (s.endsWith("0")) {
            s = s.substring(0, s.length() - 1);
        }
        if (s.endsWith(".")) {
            s = s.substring(0, s.length() - 1);
        }
        return s + " " + units[i];
    }
}
