package org.oxisync.emulator.nextcloud;

/**
 * The PUT preconditions of the Nextcloud surface: 0.8.7 shares one implementation between its plain and its
 * Nextcloud WebDAV handlers ({@code src/interfaces/api/handlers/webdav_handler.rs:2037-2085}), called from the
 * Nextcloud PUT at {@code src/interfaces/nextcloud/webdav_handler.rs:887-902}. {@code current} is the file's ETag
 * without quotes, or null when no file is at the path.
 */
final class DavPreconditions {
    private DavPreconditions() {}

    /**
     * {@code If-None-Match}: a header of exactly {@code *} fails when the file exists; otherwise any listed tag,
     * weak ({@code W/}) or strong, equal to the current ETag fails (a {@code *} inside a list is just a tag).
     */
    static boolean ifNoneMatchFails(String header, String current) {
        String v = header.trim();
        if (v.equals("*")) {
            return current != null;
        }
        if (current == null) {
            return false;
        }
        for (String tag : v.split(",", -1)) {
            String parsed = parse(tag);
            if (!parsed.isEmpty() && parsed.equals(current)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code If-Match}: fails when no file exists; {@code *} then passes; otherwise only a <em>strong</em> listed tag
     * equal to the current ETag passes (a weak {@code W/} tag never does).
     */
    static boolean ifMatchFails(String header, String current) {
        String v = header.trim();
        if (current == null) {
            return true;
        }
        if (v.equals("*")) {
            return false;
        }
        for (String tag : v.split(",", -1)) {
            String t = tag.trim();
            if (!t.startsWith("W/")) {
                String parsed = parse(t);
                if (!parsed.isEmpty() && parsed.equals(current)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** parse_etag_value (:2037-2044): trimmed, {@code W/} dropped, then every leading and trailing quote. */
    private static String parse(String raw) {
        String t = raw.trim();
        if (t.startsWith("W/")) {
            t = t.substring(2).trim();
        }
        int a = 0;
        int b = t.length();
        while (a < b && t.charAt(a) == '"') {
            a++;
        }
        while (b > a && t.charAt(b - 1) == '"') {
            b--;
        }
        return t.substring(a, b);
    }
}
