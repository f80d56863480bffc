package org.oxisync.store.journal;

import java.text.Normalizer;
import java.util.Locale;

/**
 * Rules for the relative paths the store keeps: '/'-separated, NFC (as the server stores names), no empty,
 * "." or ".." segment, no leading or trailing '/', no NUL. Bad input is rejected with a clear message.
 */
public final class RelativePaths {
    private RelativePaths() {
    }

    /** The NFC form of {@code path}, or IllegalArgumentException if it is not a valid relative path. */
    public static String normalize(String path) {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("a relative path must not be empty");
        }
        String p = Normalizer.isNormalized(path, Normalizer.Form.NFC) ? path : Normalizer.normalize(path, Normalizer.Form.NFC);
        if (p.charAt(0) == '/' || p.charAt(p.length() - 1) == '/') {
            throw new IllegalArgumentException("a relative path must not start or end with '/': " + path);
        }
        int start = 0;
        for (int i = 0; i <= p.length(); i++) {
            if (i == p.length() || p.charAt(i) == '/') {
                int len = i - start;
                if (len == 0 || (len == 1 && p.charAt(start) == '.')
                        || (len == 2 && p.charAt(start) == '.' && p.charAt(start + 1) == '.')) {
                    throw new IllegalArgumentException("a relative path must not contain empty, '.' or '..' parts: " + path);
                }
                start = i + 1;
            } else if (p.charAt(i) == '\0') {
                throw new IllegalArgumentException("a relative path must not contain NUL");
            }
        }
        return p;
    }

    /** The parent of a normalized path; "" for a top-level name. */
    public static String parent(String normalized) {
        int i = normalized.lastIndexOf('/');
        return i < 0 ? "" : normalized.substring(0, i);
    }

    public static String name(String normalized) {
        return normalized.substring(normalized.lastIndexOf('/') + 1);
    }

    /**
     * The case-folded form used to find names that would collide on a case-insensitive file system
     * (upper then lower case, Locale.ROOT, then NFC again).
     */
    public static String fold(String name) {
        String f = name.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
        return Normalizer.isNormalized(f, Normalizer.Form.NFC) ? f : Normalizer.normalize(f, Normalizer.Form.NFC);
    }
}
