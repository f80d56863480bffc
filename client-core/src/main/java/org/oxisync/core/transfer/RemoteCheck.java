package org.oxisync.core.transfer;

import java.util.List;
import org.oxisync.protocol.BatchFilesDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudApi;

/**
 * The pre-commit check of an update: the server has no precondition on a content swap (§6.2c), so the remote file
 * is re-read right before the commit, with {@code POST /api/batch/files/get}: it carries the file's current content
 * hash and, unlike {@code GET /manifest}, is not one of the delta endpoints the server rate-limits to 240 per user
 * (audit #1), so an update costs no budget for it. This is the only place that decides how the check is made.
 *
 * <p>A failed id means the file is gone, trashed or not ours ({@code file_retrieval_service.rs} get_file_with_perms);
 * they cannot be told apart.
 */
final class RemoteCheck {
    private RemoteCheck() {
    }

    static void requireUnchanged(OxiCloudApi api, UploadRequest req) throws TransferException.RemoteChanged {
        String expected = req.expectedRemoteHash();
        if (expected == null) {
            return;
        }
        BatchFilesDto now = api.files(List.of(req.remoteFileId()));
        FileDto file = now.successful().stream().filter(f -> f.id().equals(req.remoteFileId())).findFirst()
                .orElse(null);
        if (file == null) {
            throw new TransferException.RemoteChanged(req.path() + ": the remote file is gone (or is not ours)", null);
        }
        if (!expected.equals(file.contentHash())) {
            throw new TransferException.RemoteChanged(req.path() + ": the remote content changed since the last sync",
                    file.contentHash());
        }
    }
}
