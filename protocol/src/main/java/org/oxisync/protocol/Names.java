package org.oxisync.protocol;

import java.util.regex.Pattern;

/**
 * Checks on names and ids that come from the server before they reach the file system or a URL.
 * A name is accepted only as one safe path segment: not empty, not {@code .} or {@code ..}, without {@code /},
 * {@code \} or NUL: exactly the server's own rules ({@code path_service.rs:63-77}). Names such as {@code a:b} or
 * {@code C:x} are legal on the server; a Windows-only local rule belongs to the caller, per item.
 */
public final class Names {
    private static final Pattern HASH = Pattern.compile("^[0-9a-f]{64}$");
    private static final int MAX_ID_LENGTH = 256;

    private Names() {
    }

    /** True when {@code name} may be used as a single local path segment. */
    public static boolean isSafeSegment(String name) {
        return name != null && !name.isEmpty() && !name.equals(".") && !name.equals("..")
                && name.indexOf('/') < 0 && name.indexOf('\\') < 0 && name.indexOf('\0') < 0;
    }

    /** Returns {@code name} or throws {@link OxiCloudException.ProtocolViolation} for a server-provided unsafe name. */
    public static String requireSafeSegment(String name, String what) {
        if (!isSafeSegment(name)) {
            throw new OxiCloudException.ProtocolViolation(
                    "server sent an unsafe " + what + " name (not a single path segment): " + printable(name));
        }
        return name;
    }

    /** Why the server would refuse {@code name} as a path segment, or empty when it is acceptable. */
    public static java.util.Optional<String> unsafeReason(String name) {
        if (name == null || name.isEmpty()) {
            return java.util.Optional.of("empty name");
        }
        if (name.equals(".") || name.equals("..")) {
            return java.util.Optional.of("dot segment");
        }
        if (name.indexOf('/') >= 0 || name.indexOf('\\') >= 0) {
            return java.util.Optional.of("contains a path separator");
        }
        if (name.indexOf('\0') >= 0) {
            return java.util.Optional.of("contains NUL");
        }
        return java.util.Optional.empty();
    }

    /**
     * True when the server would change {@code name} where it trims ({@code str::trim} in file rename and delta
     * create): it starts or ends with Unicode White_Space.
     */
    public static boolean hasTrimmableWhitespace(String name) {
        return name != null && !name.isEmpty()
                && (isRustWhitespace(name.codePointAt(0)) || isRustWhitespace(name.codePointBefore(name.length())));
    }

    /** Rust's {@code char::is_whitespace}: the Unicode White_Space property. */
    static boolean isRustWhitespace(int c) {
        return (c >= 0x09 && c <= 0x0d) || c == 0x20 || c == 0x85 || c == 0xa0 || c == 0x1680
                || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f
                || c == 0x3000;
    }

    /**
     * True when {@code name} can travel as a multipart {@code filename="..."} that multer 3.1.0 reads back byte for
     * byte: no control character but TAB (CR and LF end the header, the others are refused by the header parser),
     * and no {@code ;} followed by a {@code name*}/{@code filename*} parameter (multer looks for parameters after
     * every {@code ;}, even inside quotes, and an extended parameter wins).
     */
    public static boolean fitsMultipartHeader(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return false;
            }
        }
        return !java.util.regex.Pattern.compile(";\\s*(file)?name\\s*\\*", java.util.regex.Pattern.CASE_INSENSITIVE)
                .matcher(name).find();
    }

    /** True for a non-empty id without separators, dot segments or control characters (UUIDs, {@code ext:} ids). */
    public static boolean isSafeId(String id) {
        if (id == null || id.isEmpty() || id.length() > MAX_ID_LENGTH || id.equals(".") || id.equals("..")) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c < 0x21 || c == 0x7f || c == '/' || c == '\\' || c == '?' || c == '#' || c == '%') {
                return false;
            }
        }
        return true;
    }

    /** True for a BLAKE3 hash as the server expects it: 64 lowercase hex characters. */
    public static boolean isHash(String hash) {
        return hash != null && HASH.matcher(hash).matches();
    }

    /** A short, single-line, control-character-free rendering of untrusted text for messages and logs. */
    public static String printable(String text) {
        if (text == null) {
            return "<null>";
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < text.length() && b.length() < 120; i++) {
            char c = text.charAt(i);
            b.append(Character.isISOControl(c) ? '?' : c);
        }
        if (b.length() < text.length()) {
            b.append('…');
        }
        return '"' + b.toString() + '"';
    }
}
