package org.oxisync.core.transfer;

import java.util.Optional;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;

/**
 * The pre-commit check of an update: the server has no precondition on a content swap (§6.2c), so the remote file
 * is re-read right before the commit. {@code GET /manifest} with {@code If-None-Match: "<expected hash>"} answers 304
 * when nothing changed, so the check costs one small request.
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
            if (e.errorCode().filter("manifest_not_owner"::equals).isPresent()) {
                return; // a file shared to us: the manifest is owner-only, nothing to compare with
            }
            throw new TransferException.RemoteChanged(req.path() + ": the remote file is gone", null);
        }
        if (now.isPresent() && !now.get().fileHash().equals(expected)) {
            throw new TransferException.RemoteChanged(req.path() + ": the remote content changed since the last sync",
                    now.get().fileHash());
        }
    }
}
