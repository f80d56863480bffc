package org.oxisync.core.naming;

/**
 * Relative, '/'-separated paths inside a folder pair ({@code "Docs/a.txt"}); the root is {@code ""}.
 * Pure string operations, no file system access.
 */
public final class RelativePaths {
    private RelativePaths() {}

    /** The parent path, {@code ""} for a top-level entry. */
    public static String parent(String path) {
        int i = path.lastIndexOf('/');
        return i < 0 ? "" : path.substring(0, i);
    }

    /** The last segment. */
    public static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    public static String join(String parent, String name) {
        return parent.isEmpty() ? name : parent + "/" + name;
    }

    /** Number of segments: 1 for a top-level entry, 0 for the root. */
    public static int depth(String path) {
        if (path.isEmpty()) {
            return 0;
        }
        int d = 1;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                d++;
            }
        }
        return d;
    }

    /** True when {@code ancestor} is a strict ancestor of {@code path} (the root is everyone's ancestor). */
    public static boolean isStrictAncestor(String ancestor, String path) {
        if (ancestor.isEmpty()) {
            return !path.isEmpty();
        }
        return path.length() > ancestor.length() && path.startsWith(ancestor) && path.charAt(ancestor.length()) == '/';
    }

    /** {@code path} re-rooted from {@code oldPrefix} to {@code newPrefix}; {@code path} must equal or lie under it. */
    public static String rebase(String path, String oldPrefix, String newPrefix) {
        if (path.equals(oldPrefix)) {
            return newPrefix;
        }
        if (!isStrictAncestor(oldPrefix, path)) {
            throw new IllegalArgumentException("not under the prefix: " + path);
        }
        String rest = oldPrefix.isEmpty() ? path : path.substring(oldPrefix.length() + 1);
        return join(newPrefix, rest);
    }
}
