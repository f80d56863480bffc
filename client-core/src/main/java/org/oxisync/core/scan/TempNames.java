package org.oxisync.core.scan;

/**
 * The names of the client's own temporary files inside a sync root. The scanner never reports them, so they are
 * never uploaded; a crash may leave one behind, which the next run removes ({@link #isOwnTemp}).
 */
public final class TempNames {
    /** Prefix of a download being assembled next to its final name. */
    public static final String PREFIX = ".oxisync-";
    /** Suffix of the protocol client's resumable whole-file downloads. */
    public static final String PART_SUFFIX = ".oxipart";

    private TempNames() {}

    public static boolean isOwnTemp(String name) {
        return name.startsWith(PREFIX) || name.endsWith(PART_SUFFIX);
    }

    /** {@link #isOwnTemp} of the last name of a '/'-separated relative path, without cutting it out. */
    static boolean isOwnTempPath(String path) {
        return path.startsWith(PREFIX, path.lastIndexOf('/') + 1) || path.endsWith(PART_SUFFIX);
    }

    /** A temp name for assembling {@code finalName} in the same folder (hidden on Unix, unique per attempt). */
    public static String tempFor(String finalName, long unique) {
        String base = finalName.length() > 60 ? finalName.substring(0, 60) : finalName;
        return PREFIX + Long.toHexString(unique) + "-" + base + ".tmp";
    }
}
