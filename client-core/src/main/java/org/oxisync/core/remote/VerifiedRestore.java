package org.oxisync.core.remote;

import java.util.Iterator;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.TrashItemDto;

/**
 * Restores a trashed item and checks that it is back before anything relies on it. OxiCloud 0.8.7 answers 200 to a
 * restore of an id that is not in the trash ("considering as already restored", trash_service.rs:429-436): one
 * already restored, but also one deleted for good meanwhile (in a Shared drive any Owner's "empty trash" purges every
 * member's deleted items, :649-665). So a 200 alone does not mean the item exists: the item's folder is listed, and
 * the item must be in it, live, under its id.
 */
public final class VerifiedRestore {
    private VerifiedRestore() {}

    /** The restore answered success but the item is not back; nothing may be assumed about it. */
    public static final class NotRestored extends RuntimeException {
        NotRestored(String message) {
            super(message);
        }
    }

    /** Restores {@code item} and returns it as its folder now lists it; {@link NotRestored} when it is not there. */
    public static Resource restore(OxiCloudApi api, TrashItemDto item) {
        Resource r = item.resource().orElseThrow(() -> new IllegalArgumentException(
                "a trash row of type " + item.resourceType() + " cannot be restored here"));
        String parent = r instanceof FolderDto f ? f.parentId() : ((FileDto) r).folderId();
        api.restoreFromTrash(item.id());
        if (parent != null) {
            Iterator<Resource> listed = api.allResources(parent);
            while (listed.hasNext()) {
                Resource x = listed.next();
                if (x.id().equals(r.id())) {
                    return x;
                }
            }
        }
        throw new NotRestored("the server answered that '" + r.name() + "' was restored, but it is not in its folder"
                + " (it had left the trash already: restored elsewhere, or deleted for good, e.g. by an owner emptying"
                + " a shared drive's trash)");
    }
}
