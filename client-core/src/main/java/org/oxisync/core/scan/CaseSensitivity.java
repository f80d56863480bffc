package org.oxisync.core.scan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.oxisync.core.naming.OsFamily;
import org.oxisync.core.plan.LocalEntry;

/**
 * Whether a local volume treats names that differ only in case as the same. Probed without writing: an existing
 * entry's name with its case swapped either resolves to the same file (case-insensitive) or to nothing. With no
 * entry to probe, the operating system's usual default applies (Windows and macOS insensitive, others sensitive).
 */
final class CaseSensitivity {
    private CaseSensitivity() {}

    static boolean isCaseInsensitive(Path root, List<LocalEntry> entries, OsFamily os) {
        for (LocalEntry e : entries) {
            String name = e.path().substring(e.path().lastIndexOf('/') + 1);
            String swapped = swapCase(name);
            if (swapped.equals(name)) {
                continue;
            }
            Path original = root.resolve(e.path());
            Path variant = original.resolveSibling(swapped);
            try {
                if (!Files.exists(variant, LinkOption.NOFOLLOW_LINKS)) {
                    return false;
                }
                return Files.isSameFile(original, variant);
            } catch (IOException ex) {
                break;
            }
        }
        return os != OsFamily.LINUX;
    }

    private static String swapCase(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(Character.isUpperCase(c) ? Character.toLowerCase(c)
                    : Character.isLowerCase(c) ? Character.toUpperCase(c) : c);
        }
        return sb.toString();
    }
}
