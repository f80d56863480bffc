package org.oxisync.core.ignore;

import java.util.Set;
import java.util.TreeSet;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.RelativePaths;

/** Selective-sync exclusions: folders (relative paths) that are not synced, with everything under them. */
public final class SelectiveSync {
    private final Set<String> excluded;

    /** @param excludedFolders relative paths; leading and trailing '/' are ignored, names are NFC-normalized */
    public SelectiveSync(Set<String> excludedFolders) {
        Set<String> s = new TreeSet<>();
        for (String f : excludedFolders) {
            String p = f;
            while (p.startsWith("/")) {
                p = p.substring(1);
            }
            while (p.endsWith("/")) {
                p = p.substring(0, p.length() - 1);
            }
            if (p.isEmpty()) {
                throw new IllegalArgumentException("excluding the whole pair is not a selective-sync rule");
            }
            s.add(Names.nfc(p));
        }
        this.excluded = Set.copyOf(s);
    }

    public static SelectiveSync none() {
        return new SelectiveSync(Set.of());
    }

    public Set<String> excludedFolders() {
        return excluded;
    }

    /** True when the path is an excluded folder or lies under one. */
    public boolean isExcluded(String path) {
        for (String e : excluded) {
            if (path.equals(e) || RelativePaths.isStrictAncestor(e, path)) {
                return true;
            }
        }
        return false;
    }
}
