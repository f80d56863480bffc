package org.oxisync.core.transfer;

import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.function.LongConsumer;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;

/**
 * One multipart upload of a request's file under a given name, with the local side's failures in the engine's terms:
 * a file that changed or disappeared while it was read is {@link TransferException.FileChangedWhileReading} (the next
 * run takes it again), any other read failure {@link TransferException.LocalIoFailure}. Server errors stay
 * {@link OxiCloudException}s. The plain upload, the plain replace and the delta path's claim by upload all send this way.
 */
final class MultipartSend {
    private MultipartSend() {
    }

    static FileDto upload(OxiCloudApi api, UploadRequest req, String name, LongConsumer sent) throws TransferException {
        try {
            return api.upload(req.parentFolderId(), name, req.file(), sent);
        } catch (OxiCloudException.LocalFileChanged e) {
            throw new TransferException.FileChangedWhileReading(req.path() + " changed while it was uploaded", e);
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof NoSuchFileException) {
                throw new TransferException.FileChangedWhileReading(req.path() + " disappeared", e);
            }
            throw new TransferException.LocalIoFailure("cannot read " + req.path() + ": " + e.getCause(), e);
        }
    }
}
