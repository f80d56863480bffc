package org.oxisync.core.engine;

import java.util.Optional;
import java.util.Set;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.plan.SyncPlan;

/** Which server folders a plan writes to, for the listing cache (split out of {@link PlanExecutor}). */
final class WrittenFolders {
    private WrittenFolders() {
    }

    /**
     * The server folders whose listings the plan will write to: the parent of every upload, remote folder creation,
     * remote move (both ends) and remote delete, or its nearest ancestor the server has now (for a folder the plan
     * creates). The engine marks them stale in the listing cache before the first write (see
     * {@link org.oxisync.core.remote.RemoteTree#withStale}).
     */
    static Set<String> of(SyncPlan plan, RemoteIndex remote) {
        Set<String> out = new java.util.HashSet<>();
        for (SyncAction a : plan.actions()) {
            if (a instanceof SyncAction.Upload || a instanceof SyncAction.CreateRemoteFolder
                    || a instanceof SyncAction.DeleteRemote) {
                out.add(nearestKnownFolder(remote, RelativePaths.parent(a.path())));
            } else if (a instanceof SyncAction.MoveRemote m) {
                out.add(nearestKnownFolder(remote, RelativePaths.parent(m.from())));
                out.add(nearestKnownFolder(remote, RelativePaths.parent(m.path())));
            }
        }
        return out;
    }

    /**
     * As {@link #of(SyncPlan, RemoteIndex)}, with the parents of the new files uploaded after the plan
     * ({@link NewUploads}): a new file in a folder the server has writes to that folder's listing like any upload.
     */
    static Set<String> of(SyncPlan plan, NewUploads uploads, RemoteIndex remote) {
        Set<String> out = of(plan, remote);
        String lastParent = null;
        for (int k = 0; k < uploads.size(); k++) {
            String parent = RelativePaths.parent(uploads.path(k));
            if (!parent.equals(lastParent)) { // the scan's order keeps a folder's files together
                out.add(nearestKnownFolder(remote, parent));
                lastParent = parent;
            }
        }
        return out;
    }

    private static String nearestKnownFolder(RemoteIndex remote, String path) {
        for (String p = path; ; p = RelativePaths.parent(p)) {
            Optional<String> id = remote.id(p);
            if (id.isPresent() || p.isEmpty()) {
                return id.orElse(remote.folderId(""));
            }
        }
    }
}
