package org.oxisync.core.ignore;

/**
 * An unanchored pattern without '/', '?', '[' or '\' tested on a path's last segment without a regex: a literal
 * name ({@code .DS_Store}), or a literal prefix and suffix around one run of '*' ({@code *.tmp}, {@code ~$*},
 * {@code .~lock.*#}). Same result as the pattern's regex {@code (?:.*&#47;)?prefix[^/]*suffix}: that regex can
 * only match the part after the last '/'.
 */
record NameGlob(String prefix, String suffix, boolean wildcard) {

    /** The name test for a pattern body (negation and trailing '/' removed), or null if it needs the regex. */
    static NameGlob of(String body) {
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '/' || c == '?' || c == '[' || c == '\\') {
                return null;
            }
        }
        int star = body.indexOf('*');
        if (star < 0) {
            return new NameGlob(body, "", false);
        }
        int lastStar = body.lastIndexOf('*');
        for (int i = star; i <= lastStar; i++) {
            if (body.charAt(i) != '*') {
                return null;
            }
        }
        return new NameGlob(body.substring(0, star), body.substring(lastStar + 1), true);
    }

    /** Whether the segment of {@code path} that ends at {@code end} (exclusive) matches. */
    boolean matches(String path, int end) {
        int start = path.lastIndexOf('/', end - 1) + 1;
        int len = end - start;
        if (!wildcard) {
            return len == prefix.length() && path.regionMatches(start, prefix, 0, len);
        }
        return len >= prefix.length() + suffix.length()
                && path.regionMatches(start, prefix, 0, prefix.length())
                && path.regionMatches(end - suffix.length(), suffix, 0, suffix.length());
    }
}
