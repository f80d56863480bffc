package org.oxisync.core.transfer;

import java.util.Optional;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;

/**
 * The pre-commit check of an update: the server has no precondition on a content swap (§6.2c), so the remote file
 * is re-read right before the commit. {@code GET /manifest} with {@code If-None-Match: "<expected hash>"} answers 304
 * when nothing changed, so the check costs one small request (a delta-limited one, audit #1). This is the only
 * place that decides how the check is made, so it can move to a call outside the delta budget.
 *
 * <p>A 404 means the file is gone or is not ours: the real server answers a manifest request of a non-owner with
 * the same generic {@code not_found} as for a missing file ({@code manifest_not_owner} only reaches its audit log,
 * audit #16), so the two cannot be told apart.
 */
final class RemoteCheck {
    private RemoteCheck() {
    }

    static void requireUnchanged(OxiCloudApi api, UploadRequest req) throws TransferException.RemoteChanged {
        String expected = req.expectedRemoteHash();
        if (expected == null) {
            return;
        }
        Optional<ManifestDto> now;
        try {
            now = api.manifest(req.remoteFileId(), expected);
        } catch (OxiCloudException.NotFound e) {
            throw new TransferException.RemoteChanged(req.path() + ": the remote file is gone (or is not ours)", null);
        }
        if (now.isPresent() && !now.get().fileHash().equals(expected)) {
            throw new TransferException.RemoteChanged(req.path() + ": the remote content changed since the last sync",
                    now.get().fileHash());
        }
    }
}
