package org.oxisync.core.remote;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The stale rule of a cached listing, for both of its forms ({@link RemoteTree#withStale},
 * {@link CachedListing}): a folder marked stale and every ancestor of it have their tree ETags unknown, since a change
 * inside a folder moves the tree ETag of each folder above it.
 */
final class StaleFolders {
    private StaleFolders() {}

    /** {@code ids} and all their ancestors, by the folders' child lists (a loop in a damaged listing ends). */
    static <F> Set<String> withAncestors(Collection<String> ids, Collection<F> folders, Function<F, String> id,
                                         Function<F, List<String>> childFolderIds) {
        Map<String, String> parents = new HashMap<>();
        for (F f : folders) {
            for (String c : childFolderIds.apply(f)) {
                parents.put(c, id.apply(f));
            }
        }
        Set<String> stale = new HashSet<>();
        for (String start : ids) {
            for (String x = start; x != null && stale.add(x); x = parents.get(x)) {
                // up to the root (a set: a loop in a damaged listing ends here)
            }
        }
        return stale;
    }
}
