package org.oxisync.core.transfer;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.oxisync.core.naming.TempNames;
import org.oxisync.protocol.BatchTrashResult;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An update without any delta request, for when the account's delta budget cannot send one now
 * ({@code DeltaBudget.usableNow}): paused after a refusal (other devices of the user share the server's per-user limit
 * of 240 delta requests, audit #1), or used up until the server's counter expires after a quiet minute (a run with
 * hundreds of small edits: about 250 of them fit in one budget, the rest come here rather than wait; several of one
 * run go together, {@link PlainReplaces}). OxiCloud 0.8.7 has no plain
 * endpoint that replaces a file's content in place (a same-name multipart upload answers 409), so the new content
 * is uploaded next to the file and takes its place:
 * <ol>
 *   <li>multipart upload under a temporary name in the same folder ({@link TempNames#tempFor}: other devices leave
 *       such names alone, see {@code plan.Screen}); a stored hash other than the scanned one means the file changed
 *       while it was read: the upload goes to the trash;</li>
 *   <li>the local file must still be as scanned, and the remote file must still hold the content the journal agreed
 *       on ({@link RemoteCheck}, not delta-limited); otherwise the upload goes to the trash and the engine sees the
 *       change on its next run;</li>
 *   <li>the old file goes to the <em>trash</em> (never deleted: its version stays restorable there);</li>
 *   <li>the upload is renamed to the file's name. If that fails (another device created the name in between), the
 *       upload goes to the trash and the update fails with {@link TransferException.RemoteChanged}: the new content
 *       is still the local file, and the next run sees the remote side as it is now (deleted, or someone else's
 *       file: a conflict copy).</li>
 * </ol>
 * The file gets a new id (the outcome carries it; other devices see "replaced remotely at the same path" and
 * download it), so it is used only while delta cannot be sent, and only up to {@link #MAX_BYTES}: a larger update
 * waits for the budget. For a moment between steps 3 and 4 the name is absent on the server; a device listing just
 * then deletes its unchanged copy into its version store and downloads the new one next run: nothing is lost.
 */
final class PlainReplace {
    private static final Logger LOG = LoggerFactory.getLogger(PlainReplace.class);
    /** Updates up to this size are re-sent whole while delta cannot be sent; larger ones wait for the budget. */
    static final long MAX_BYTES = 64L << 20;

    private PlainReplace() {
    }

    /** Whether {@code req} can be replaced this way: an update of a file we know the folder of, small enough. */
    static boolean applies(UploadRequest req) {
        return req.isUpdate() && req.parentFolderId() != null && req.name() != null
                && req.digest().size() <= MAX_BYTES && Uploader.deltaKeepsName(req.name()); // rename trims
    }

    static UploadOutcome run(OxiCloudApi api, UploadRequest req, LocalFileState start, ProgressSink p)
            throws TransferException {
        String temp = TempNames.tempFor(req.name(), ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        p.bytes(0);
        FileDto uploaded;
        uploaded = MultipartSend.upload(api, req, temp, p::bytes);
        boolean placed = false;
        try {
            if (!req.digest().fileHash().equals(uploaded.contentHash())) {
                throw new TransferException.FileChangedWhileReading(req.path()
                        + " changed while it was uploaded (the server received other content)", null);
            }
            start.requireUnchanged(req.file());
            RemoteCheck.requireUnchanged(api, req);
            BatchTrashResult old = api.trashBatch(List.of(req.remoteFileId()), List.of());
            if (!old.trashed().contains(req.remoteFileId())) {
                throw new TransferException.RemoteChanged(req.path() + ": the remote file went away while it was"
                        + " replaced", null);
            }
            FileDto f;
            try {
                f = api.renameFile(uploaded.id(), req.name());
            } catch (OxiCloudException e) {
                throw new TransferException.RemoteChanged(req.path() + ": the old file is in the server's trash but"
                        + " the new content could not take its name (" + e.getMessage() + "); the next run compares"
                        + " again", null);
            }
            placed = true;
            p.bytes(req.digest().size());
            LOG.debug("{} replaced by a plain upload (no delta budget now): id {} -> {}", req.path(), req.remoteFileId(), f.id());
            return new UploadOutcome(f, req.digest().size(), 0, req.name());
        } finally {
            if (!placed) {
                Discard.uploaded(api, req, uploaded.id(), LOG); // our content is still the local file
            }
        }
    }
}
