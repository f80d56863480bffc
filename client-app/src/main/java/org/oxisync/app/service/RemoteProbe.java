package org.oxisync.app.service;

import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.core.reason.Reasons;
import org.oxisync.core.remote.RemoteRoot;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;

/**
 * One cheap request before a run and on each poll: is the server there and writable, and what is the tree ETag of
 * the pair's remote folder now (OxiCloud 0.8.7 has no push: the ETag is how a poll sees a change).
 */
final class RemoteProbe {
    /**
     * @param rootEtag the remote folder's tree ETag, null when it could not be read
     * @param offline  why no run should start now (unreachable, read-only), null when one may
     */
    record Result(String rootEtag, Reason offline) {}

    private RemoteProbe() {}

    static Result of(OxiCloudApi api, String remoteFolderId) {
        String etag = null;
        try {
            FolderDto root = api.folder(remoteFolderId);
            etag = root.etag();
            if (api.serverReadOnly()) {
                return new Result(etag, readOnly());
            }
            return new Result(etag, null);
        } catch (OxiCloudException.ServerReadOnly e) {
            return new Result(etag, readOnly());
        } catch (OxiCloudException e) {
            if (RemoteRoot.isGone(api, remoteFolderId, e)) {
                return new Result(etag, null); // not a connectivity problem: the run reports the deleted folder
            }
            if (e.isTransient()) {
                return new Result(etag, Reasons.of(e).withDetail(Reasons.describe(e) + "; waiting"));
            }
            return new Result(etag, null); // not a connectivity problem: the run reports it
        }
    }

    private static Reason readOnly() {
        return Reason.of(ReasonCode.SERVER_READ_ONLY, "the server is read-only for now (maintenance); waiting");
    }
}
