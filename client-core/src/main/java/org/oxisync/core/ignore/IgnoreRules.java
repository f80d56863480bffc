package org.oxisync.core.ignore;

import java.util.ArrayList;
import java.util.List;

/**
 * An ordered list of gitignore patterns. As in git, the last matching pattern decides, and nothing inside an
 * ignored directory can be re-included by a negation.
 */
public final class IgnoreRules {
    /** Patterns every pair ignores unless a pair rule re-includes them. */
    public static final List<String> DEFAULTS =
            List.of(".DS_Store", "Thumbs.db", "desktop.ini", "~$*", ".~lock.*#", "*.tmp", "*.part");

    private final List<IgnorePattern> patterns;

    private IgnoreRules(List<IgnorePattern> patterns) {
        this.patterns = List.copyOf(patterns);
    }

    /** The given lines only. */
    public static IgnoreRules of(List<String> lines) {
        List<IgnorePattern> out = new ArrayList<>();
        for (String line : lines) {
            IgnorePattern.parse(line).ifPresent(out::add);
        }
        return new IgnoreRules(out);
    }

    /** The defaults followed by the pair's own lines (so the pair's lines can negate a default). */
    public static IgnoreRules withDefaults(List<String> pairLines) {
        List<String> all = new ArrayList<>(DEFAULTS);
        all.addAll(pairLines);
        return of(all);
    }

    public List<IgnorePattern> patterns() {
        return patterns;
    }

    /** Whether the relative path ('/'-separated, no leading '/') is ignored. */
    public boolean isIgnored(String path, boolean isDirectory) {
        int slash = path.indexOf('/');
        while (slash >= 0) {
            if (decide(path.substring(0, slash), true)) {
                return true;
            }
            slash = path.indexOf('/', slash + 1);
        }
        return decide(path, isDirectory);
    }

    private boolean decide(String path, boolean isDirectory) {
        for (int i = patterns.size() - 1; i >= 0; i--) {
            IgnorePattern p = patterns.get(i);
            if (p.matches(path, isDirectory)) {
                return !p.negated();
            }
        }
        return false;
    }
}
