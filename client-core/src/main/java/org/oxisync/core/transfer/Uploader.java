package org.oxisync.core.transfer;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.oxisync.protocol.CommitDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Sleeper;
import org.oxisync.store.LocalStore;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.transfers.Direction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Uploads one file as §6.4 of the protocol reference describes, adapted to a sync client:
 * <ul>
 *   <li>new files the server already owns (see {@link #ownedAmong}), of any size: {@code by-hash};</li>
 *   <li>other new files under the delta threshold, and new files whose name starts or ends with whitespace
 *       (delta commit trims it, multipart keeps it: audit #5): a multipart upload; a multipart result whose
 *       {@code content_hash} differs from the scanned hash means the file changed while it was sent: that remote
 *       file goes to the trash;</li>
 *   <li>larger new files and every update ({@link DeltaUpload}): negotiate, PUT the missing chunks, commit, with
 *       multipart as the fallback of a create that failed for a reason other than quota, auth or a local change;
 *       updates below the delta threshold PUT their chunks without negotiating;</li>
 *   <li>updates below the delta threshold, when the engine has several: together ({@link SmallUpdates}: one PUT
 *       for all their chunks, one check before every {@value SmallUpdates#COMMITS_AT_ONCE} commits sent at once, one
 *       check after all), about one request per file instead of four, for as many as the delta budget has room for;
 *       the others by plain replacements together ({@link PlainReplaces}), about two requests per file instead of
 *       five;</li>
 *   <li>an update to 0 bytes: an empty delta commit, which keeps the file id (audit #22);</li>
 *   <li>while the account's delta budget is paused after a refusal (other devices of the user share the server's
 *       limit), or when an update's delta requests are refused: creates go by multipart and updates up to
 *       {@link PlainReplace#MAX_BYTES} by {@link PlainReplace} (upload beside, old one to the trash, rename; the
 *       outcome carries the new id), so a run never waits for the server's limiter to calm down.</li>
 * </ul>
 * Every update is checked right before and right after its commit ({@link RemoteCheck}, one non-delta request
 * each): when the server's file holds other content than the base (before) or than what was just committed (after),
 * the upload ends with {@link TransferException.RemoteChanged} carrying the server's file, and the engine keeps both
 * versions (the local one as a conflict copy on both sides).
 * The outcome carries the name the server stored ({@link UploadOutcome#serverName()}), which may differ from the
 * name asked for (audit #5). After success the manifest and the local file's chunk locations are recorded in the chunk index, so later
 * downloads can reuse them. Thread-safe: workers may upload different files concurrently.
 */
public final class Uploader {
    private static final Logger LOG = LoggerFactory.getLogger(Uploader.class);

    private final OxiCloudApi api;
    private final LocalStore store;
    private final TransferOptions options;
    private final Sleeper sleeper;
    private final EarlyChunks early;
    private final SmallUpdates smallUpdates;

    public Uploader(OxiCloudApi api, LocalStore store, TransferOptions options) {
        this(api, store, options, Sleeper.SYSTEM);
    }

    /** @param sleeper waits before a commit is repeated ({@link TransferOptions#commitRetryDelay()}) */
    public Uploader(OxiCloudApi api, LocalStore store, TransferOptions options, Sleeper sleeper) {
        this(api, store, options, sleeper, new EarlyChunks(java.time.Clock.systemUTC()));
    }

    /**
     * @param early what the scan's {@link EarlySendingDigester} sent while hashing: a delta upload of that content
     *              neither negotiates nor sends those chunks again
     */
    public Uploader(OxiCloudApi api, LocalStore store, TransferOptions options, Sleeper sleeper, EarlyChunks early) {
        this.api = Objects.requireNonNull(api, "api");
        this.store = Objects.requireNonNull(store, "store");
        this.options = Objects.requireNonNull(options, "options");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.early = Objects.requireNonNull(early, "early");
        this.smallUpdates = new SmallUpdates(api, options, early, this);
    }

    /** check-batch for many new small files at once (split at 10,000 by the api): the hashes the server already has. */
    public Set<String> ownedAmong(Collection<String> hashes) {
        return hashes.isEmpty() ? Set.of() : api.ownedHashes(hashes);
    }

    /** Uploads one file; {@code owned} may be null (nothing known); progress gets bytes as they are sent or reused. */
    public UploadOutcome upload(UploadRequest req, Set<String> owned, ProgressSink progress)
            throws TransferException, OxiCloudException {
        return upload(req, owned, progress, StoreWrites.immediate(store));
    }

    /** As {@link #upload(UploadRequest, Set, ProgressSink)}, with the chunk-index records going to {@code writes}. */
    public UploadOutcome upload(UploadRequest req, Set<String> owned, ProgressSink progress, StoreWrites writes)
            throws TransferException, OxiCloudException {
        try {
            return uploadOnce(req, owned, progress, Objects.requireNonNull(writes, "writes"));
        } catch (StoreException e) {
            throw new TransferException.LocalIoFailure("local store failure while uploading " + req.path() + ": "
                    + e.getMessage(), e);
        }
    }

    private UploadOutcome uploadOnce(UploadRequest req, Set<String> owned, ProgressSink progress, StoreWrites writes)
            throws TransferException {
        ProgressSink p = progress == null ? ProgressSink.NONE : progress;
        FileDigest digest = req.digest();
        LocalFileState start = startState(req);
        UploadOutcome out;
        if (req.isUpdate()) {
            out = update(req, start, p);
        } else if (digest.size() == 0) {
            out = multipart(req, p);
        } else if (owned != null && owned.contains(digest.fileHash())) {
            out = byHash(req, start, p); // any size: one request, no bytes
        } else if (digest.size() < options.deltaThresholdBytes() || !deltaKeepsName(req.name())) {
            out = multipart(req, p);
        } else {
            out = deltaOrMultipart(req, start, p);
        }
        remember(req, start, writes);
        if (req.isUpdate()) {
            RemoteCheck.requireStillHeld(api, req, out.file()); // another device may have committed right after us
        }
        return out;
    }

    /** The local file as the upload starts; it must still be what was hashed. */
    static LocalFileState startState(UploadRequest req) throws TransferException {
        FileDigest digest = req.digest();
        LocalFileState start = LocalFileState.of(req.file());
        if (start.size() != digest.size()) {
            throw new TransferException.FileChangedWhileReading(req.path() + " is " + start.size()
                    + " bytes now, " + digest.size() + " when it was hashed", null);
        }
        if (req.localMtime() != null && !start.mtime().equals(req.localMtime())) {
            throw new TransferException.FileChangedWhileReading(req.path() + " was modified since it was hashed", null);
        }
        if (req.fileKey() != null && start.fileKey() != null && !req.fileKey().equals(start.fileKey())) {
            // another file (device, inode) at the path: a folder on the way or the file itself was swapped since the
            // scan; not one byte of it leaves
            throw new TransferException.FileChangedWhileReading(req.path() + " is another file than the one scanned",
                    null);
        }
        return start;
    }

    /** Whether {@link #uploadSmallUpdates} takes this request (an update below the delta threshold with a base). */
    public boolean takesTogether(UploadRequest req) {
        return smallUpdates.takes(req);
    }

    /**
     * Small updates sent together ({@link SmallUpdates}): one result per request, in order; a result that is
     * {@link SmallUpdates.Result#alone()} is for {@link #upload} to send on its own. {@code sinks}: one per request.
     */
    public List<SmallUpdates.Result> uploadSmallUpdates(List<UploadRequest> reqs, List<ProgressSink> sinks,
                                                         StoreWrites writes) {
        return smallUpdates.run(reqs, sinks, Objects.requireNonNull(writes, "writes"));
    }

    /**
     * An update: by delta (keeps the file's id) while the account's delta budget is usable; while it is paused after
     * a refusal, or when the delta requests are refused on the way, by {@link PlainReplace} (no delta request) when
     * that applies, else the refusal stands and a later run retries.
     */
    private UploadOutcome update(UploadRequest req, LocalFileState start, ProgressSink p) throws TransferException {
        if (!api.deltaUsableNow() && PlainReplace.applies(req)) {
            return PlainReplace.run(api, req, start, p);
        }
        try {
            return req.digest().size() == 0 ? emptyUpdate(req)
                    : new DeltaUpload(api, store, options, req, start, p, sleeper, early.take(req.digest().fileHash())).run();
        } catch (OxiCloudException.RateLimited e) {
            if (!PlainReplace.applies(req)) {
                throw e;
            }
            LOG.info("delta update of {} refused by the server's rate limit; replacing it by a plain upload", req.path());
            p.restart();
            store.transfers().find(req.pairId(), req.path(), Direction.UPLOAD)
                    .ifPresent(t -> store.transfers().abandon(t.id()));
            return PlainReplace.run(api, req, start, p);
        }
    }

    private UploadOutcome deltaOrMultipart(UploadRequest req, LocalFileState start, ProgressSink p)
            throws TransferException {
        if (!api.deltaUsableNow()) {
            return multipart(req, p); // paused after a refusal: no delta request now
        }
        try {
            return new DeltaUpload(api, store, options, req, start, p, sleeper, early.take(req.digest().fileHash())).run();
        } catch (OxiCloudException e) {
            if (!fallsBackToMultipart(e)) {
                throw e;
            }
            LOG.info("delta upload of {} failed ({}); falling back to a multipart upload", req.path(), e.getMessage());
            p.restart();
            UploadOutcome out = multipart(req, p);
            store.transfers().find(req.pairId(), req.path(), Direction.UPLOAD)
                    .ifPresent(t -> store.transfers().abandon(t.id()));
            return out;
        }
    }

    /**
     * Whether a delta commit create stores {@code name} as it is: the server trims leading and trailing whitespace
     * there (Rust {@code str::trim}, the Unicode White_Space set; {@code delta_upload_service.rs}
     * {@code sanitize_file_name}), multipart and by-hash do not (audit #5).
     */
    static boolean deltaKeepsName(String name) {
        return name.isEmpty() || !isUnicodeWhiteSpace(name.codePointAt(0))
                && !isUnicodeWhiteSpace(name.codePointBefore(name.length()));
    }

    /** The Unicode White_Space property, which Rust's {@code char::is_whitespace} follows. */
    static boolean isUnicodeWhiteSpace(int c) {
        return c >= 0x09 && c <= 0x0D || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680
                || c >= 0x2000 && c <= 0x200A || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F
                || c == 0x3000;
    }

    /** Failures a plain upload may get past; quota, auth, read-only, name conflicts and network outages are not. */
    static boolean fallsBackToMultipart(OxiCloudException e) {
        return e instanceof OxiCloudException.RequestRejected || e instanceof OxiCloudException.NotFound
                || e instanceof OxiCloudException.RateLimited || e instanceof OxiCloudException.ServerError
                || e instanceof OxiCloudException.ProtocolViolation || e instanceof OxiCloudException.StillMissing;
    }

    private UploadOutcome byHash(UploadRequest req, LocalFileState start, ProgressSink p) throws TransferException {
        try {
            FileDto f = api.createByHash(req.parentFolderId(), req.name(), req.digest().fileHash());
            p.bytes(req.digest().size());
            return new UploadOutcome(f, 0, req.digest().size(), req.name());
        } catch (OxiCloudException.NotFound e) {
            // blob_not_owned_by_caller: lost to GC or deleted since check-batch; send the bytes
            LOG.debug("by-hash refused for {}; uploading it", req.path());
            return req.digest().size() < options.deltaThresholdBytes() || !deltaKeepsName(req.name())
                    ? multipart(req, p) : deltaOrMultipart(req, start, p);
        }
    }

    private UploadOutcome multipart(UploadRequest req, ProgressSink p) throws TransferException {
        p.bytes(0);
        FileDto f;
        f = MultipartSend.upload(api, req, req.name(), p::bytes); // progress moves with the bytes
        String expected = req.digest().fileHash();
        if (!expected.equals(f.contentHash())) {
            // The bytes sent are not the bytes hashed: the file changed while it was read. Keep nothing of it.
            Discard.uploaded(api, req, f.id(), LOG);
            throw new TransferException.FileChangedWhileReading(req.path()
                    + " changed while it was uploaded (the server received other content)", null);
        }
        p.bytes(req.digest().size());
        return new UploadOutcome(f, req.digest().size(), 0, req.name());
    }

    /**
     * An update to 0 bytes: a delta commit with no chunks and the hash of nothing. OxiCloud 0.8.7 validates neither
     * the chunk count nor the size ({@code delta_upload_service.rs:204-234}; pinning an empty list returns at once),
     * so the file keeps its id, its shares and its history, where trashing it and creating an empty one would not
     * (and a DELETE would expose the trash copy to audit #2).
     */
    private UploadOutcome emptyUpdate(UploadRequest req) throws TransferException {
        RemoteCheck.requireUnchanged(api, req);
        FileDto f = api.commit(CommitDto.update(req.digest().fileHash(), List.of(), req.remoteFileId()));
        return new UploadOutcome(f, 0, 0, req.name());
    }

    /** Records the manifest and where the file's chunks can be read locally; a failure here never fails the upload. */
    void remember(UploadRequest req, LocalFileState start, StoreWrites writes) {
        FileDigest d = req.digest();
        if (d.chunks().isEmpty()) {
            return;
        }
        var mtime = req.localMtime() != null ? req.localMtime() : start.mtime();
        String fileKey = req.fileKey() != null ? req.fileKey() : start.fileKey();
        writes.submit(() -> {
            try {
                store.chunks().recordManifest(d);
                store.chunks().recordLocalFile(req.pairId(), req.path(), d, mtime, fileKey);
            } catch (StoreException e) {
                LOG.warn("could not record the chunks of {}: {}", req.path(), e.getMessage());
            }
        });
    }
}
