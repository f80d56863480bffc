package org.oxisync.protocol;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A server's {@code major.minor.patch} version (§2), compared numerically; suffixes such as {@code -rc1} are ignored. */
public record ServerVersion(int major, int minor, int patch) implements Comparable<ServerVersion> {

    /** The oldest server this client supports: the [U] API with /resources, delta and by-hash (§12). */
    public static final ServerVersion MINIMUM = new ServerVersion(0, 8, 7);

    private static final Pattern FORM = Pattern.compile("^v?(\\d{1,6})\\.(\\d{1,6})(?:\\.(\\d{1,6}))?(?:[-+.].*)?$");

    /** Parses {@code "0.8.7"}, {@code "v1.2"}, {@code "0.9.0-beta+x"}; throws {@link IllegalArgumentException} otherwise. */
    public static ServerVersion parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a version: " + Names.printable(text));
        }
        return new ServerVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
    }

    public boolean isSupported() {
        return compareTo(MINIMUM) >= 0;
    }

    @Override
    public int compareTo(ServerVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        return c != 0 ? c : Integer.compare(patch, o.patch);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
