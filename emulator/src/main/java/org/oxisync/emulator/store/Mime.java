package org.oxisync.emulator.store;

import java.util.Locale;
import java.util.Map;

/** MIME type from magic bytes, then the extension, then application/octet-stream. */
public final class Mime {
    private static final Map<String, String> BY_EXT = Map.ofEntries(
            Map.entry("txt", "text/plain"), Map.entry("md", "text/markdown"), Map.entry("html", "text/html"),
            Map.entry("css", "text/css"), Map.entry("csv", "text/csv"), Map.entry("json", "application/json"),
            Map.entry("xml", "application/xml"), Map.entry("js", "text/javascript"), Map.entry("pdf", "application/pdf"),
            Map.entry("zip", "application/zip"), Map.entry("gz", "application/gzip"), Map.entry("png", "image/png"),
            Map.entry("jpg", "image/jpeg"), Map.entry("jpeg", "image/jpeg"), Map.entry("gif", "image/gif"),
            Map.entry("webp", "image/webp"), Map.entry("svg", "image/svg+xml"), Map.entry("mp3", "audio/mpeg"),
            Map.entry("mp4", "video/mp4"), Map.entry("docx",
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document"));

    private Mime() {}

    public static String sniff(byte[] head, int len, String name) {
        if (startsWith(head, len, 0x89, 'P', 'N', 'G')) {
            return "image/png";
        }
        if (startsWith(head, len, 0xFF, 0xD8, 0xFF)) {
            return "image/jpeg";
        }
        if (startsWith(head, len, 'G', 'I', 'F', '8')) {
            return "image/gif";
        }
        if (startsWith(head, len, '%', 'P', 'D', 'F')) {
            return "application/pdf";
        }
        int dot = name.lastIndexOf('.');
        if (dot >= 0) {
            String t = BY_EXT.get(name.substring(dot + 1).toLowerCase(Locale.ROOT));
            if (t != null) {
                return t;
            }
        }
        return "application/octet-stream";
    }

    private static boolean startsWith(byte[] b, int len, int... sig) {
        if (len < sig.length) {
            return false;
        }
        for (int i = 0; i < sig.length; i++) {
            if ((b[i] & 0xff) != sig[i]) {
                return false;
            }
        }
        return true;
    }
}
