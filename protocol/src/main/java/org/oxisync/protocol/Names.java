package org.oxisync.protocol;

import java.util.regex.Pattern;

/**
 * Checks on names and ids that come from the server before they reach the file system or a URL.
 * A name is accepted only as one safe path segment: not empty, not {@code .} or {@code ..}, without {@code /},
 * {@code \} or NUL (the server's own rules, §8) and without a Windows drive prefix such as {@code C:}.
 */
public final class Names {
    private static final Pattern DRIVE_PREFIX = Pattern.compile("^[A-Za-z]:.*", Pattern.DOTALL);
    private static final Pattern HASH = Pattern.compile("^[0-9a-f]{64}$");
    private static final int MAX_ID_LENGTH = 256;

    private Names() {
    }

    /** True when {@code name} may be used as a single local path segment. */
    public static boolean isSafeSegment(String name) {
        return name != null && !name.isEmpty() && !name.equals(".") && !name.equals("..")
                && name.indexOf('/') < 0 && name.indexOf('\\') < 0 && name.indexOf('\0') < 0
                && !DRIVE_PREFIX.matcher(name).matches();
    }

    /** Returns {@code name} or throws {@link OxiCloudException.ProtocolViolation} for a server-provided unsafe name. */
    public static String requireSafeSegment(String name, String what) {
        if (!isSafeSegment(name)) {
            throw new OxiCloudException.ProtocolViolation(
                    "server sent an unsafe " + what + " name (not a single path segment): " + printable(name));
        }
        return name;
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
