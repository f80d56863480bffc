package org.oxisync.core.naming;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The names a local file system of one OS family cannot hold.
 * <ul>
 *   <li>all: empty, "." / "..", '/', NUL;</li>
 *   <li>Linux: longer than 255 UTF-8 bytes;</li>
 *   <li>macOS: longer than 255 UTF-16 units;</li>
 *   <li>Windows: {@code <>:"/\|?*}, control characters U+0000-U+001F, reserved device names (CON, PRN, AUX,
 *       NUL, COM1-9, LPT1-9, case-insensitive, with or without an extension), a trailing dot or space,
 *       longer than 255 UTF-16 units.</li>
 * </ul>
 */
public final class LocalNamePolicy {
    private static final int MAX_NAME = 255;
    private static final String WINDOWS_FORBIDDEN = "<>:\"/\\|?*";
    private static final Set<String> RESERVED = Set.of(
            "con", "prn", "aux", "nul",
            "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
            "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9");

    private final OsFamily os;

    public LocalNamePolicy(OsFamily os) {
        this.os = os;
    }

    public static LocalNamePolicy forCurrentOs() {
        return new LocalNamePolicy(OsFamily.current());
    }

    public OsFamily os() {
        return os;
    }

    /** The first problem with {@code name} on this OS family, or empty when it can be stored. */
    public Optional<NameIssue> check(String name) {
        if (name.isEmpty()) {
            return Optional.of(NameIssue.EMPTY);
        }
        if (name.equals(".") || name.equals("..")) {
            return Optional.of(NameIssue.DOT_NAME);
        }
        if (name.indexOf('\0') >= 0) {
            return Optional.of(NameIssue.NUL);
        }
        if (name.indexOf('/') >= 0) {
            return Optional.of(NameIssue.SEPARATOR);
        }
        if (os == OsFamily.WINDOWS) {
            Optional<NameIssue> w = checkWindows(name);
            if (w.isPresent()) {
                return w;
            }
        }
        return tooLong(name) ? Optional.of(NameIssue.TOO_LONG) : Optional.empty();
    }

    private boolean tooLong(String name) {
        if (os == OsFamily.LINUX) {
            return name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME;
        }
        return name.length() > MAX_NAME;
    }

    private static Optional<NameIssue> checkWindows(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20) {
                return Optional.of(NameIssue.CONTROL_CHARACTER);
            }
            if (WINDOWS_FORBIDDEN.indexOf(c) >= 0) {
                return Optional.of(NameIssue.FORBIDDEN_CHARACTER);
            }
        }
        char last = name.charAt(name.length() - 1);
        if (last == '.' || last == ' ') {
            return Optional.of(NameIssue.TRAILING_DOT_OR_SPACE);
        }
        int dot = name.indexOf('.');
        String stem = (dot < 0 ? name : name.substring(0, dot)).stripTrailing().toLowerCase(Locale.ROOT);
        if (RESERVED.contains(stem)) {
            return Optional.of(NameIssue.RESERVED_NAME);
        }
        return Optional.empty();
    }
}
