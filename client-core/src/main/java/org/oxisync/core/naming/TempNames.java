package org.oxisync.core.naming;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The names of the client's own temporary files inside a sync root: {@code .oxisync-<hex>-<tag>-<name>.tmp}. The
 * scanner never reports a name of that exact shape, so it is never uploaded; a user's own file named
 * {@code .oxisync-notes} or {@code x.oxipart} is an ordinary file. A crash may leave a temp file behind; the next
 * run removes it only when its tag is the HMAC of its other parts under the store's own key ({@link #madeWith}):
 * a name the client made, never a user's file that merely looks like one.
 */
public final class TempNames {
    /** Prefix of a download being assembled next to its final name. */
    public static final String PREFIX = ".oxisync-";
    private static final Pattern SHAPE = Pattern.compile(
            "\\.oxisync-([0-9a-f]{1,16})-([0-9a-f]{16})-(.*)\\.tmp|\\.oxisync-restore-[0-9a-f]{1,16}-.*\\.tmp",
            Pattern.DOTALL);
    /** The tag of a name made without a key (a temp name on the server): never a valid one. */
    private static final String NO_TAG = "0000000000000000";

    private TempNames() {}

    public static boolean isOwnTemp(String name) {
        return name.startsWith(PREFIX) && SHAPE.matcher(name).matches();
    }

    /** {@link #isOwnTemp} of the last name of a '/'-separated relative path. */
    public static boolean isOwnTempPath(String path) {
        return path.startsWith(PREFIX, path.lastIndexOf('/') + 1) && isOwnTemp(path.substring(path.lastIndexOf('/') + 1));
    }

    /**
     * A temp name for {@code finalName} on the server (another device's scan leaves it alone): of the shape, never
     * taken for a local leftover.
     */
    public static String tempFor(String finalName, long unique) {
        return PREFIX + Long.toHexString(unique) + "-" + NO_TAG + "-" + base(finalName) + ".tmp";
    }

    /** A temp name for assembling {@code finalName} in the same folder, tagged with the store's {@code key}. */
    public static String tempFor(byte[] key, String finalName, long unique) {
        String hex = Long.toHexString(unique);
        String base = base(finalName);
        return PREFIX + hex + "-" + tag(key, hex, base) + "-" + base + ".tmp";
    }

    /** Whether {@code name} is a temp name the client made with {@code key}: the only ones it ever removes. */
    public static boolean madeWith(byte[] key, String name) {
        Matcher m = SHAPE.matcher(name);
        if (!m.matches() || m.group(1) == null) {
            return false;
        }
        return MessageDigest.isEqual(tag(key, m.group(1), m.group(3)).getBytes(StandardCharsets.US_ASCII),
                m.group(2).getBytes(StandardCharsets.US_ASCII));
    }

    private static String base(String finalName) {
        return finalName.length() > 60 ? finalName.substring(0, 60) : finalName;
    }

    private static String tag(byte[] key, String hex, String base) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((hex + "/" + base).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(), 0, 8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }
}
