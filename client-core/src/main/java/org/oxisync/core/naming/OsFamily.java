package org.oxisync.core.naming;

import java.util.Locale;

/** The operating-system families whose file-name rules differ. */
public enum OsFamily {
    LINUX, MAC, WINDOWS;

    /** The family of an {@code os.name} value; anything unknown counts as Linux (POSIX rules). */
    public static OsFamily fromOsName(String osName) {
        String n = osName.toLowerCase(Locale.ROOT);
        if (n.startsWith("windows")) {
            return WINDOWS;
        }
        if (n.startsWith("mac") || n.startsWith("darwin")) {
            return MAC;
        }
        return LINUX;
    }

    public static OsFamily current() {
        return fromOsName(System.getProperty("os.name", "linux"));
    }
}
