package org.oxisync.core.naming;

import java.util.Optional;

/**
 * The names OxiCloud refuses (protocol reference §8): empty, containing '/' or '\', containing NUL, exactly
 * "." or "..". Nothing else is refused; everything else is the local file system's business.
 */
public final class ServerNamePolicy {

    /** The first problem with {@code name}, or empty when the server accepts it. */
    public Optional<NameIssue> check(String name) {
        if (name.isEmpty()) {
            return Optional.of(NameIssue.EMPTY);
        }
        if (name.equals(".") || name.equals("..")) {
            return Optional.of(NameIssue.DOT_NAME);
        }
        if (name.indexOf('/') >= 0 || name.indexOf('\\') >= 0) {
            return Optional.of(NameIssue.SEPARATOR);
        }
        if (name.indexOf('\0') >= 0) {
            return Optional.of(NameIssue.NUL);
        }
        return Optional.empty();
    }
}
