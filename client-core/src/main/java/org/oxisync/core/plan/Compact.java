package org.oxisync.core.plan;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The compact form in which the per-file records ({@link JournalEntry}, {@link LocalEntry}, {@link RemoteEntry},
 * the listing's file rows) hold their strings, read back as equal {@code String}s by their accessors. A full run
 * holds every file of the tree in these records, and the strings were most of it (bench/README.md "A million
 * files": about 445 of 706 bytes per file at 100,000 files). The forms:
 * <ul>
 *   <li>64 lowercase hex characters (a BLAKE3 hash): a {@code long[4]}, 48 bytes instead of 104;</li>
 *   <li>a lowercase UUID in its 36-character form (OxiCloud's ids): a {@code long[2]}, 32 bytes instead of 80;</li>
 *   <li>OxiCloud's file ETag, 16 lowercase hex characters, a dash and the modification time in decimal
 *       ({@code File::compute_etag}, src/domain/entities/file.rs:358-367 of the server): an {@code int[4]}, 32 bytes
 *       instead of 72;</li>
 *   <li>any other non-empty string of Latin-1 characters (ETags, file keys, names): a {@code byte[]}, one byte a
 *       character without the {@code String} object around it (24 bytes less);</li>
 *   <li>any other string (characters past Latin-1), the empty string and null: kept as they are.</li>
 * </ul>
 * Every string has exactly one form, so two forms are equal exactly when their strings are ({@link #equal}). A
 * form is never changed once made: records share one form between them (the journal's with the scan's and the
 * listing's), as they shared the {@code String}s before.
 */
public final class Compact {
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Compact() {}

    /** The compact form of {@code s} (null for null); a form given again is returned as it is. */
    public static Object of(Object s) {
        if (!(s instanceof String text) || text.isEmpty()) {
            return s; // null, "", or already a form
        }
        if (text.length() == 36 && isUuid(text)) {
            String digits = text.replace("-", "");
            return new long[] {hexLong(digits, 0), hexLong(digits, 16)};
        }
        if (text.length() == 64 && isHex(text, 0, 64)) {
            return new long[] {hexLong(text, 0), hexLong(text, 16), hexLong(text, 32), hexLong(text, 48)};
        }
        if (isEtag(text)) {
            long hex = hexLong(text, 0);
            long time = Long.parseLong(text, 17, text.length(), 10);
            return new int[] {(int) (hex >>> 32), (int) hex, (int) (time >>> 32), (int) time};
        }
        byte[] out = new byte[text.length()];
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c > 0xFF) {
                return text;
            }
            out[i] = (byte) c;
        }
        return out;
    }

    /** The string a form holds (null for null). */
    public static String text(Object form) {
        if (form instanceof byte[] b) {
            return new String(b, StandardCharsets.ISO_8859_1);
        }
        if (form instanceof long[] l) {
            if (l.length == 2) { // a UUID: 8-4-4-4-12
                byte[] out = new byte[36];
                putHex(l[0] >>> 32, 8, out, 0);
                out[8] = '-';
                putHex(l[0] >>> 16, 4, out, 9);
                out[13] = '-';
                putHex(l[0], 4, out, 14);
                out[18] = '-';
                putHex(l[1] >>> 48, 4, out, 19);
                out[23] = '-';
                putHex(l[1], 12, out, 24);
                return new String(out, StandardCharsets.ISO_8859_1);
            }
            byte[] out = new byte[l.length * 16];
            for (int i = 0; i < l.length; i++) {
                putHex(l[i], 16, out, i * 16);
            }
            return new String(out, StandardCharsets.ISO_8859_1);
        }
        if (form instanceof int[] e) {
            String time = Long.toString((long) e[2] << 32 | (e[3] & 0xFFFFFFFFL));
            byte[] out = new byte[17 + time.length()];
            putHex((long) e[0] << 32 | (e[1] & 0xFFFFFFFFL), 16, out, 0);
            out[16] = '-';
            for (int i = 0; i < time.length(); i++) {
                out[17 + i] = (byte) time.charAt(i);
            }
            return new String(out, StandardCharsets.ISO_8859_1);
        }
        return (String) form;
    }

    /** Whether two forms hold equal strings (both null counts as equal). */
    public static boolean equal(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof long[] x && b instanceof long[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof int[] x && b instanceof int[] y) {
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
        return s.charAt(8) == '-' && s.charAt(13) == '-' && s.charAt(18) == '-' && s.charAt(23) == '-'
                && isHex(s, 0, 8) && isHex(s, 9, 13) && isHex(s, 14, 18) && isHex(s, 19, 23) && isHex(s, 24, 36);
    }

    /** 16 hex digits, a dash and a decimal number that reads back as written (no sign, no leading zero). */
    private static boolean isEtag(String s) {
        int digits = s.length() - 17;
        if (digits < 1 || digits > 18 || s.charAt(16) != '-' || !isHex(s, 0, 16)
                || (s.charAt(17) == '0' && digits > 1)) {
            return false;
        }
        for (int i = 17; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** 16 lowercase hex digits from {@code at}, as the bits of a long. */
    private static long hexLong(String s, int at) {
        return Long.parseUnsignedLong(s, at, at + 16, 16);
    }

    /** The low {@code digits} hex digits of {@code x}, most significant first, into {@code out} at {@code at}. */
    private static void putHex(long x, int digits, byte[] out, int at) {
        for (int i = digits - 1; i >= 0; i--, x >>>= 4) {
            out[at + i] = (byte) DIGITS[(int) x & 0xF];
        }
    }
}
