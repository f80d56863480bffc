package org.oxisync.core.engine;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.remote.RemoteTree;

/** What changed between two listings of the same remote folder, folder by folder. */
final class ListingChanges {
    private ListingChanges() {}

    /**
     * The folders of {@code after} whose own rows (files, child folders) differ from {@code before}'s, and those new
     * in it; empty when a folder was renamed, moved or removed, since then the paths of everything below it changed
     * too and a list of folders does not say where to look.
     */
    static Optional<Set<String>> foldersWithNewRows(RemoteTree before, RemoteTree after) {
        Map<String, String> parentBefore = parents(before);
        Map<String, String> parentAfter = parents(after);
        for (RemoteTree.Folder old : before.folders().values()) {
            RemoteTree.Folder now = after.folders().get(old.id());
            if (now == null || !now.name().equals(old.name())
                    || !java.util.Objects.equals(parentBefore.get(old.id()), parentAfter.get(old.id()))) {
                return Optional.empty();
            }
        }
        Set<String> changed = new HashSet<>();
        for (RemoteTree.Folder now : after.folders().values()) {
            RemoteTree.Folder old = before.folders().get(now.id());
            if (old == null || !old.files().equals(now.files()) || !old.childFolderIds().equals(now.childFolderIds())) {
                changed.add(now.id());
            }
        }
        return Optional.of(changed);
    }

    private static Map<String, String> parents(RemoteTree tree) {
        Map<String, String> parents = new HashMap<>();
        for (RemoteTree.Folder f : tree.folders().values()) {
            for (String c : f.childFolderIds()) {
                parents.put(c, f.id());
            }
        }
        return parents;
    }
}
