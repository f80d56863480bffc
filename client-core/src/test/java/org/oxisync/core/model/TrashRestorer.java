package org.oxisync.core.model;

import java.util.Iterator;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.TrashItemDto;

/**
 * Brings every trashed folder back (through the REST API) so that the files inside count at the end of a seed: the
 * trash listing shows a trashed folder but not its files, and a trashed folder cannot be listed. A live folder that
 * took the name meanwhile is renamed aside (a live file of that name too, first: the emulator would restore over it and
 * lose it); a folder whose parent is trashed too waits for a later pass.
 */
final class TrashRestorer {
    private static final int PASSES = 30;

    private TrashRestorer() {}

    static void restoreAllFolders(OxiCloudApi api) {
        for (int pass = 0; pass < PASSES; pass++) {
            boolean remaining = false;
            boolean progress = false;
            for (TrashItemDto t : Trees.trash(api)) {
                if (!"folder".equals(t.resourceType())) {
                    continue;
                }
                remaining = true;
                try {
                    // the emulator restores over a live file of the same name and that file is lost: move it aside
                    fileAside(api, t, pass);
                    org.oxisync.core.remote.VerifiedRestore.restore(api, t); // a 200 alone does not mean it is back
                    progress = true;
                } catch (OxiCloudException.Conflict | OxiCloudException.RequestRejected e) {
                    progress |= renameAside(api, t, pass);
                }
            }
            if (!remaining) {
                return;
            }
            if (!progress) {
                throw new AssertionError("trashed folders cannot be restored for the final check");
            }
        }
        throw new AssertionError("trashed folders still there after " + PASSES + " restore passes");
    }

    /** The folder a trashed item was in: its own row's parent (the nested {@code resource} of the trash row). */
    private static String parentId(TrashItemDto t) {
        return t.resource().map(r -> r instanceof FolderDto f ? f.parentId() : ((FileDto) r).folderId()).orElse(null);
    }

    private static void fileAside(OxiCloudApi api, TrashItemDto t, int pass) {
        try {
            Iterator<Resource> it = api.allResources(parentId(t));
            while (it.hasNext()) {
                Resource r = it.next();
                if (!(r instanceof FolderDto) && r.name().equals(t.name())) {
                    api.renameFile(r.id(), r.name() + " aside " + pass + "-" + r.id().substring(0, 6));
                }
            }
        } catch (OxiCloudException.NotFound e) {
            // the parent is in the trash too: nothing live can clash yet
        }
    }

    private static boolean renameAside(OxiCloudApi api, TrashItemDto t, int pass) {
        try {
            Iterator<Resource> it = api.allResources(parentId(t));
            while (it.hasNext()) {
                Resource r = it.next();
                if (r instanceof FolderDto f && f.name().equals(t.name())) {
                    api.renameFolder(f.id(), f.name() + " aside " + pass + "-" + f.id().substring(0, 6));
                    return true;
                }
            }
            return false;
        } catch (OxiCloudException.NotFound e) {
            return false; // the parent is in the trash too: it comes back in an earlier step of a later pass
        }
    }
}
