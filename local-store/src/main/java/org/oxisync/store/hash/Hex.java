package org.oxisync.store.hash;

/** Lowercase hexadecimal encoding, as the OxiCloud server expects for content hashes. */
public final class Hex {
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {}

    /** Encodes bytes as lowercase hex, two characters per byte. */
    public static String encode(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = DIGITS[(bytes[i] >> 4) & 0xF];
            out[2 * i + 1] = DIGITS[bytes[i] & 0xF];
        }
        return new String(out);
    }

    /**
     * Decodes hex (either case) to bytes.
     *
     * @throws IllegalArgumentException if the length is odd or a character is not a hex digit
     */
    public static byte[] decode(String hex) {
        if ((hex.length() & 1) != 0) {
            throw new IllegalArgumentException("hex string has odd length " + hex.length());
        }
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((digit(hex, 2 * i) << 4) | digit(hex, 2 * i + 1));
        }
        return out;
    }

    private static int digit(String hex, int index) {
        int d = Character.digit(hex.charAt(index), 16);
        if (d < 0) {
            throw new IllegalArgumentException("not a hex digit at index " + index);
        }
        return d;
    }
}
