package org.oxisync.core.naming;

import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Names the local copy kept in a conflict: {@code NAME (conflicted copy YYYY-MM-DD HHMMSS HOST).EXT}, in the
 * clock's time zone. The extension is everything after the last dot of the name (a leading dot does not
 * start an extension: {@code .bashrc} has none). When the name is taken, a counter is added inside the
 * parentheses ({@code ... HOST 2).EXT}, {@code 3}, ...) until it is free.
 */
public final class ConflictNamer {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd HHmmss");

    private final Clock clock;
    private final String host;

    /** @param host the device name shown in the copy's name; characters no file system accepts become '-' */
    public ConflictNamer(Clock clock, String host) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.host = sanitize(Objects.requireNonNull(host, "host"));
    }

    /**
     * The conflict copy path for {@code path} (relative, '/'-separated), in the same folder.
     *
     * @param taken says whether a candidate relative path already exists (on either side, or is planned)
     */
    public String conflictPath(String path, Predicate<String> taken) {
        String parent = RelativePaths.parent(path);
        String name = RelativePaths.name(path);
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String ext = dot > 0 ? name.substring(dot) : "";
        String stamp = LocalDateTime.ofInstant(clock.instant(), clock.getZone()).format(STAMP);
        String label = "conflicted copy " + stamp + " " + host;
        for (int n = 1; ; n++) {
            String candidate = RelativePaths.join(parent,
                    stem + " (" + label + (n == 1 ? "" : " " + n) + ")" + ext);
            if (!taken.test(candidate)) {
                return candidate;
            }
        }
    }

    private static String sanitize(String host) {
        StringBuilder b = new StringBuilder(host.length());
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            b.append(c < 0x20 || "<>:\"/\\|?*()".indexOf(c) >= 0 ? '-' : c);
        }
        String s = b.toString().strip();
        return s.isEmpty() ? "unknown" : s;
    }
}
