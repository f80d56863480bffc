package org.oxisync.core.plan;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The compact form in which the per-file records ({@link JournalEntry}, {@link LocalEntry}, {@link RemoteEntry},
 * the listing's file rows) hold their strings, read back as equal {@code String}s by their accessors. A full run
 * holds every file of the tree in these records, and the strings were most of it (bench/README.md "A million
 * files": about 445 of 712 bytes per file at 100,000 files). The form is a {@code byte[]} whose first byte says
 * how the rest is read:
 * <ul>
 *   <li>lowercase hex of even length (BLAKE3 hashes): two characters a byte, 64 characters in 33 bytes;</li>
 *   <li>a lowercase UUID in its 36-character form (OxiCloud's ids): 16 bytes;</li>
 *   <li>any other string of Latin-1 characters (ETags, file keys, names): one byte a character, without the
 *       {@code String} object around it;</li>
 * </ul>
 * and any other string (characters past Latin-1), the empty string and null are kept as they are. Every string has
 * exactly one form, so two forms are equal exactly when their strings are ({@link #equal}). A form is never
 * changed once made: records share one form between them (the journal's with the scan's and the listing's), as
 * they shared the {@code String}s before.
 */
public final class Compact {
    private static final byte LATIN1 = 0;
    private static final byte HEX = 1;
    private static final byte UUID = 2;
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Compact() {}

    /** The compact form of {@code s} (null for null); a form given again is returned as it is. */
    public static Object of(Object s) {
        if (!(s instanceof String text) || text.isEmpty()) {
            return s; // null, "", or already a form
        }
        if (isUuid(text)) {
            return uuid(text);
        }
        if (text.length() % 2 == 0 && isHex(text, 0, text.length())) {
            return hex(text);
        }
        byte[] out = new byte[text.length() + 1];
        out[0] = LATIN1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c > 0xFF) {
                return text;
            }
            out[i + 1] = (byte) c;
        }
        return out;
    }

    /** The string a form holds (null for null). */
    public static String text(Object form) {
        if (!(form instanceof byte[] b)) {
            return (String) form;
        }
        return switch (b[0]) {
            case LATIN1 -> new String(b, 1, b.length - 1, StandardCharsets.ISO_8859_1);
            case HEX -> hexText(b, 1, b.length - 1, new StringBuilder((b.length - 1) * 2)).toString();
            case UUID -> uuidText(b);
            default -> throw new IllegalStateException("not a compact form");
        };
    }

    /** Whether two forms hold equal strings (both null counts as equal). */
    public static boolean equal(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        return a instanceof String && a.equals(b);
    }

    /** Whether {@code form} holds {@code s}. */
    public static boolean holds(Object form, String s) {
        return equal(form, of(s));
    }

    /** {@code known} when it holds the same string as {@code found}, else the form of {@code found}. */
    public static Object same(Object found, Object known) {
        Object f = of(found);
        return equal(f, known) ? known : f;
    }

    /** The hash code of the string a form holds (as {@link String#hashCode()}; 0 for null). */
    public static int hash(Object form) {
        return form == null ? 0 : text(form).hashCode();
    }

    private static boolean isHex(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isUuid(String s) {
        return s.length() == 36 && s.charAt(8) == '-' && s.charAt(13) == '-' && s.charAt(18) == '-'
                && s.charAt(23) == '-' && isHex(s, 0, 8) && isHex(s, 9, 13) && isHex(s, 14, 18)
                && isHex(s, 19, 23) && isHex(s, 24, 36);
    }

    private static byte[] hex(String s) {
        byte[] out = new byte[s.length() / 2 + 1];
        out[0] = HEX;
        for (int i = 0; i < s.length(); i += 2) {
            out[i / 2 + 1] = (byte) (Character.digit(s.charAt(i), 16) << 4 | Character.digit(s.charAt(i + 1), 16));
        }
        return out;
    }

    private static byte[] uuid(String s) {
        byte[] digits = hex(s.replace("-", "")); // 32 hex digits: the tag and 16 bytes
        digits[0] = UUID;
        return digits;
    }

    private static StringBuilder hexText(byte[] b, int from, int count, StringBuilder out) {
        for (int i = from; i < from + count; i++) {
            out.append(DIGITS[(b[i] >> 4) & 0xF]).append(DIGITS[b[i] & 0xF]);
        }
        return out;
    }

    private static String uuidText(byte[] b) {
        StringBuilder out = new StringBuilder(36);
        hexText(b, 1, 4, out).append('-');
        hexText(b, 5, 2, out).append('-');
        hexText(b, 7, 2, out).append('-');
        hexText(b, 9, 2, out).append('-');
        return hexText(b, 11, 6, out).toString();
    }
}
