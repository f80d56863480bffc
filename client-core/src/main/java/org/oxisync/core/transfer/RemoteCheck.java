package org.oxisync.core.transfer;

import java.util.List;
import org.oxisync.protocol.BatchFilesDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The two checks around an update's commit. OxiCloud 0.8.7's delta commit has no precondition: an update replaces
 * whatever content the file has ({@code delta_upload_service.rs} {@code commit_with_perms}, update mode: an
 * authorization check, then {@code update_file_content_by_id_with_perms}), so two devices that commit the same file
 * at once would leave only the later content on the server. Both checks read the one file with
 * {@code POST /api/batch/files/get}: it carries the file's current content hash and, unlike {@code GET /manifest},
 * is not one of the delta endpoints the server rate-limits to 240 per user ({@code delta_upload_handler.rs:59}; the
 * batch handler has no limiter, audit #1), so an update costs no delta budget for them. This is the only place that
 * decides how the checks are made.
 * <ul>
 *   <li>Before the commit ({@link #requireUnchanged}): the file must still have the content the journal agreed on;
 *       otherwise nothing is committed and the caller keeps both versions.</li>
 *   <li>After the commit ({@link #requireStillHeld}): the file must still have the content just committed;
 *       otherwise another device committed right after this one (its own pre-check ran before this commit), and
 *       the caller keeps this version beside it.</li>
 * </ul>
 * What remains is another device's commit that lands after this one's post-check while its pre-check ran before this
 * commit: then neither device sees the other (docs/architecture.md, "Two devices committing one file").
 *
 * <p>A failed id means the file is gone, trashed or not ours ({@code file_retrieval_service.rs} get_file_with_perms);
 * they cannot be told apart.
 */
final class RemoteCheck {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteCheck.class);

    private RemoteCheck() {
    }

    /** Before the commit: throws {@code RemoteChanged} (with the server's file when it is there) unless unchanged. */
    static void requireUnchanged(OxiCloudApi api, UploadRequest req) throws TransferException.RemoteChanged {
        String expected = req.expectedRemoteHash();
        if (expected == null) {
            return;
        }
        requireUnchanged(req, read(api, req.remoteFileId()));
    }

    /** As {@link #requireUnchanged(OxiCloudApi, UploadRequest)}, with the file as read already (null: not there). */
    static void requireUnchanged(UploadRequest req, FileDto file) throws TransferException.RemoteChanged {
        String expected = req.expectedRemoteHash();
        if (expected == null) {
            return;
        }
        if (file == null) {
            throw new TransferException.RemoteChanged(req.path() + ": the remote file is gone (or is not ours)", null);
        }
        if (!expected.equals(file.contentHash())) {
            throw new TransferException.RemoteChanged(req.path() + ": the remote content changed since the last sync",
                    file, false);
        }
    }

    /**
     * After the commit of {@code committed}: throws {@code RemoteChanged} with {@code afterCommit} when the file now
     * holds other content. A file that is gone meanwhile was trashed (what we committed is in the server's trash,
     * and the next run sees the delete), and a check that fails leaves the commit as it is: neither is an error of
     * the upload, which did land.
     */
    static void requireStillHeld(OxiCloudApi api, UploadRequest req, FileDto committed)
            throws TransferException.RemoteChanged {
        FileDto now;
        try {
            now = read(api, committed.id());
        } catch (OxiCloudException e) {
            LOG.info("{}: could not check the file after its commit ({}); taking the commit as it landed", req.path(),
                    e.getMessage());
            return;
        }
        requireStillHeld(req, committed, now);
    }

    /** As {@link #requireStillHeld(OxiCloudApi, UploadRequest, FileDto)}, with the file as read after the commit. */
    static void requireStillHeld(UploadRequest req, FileDto committed, FileDto now)
            throws TransferException.RemoteChanged {
        if (now != null && !committed.contentHash().equals(now.contentHash())) {
            throw new TransferException.RemoteChanged(req.path() + ": another device committed other content right"
                    + " after this update", now, true);
        }
    }

    /**
     * Several files at once (one {@code POST /api/batch/files/get} per 1000 ids), by id; an id the server did not
     * return is absent.
     */
    static java.util.Map<String, FileDto> readAll(OxiCloudApi api, List<String> ids) {
        java.util.Map<String, FileDto> byId = new java.util.HashMap<>();
        java.util.Set<String> wanted = new java.util.HashSet<>(ids);
        for (FileDto f : api.files(ids).successful()) {
            if (wanted.contains(f.id())) {
                byId.put(f.id(), f);
            }
        }
        return byId;
    }

    private static FileDto read(OxiCloudApi api, String id) {
        BatchFilesDto now = api.files(List.of(id));
        return now.successful().stream().filter(f -> f.id().equals(id)).findFirst().orElse(null);
    }
}
