package org.oxisync.core.ignore;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One compiled gitignore line. Supported syntax (as in git): {@code #} comments, blank lines, trailing spaces
 * dropped unless escaped, {@code !} negation, {@code \} escapes, a trailing {@code /} (directories only), a
 * leading or middle {@code /} anchoring the pattern at the pair's root (otherwise it matches at any depth),
 * {@code *} and {@code ?} (never matching '/'), character classes {@code [a-z]}, {@code [!x]}/{@code [^x]},
 * and {@code **} as a whole segment ({@code **&#47;x}, {@code x/**}, {@code a/**&#47;b}).
 *
 * @param source the line as written
 */
public record IgnorePattern(String source, Pattern regex, boolean negated, boolean directoryOnly) {

    /** True when this pattern matches the relative path (ignoring negation). */
    public boolean matches(String path, boolean isDirectory) {
        return (isDirectory || !directoryOnly) && regex.matcher(path).matches();
    }

    /** The regex-free test for this pattern when it is a simple name glob ({@link NameGlob}); else null. */
    NameGlob nameGlob() {
        String p = stripTrailingSpaces(source);
        if (negated) {
            p = p.substring(1);
        }
        if (directoryOnly) {
            p = p.substring(0, p.length() - 1);
        }
        return NameGlob.of(p);
    }

    /** Compiles one line; empty for blank lines and comments. */
    public static Optional<IgnorePattern> parse(String line) {
        String p = stripTrailingSpaces(line);
        if (p.isEmpty() || p.startsWith("#")) {
            return Optional.empty();
        }
        boolean negated = false;
        if (p.startsWith("!")) {
            negated = true;
            p = p.substring(1);
        }
        boolean dirOnly = false;
        if (p.endsWith("/") && !p.endsWith("\\/")) {
            dirOnly = true;
            p = p.substring(0, p.length() - 1);
        }
        if (p.isEmpty()) {
            return Optional.empty();
        }
        boolean anchored = p.startsWith("/") || unescapedSlash(p);
        if (p.startsWith("/")) {
            p = p.substring(1);
        }
        String body = translate(p);
        String regex = (anchored ? "" : "(?:.*/)?") + body;
        return Optional.of(new IgnorePattern(line, Pattern.compile(regex, Pattern.DOTALL), negated, dirOnly));
    }

    private static String stripTrailingSpaces(String line) {
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ' && !(end >= 2 && line.charAt(end - 2) == '\\')) {
            end--;
        }
        return line.substring(0, end);
    }

    private static boolean unescapedSlash(String p) {
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '/') {
                return true;
            }
        }
        return false;
    }

    private static String translate(String p) {
        StringBuilder sb = new StringBuilder();
        int n = p.length();
        int i = 0;
        while (i < n) {
            char c = p.charAt(i);
            if (c == '*') {
                boolean segmentStart = i == 0 || p.charAt(i - 1) == '/';
                if (i + 1 < n && p.charAt(i + 1) == '*' && segmentStart && (i + 2 == n || p.charAt(i + 2) == '/')) {
                    if (i + 2 == n) {
                        sb.append(i == 0 ? ".*" : ".+");
                        i += 2;
                    } else {
                        sb.append("(?:.*/)?");
                        i += 3;
                    }
                    continue;
                }
                while (i < n && p.charAt(i) == '*') {
                    i++;
                }
                sb.append("[^/]*");
                continue;
            }
            if (c == '?') {
                sb.append("[^/]");
                i++;
            } else if (c == '[') {
                int end = classEnd(p, i);
                if (end < 0) {
                    sb.append(Pattern.quote("["));
                    i++;
                } else {
                    sb.append(translateClass(p.substring(i + 1, end)));
                    i = end + 1;
                }
            } else if (c == '\\' && i + 1 < n) {
                sb.append(Pattern.quote(String.valueOf(p.charAt(i + 1))));
                i += 2;
            } else {
                sb.append(Pattern.quote(String.valueOf(c)));
                i++;
            }
        }
        return sb.toString();
    }

    /** Index of the ']' closing the class opened at {@code open}, or -1. */
    private static int classEnd(String p, int open) {
        int i = open + 1;
        if (i < p.length() && (p.charAt(i) == '!' || p.charAt(i) == '^')) {
            i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
            i++;
        }
        for (; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == ']') {
                return i;
            }
        }
        return -1;
    }

    private static String translateClass(String inner) {
        StringBuilder sb = new StringBuilder("[");
        int i = 0;
        if (!inner.isEmpty() && (inner.charAt(0) == '!' || inner.charAt(0) == '^')) {
            sb.append("^/");
            i = 1;
        }
        for (; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '\\' && i + 1 < inner.length()) {
                c = inner.charAt(++i);
                sb.append('\\').append(c);
            } else if (c == '-') {
                sb.append('-');
            } else if (Character.isLetterOrDigit(c)) {
                sb.append(c);
            } else {
                sb.append('\\').append(c);
            }
        }
        return sb.append(']').toString();
    }
}
