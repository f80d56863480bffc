package org.oxisync.app.os;

import java.util.Locale;

/** The desktop families OxiSync integrates with; every Unix that is not macOS counts as {@link #LINUX} (XDG). */
public enum OperatingSystem {
    LINUX, WINDOWS, MAC;

    /** The family of the running JVM's {@code os.name}. */
    public static OperatingSystem current() {
        return fromName(System.getProperty("os.name", ""));
    }

    /** The family of an {@code os.name} value such as "Windows 11", "Mac OS X" or "Linux". */
    public static OperatingSystem fromName(String osName) {
        String name = osName.toLowerCase(Locale.ROOT);
        if (name.startsWith("windows")) {
            return WINDOWS;
        }
        if (name.startsWith("mac") || name.startsWith("darwin")) {
            return MAC;
        }
        return LINUX;
    }
}
