package org.oxisync.store.chunks;

/** Validation of chunk names: 64 lowercase hex characters (BLAKE3-256). */
public final class ChunkHashes {
    private ChunkHashes() {
    }

    public static boolean isValid(String s) {
        if (s == null || s.length() != 64) {
            return false;
        }
        for (int i = 0; i < 64; i++) {
            char c = s.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    public static String require(String s) {
        if (!isValid(s)) {
            throw new IllegalArgumentException("not a lowercase BLAKE3 hex hash: " + (s == null ? "null" : '"' + s + '"'));
        }
        return s;
    }
}
