package org.oxisync.emulator.store;

import java.text.Normalizer;
import org.oxisync.emulator.http.ApiError;

/** Server name rules (reference §8): NFC, and only empty, '/', '\\', NUL, "." and ".." are refused. */
public final class Names {
    private Names() {}

    /** NFC-normalizes and validates a name; 400 when it is forbidden. */
    public static String validate(String name) {
        if (name == null) {
            throw ApiError.badRequest("Name cannot be empty");
        }
        String n = Normalizer.normalize(name, Normalizer.Form.NFC);
        if (n.isEmpty()) {
            throw ApiError.badRequest("Name cannot be empty");
        }
        if (n.indexOf('/') >= 0 || n.indexOf('\\') >= 0 || n.indexOf('\0') >= 0) {
            throw ApiError.badRequest("Name contains invalid characters: '" + n.replace("\0", "\\0") + "'");
        }
        if (n.equals(".") || n.equals("..")) {
            throw ApiError.badRequest("Name cannot be '.' or '..'");
        }
        return n;
    }

    /** The part after the last '/' or '\\' (upload, by-hash and commit). */
    public static String basename(String name) {
        int i = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        return i < 0 ? name : name.substring(i + 1);
    }

    public static boolean isHash(String h) {
        if (h == null || h.length() != 64) {
            return false;
        }
        for (int i = 0; i < 64; i++) {
            char c = h.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
                return false;
            }
        }
        return true;
    }
}
