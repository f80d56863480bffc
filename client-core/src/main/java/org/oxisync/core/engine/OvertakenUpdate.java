package org.oxisync.core.engine;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.transfer.ProgressSink;
import org.oxisync.core.transfer.TransferException;
import org.oxisync.core.transfer.UploadOutcome;
import org.oxisync.core.transfer.UploadRequest;
import org.oxisync.protocol.FileDto;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An update that another device's commit overtook: the check right before this run's commit found other content than
 * the base on the server (nothing was committed), or the check right after it found that another commit had replaced
 * this one. Both versions are kept in the same run, by the rules of a conflict the plan finds
 * ({@code plan/package-info.java}, "changed / changed, different"): the local file becomes the conflict copy
 * ({@code NAME (conflicted copy YYYY-MM-DD HHMMSS HOST).EXT}), which is uploaded as a new file beside the server's
 * file, and the server's version is downloaded to the original name. The server's file itself is never overwritten
 * here.
 *
 * <p>Every step leaves a state the next run completes without loss: the local content is on disk under the copy's
 * name from the first step on (a failed upload of it is a new local file next run); a failed download leaves the
 * original name free while the server's file is changed, which the next run downloads ("deleted / changed: the change
 * wins"). Called from the transfer workers; holds no state of its own.
 */
final class OvertakenUpdate {
    /** Logs under the executor's name, like the other steps. */
    private static final Logger LOG = LoggerFactory.getLogger(PlanExecutor.class);

    /** The executor's download step, given the server's file as the check read it. */
    @FunctionalInterface
    interface DownloadStep {
        void download(SyncAction.Download d, RemoteEntry remote) throws Exception;
    }

    private final PlanExecutor.Session s;
    private final RunTally tally;
    private final TrashedParents placements;
    private final DownloadStep downloads;

    OvertakenUpdate(PlanExecutor.Session session, RunTally tally, TrashedParents placements, DownloadStep downloads) {
        this.s = session;
        this.tally = tally;
        this.placements = placements;
        this.downloads = downloads;
    }

    /**
     * Keeps the local version of {@code u} (hashed as {@code digest}, scanned as {@code local}) beside the server's
     * file {@code e.current()}.
     */
    void keepBoth(SyncAction.Upload u, org.oxisync.store.hash.FileDigest digest, LocalEntry local,
                  TransferException.RemoteChanged e) throws Exception {
        FileDto theirs = e.current();
        String path = u.path();
        if (digest.fileHash().equals(theirs.contentHash())) {
            // the other device sent these very bytes: nothing to keep apart
            s.remote().put(path, theirs.id(), EntryKind.FILE);
            s.journal().upsert(new JournalEntry(path, EntryKind.FILE, digest.size(), local.mtimeMillis(),
                    local.fileKey(), digest.fileHash(), theirs.id(), theirs.etag(), theirs.contentHash()));
            return;
        }
        String copy = s.conflictNamer().conflictPath(path, this::taken);
        s.tree().move(path, copy);
        String why = e.afterCommit() ? "another device committed its version right after this one"
                : "another device committed its version just before this one";
        LOG.info("{}: {}: {}; keeping ours as {}", s.pairName(), path, why, copy);
        s.store().conflicts().record(s.pairId(), path, copy);
        s.store().activity().append(s.pairId(), "conflict", path, why + "; kept local version as " + copy,
                org.oxisync.core.reason.ActivityCode.CONFLICT_OVERTAKEN.stored(), org.oxisync.core.reason.ActivityCode.args("copy", copy));
        tally.conflicts.incrementAndGet();
        s.listener().conflict(s.pairName(), path, copy);
        uploadCopy(path, copy, digest, local);
        downloads.download(new SyncAction.Download(path, theirs.id(), theirs.size(), theirs.contentHash(), null),
                RemoteEntry.file(path, theirs.id(), s.remote().parentFolderId(path), theirs.etag(),
                        theirs.contentHash(), theirs.size(), Instant.ofEpochSecond(theirs.modifiedAt())));
    }

    /** A name is taken when the disk, the server (as this run knows it) or the journal has it. */
    private boolean taken(String p) {
        return Files.exists(s.tree().resolve(p), LinkOption.NOFOLLOW_LINKS) || s.remote().id(p).isPresent()
                || s.journalByPath().containsKey(p);
    }

    private void uploadCopy(String original, String copy, org.oxisync.store.hash.FileDigest digest, LocalEntry local)
            throws Exception {
        Path file = s.tree().resolve(copy);
        String parent = s.remote().parentFolderId(original);
        String name = RelativePaths.name(copy);
        tally.touched(parent);
        UploadOutcome out = s.uploader().upload(new UploadRequest(s.pairId(), copy, file, digest, parent, name, null,
                null, Instant.ofEpochMilli(local.mtimeMillis()), local.fileKey()), null, ProgressSink.NONE,
                s.journal()::later);
        FileDto f = ServerNames.createdAs(s.api(), out.file(), name);
        s.remote().put(copy, f.id(), EntryKind.FILE);
        placements.placed(parent, copy);
        tally.remoteChanged();
        tally.uploaded.incrementAndGet();
        tally.bytesSent.addAndGet(out.bytesSent());
        tally.bytesReused.addAndGet(out.bytesReused());
        s.journal().upsert(new JournalEntry(copy, EntryKind.FILE, digest.size(), local.mtimeMillis(),
                local.fileKey(), digest.fileHash(), f.id(), f.etag(), f.contentHash()));
        s.journal().later(() -> s.store().activity().append(s.pairId(), "upload", copy,
                out.bytesSent() + " bytes sent (conflict copy)", org.oxisync.core.reason.ActivityCode.SENT_CONFLICT_COPY.stored(),
                org.oxisync.core.reason.ActivityCode.args("bytes", out.bytesSent())));
    }
}
