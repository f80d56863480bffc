package org.oxisync.core.remote;

import java.util.List;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;

/**
 * Tells "the pair's server folder was deleted" apart from "the server is unwell".
 *
 * <p>OxiCloud 0.8.7 answers {@code GET /api/folders/{id}} of a folder in the trash with 500, not 404: the repository's
 * NotFound is re-wrapped as an internal error ({@code folder_service.rs:382-391}; audit finding #9), while
 * {@code /resources} of it answers an empty page. A 500 alone is also what a sick server says, so it is confirmed with
 * {@code POST /api/batch/folders/get}, which reports such a folder as a failed id (400 when every id fails,
 * {@code batch_handler.rs:582-635}).
 */
public final class RemoteRoot {
    /** What the CLI and the log say; the desktop app keys on the run's code {@code REMOTE_FOLDER_GONE}, not on this. */
    public static final String GONE = "the server folder of this pair was deleted (it is in the server's trash, or gone)";
    private static final String ADVICE = "; restore it from the trash on the server, or remove this pair"
            + " (`oxisync pair remove NAME`) and add it again. Nothing was changed locally";

    private RemoteRoot() {
    }

    /** Whether {@code failure}, met while reading the folder {@code rootId}, means that folder is deleted or trashed. */
    public static boolean isGone(OxiCloudApi api, String rootId, OxiCloudException failure) {
        if (failure instanceof OxiCloudException.NotFound) {
            return confirmedMissing(api, rootId, true);
        }
        if (failure instanceof OxiCloudException.ServerError e && e.status() == 500) {
            return confirmedMissing(api, rootId, false);
        }
        return false;
    }

    /** The user-facing message for a pair whose server folder is gone. */
    public static String goneMessage() {
        return GONE + ADVICE;
    }

    private static boolean confirmedMissing(OxiCloudApi api, String rootId, boolean whenUnsure) {
        try {
            BatchFoldersDto batch = api.folders(List.of(rootId));
            boolean live = batch.successful().stream().anyMatch(f -> rootId.equals(f.id()));
            boolean failed = batch.failed().stream().anyMatch(f -> rootId.equals(f.id()));
            return !live && (failed || whenUnsure);
        } catch (OxiCloudException.RequestRejected | OxiCloudException.NotFound e) {
            return true; // a server that answers 400/404 for a batch of one failing id: every id failed
        } catch (OxiCloudException e) {
            return whenUnsure && !e.isTransient();
        }
    }
}
