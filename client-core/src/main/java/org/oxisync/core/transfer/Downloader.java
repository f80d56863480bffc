package org.oxisync.core.transfer;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.oxisync.core.scan.Digester;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.LocalStore;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.journal.EntryKind;
import org.oxisync.store.journal.JournalEntry;
import org.oxisync.store.transfers.Direction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings one remote file into a verified temp file next to its target (§6.2d/e, §14 steps 9-10). The delta
 * endpoints share a small per-user budget on the server (240 requests, reset only after 60 s without any: audit #1),
 * so the path is chosen to spend it only where it saves bytes:
 * <ul>
 *   <li><b>nothing to fetch</b>: an empty file, or content whose chunk list the chunk index knows (recorded by an
 *       upload or download of the same content) with every chunk available locally, is assembled from local copies
 *       without any request;</li>
 *   <li><b>plain</b> {@code GET /api/files/{id}} (not delta-limited): files below {@code deltaThresholdBytes},
 *       larger files of which nothing is held locally (no synced older version of at least the threshold at this
 *       path, no pending download of it): there is nothing to reuse, so a manifest would only cost budget; and
 *       every download while the account's delta budget is paused after a refusal, or whose delta requests the
 *       server refuses (other devices share its per-user limit);</li>
 *   <li><b>delta</b>: a large file of which an older version (or a pending download) is held locally:
 *       {@code GET /manifest} (a content hash other than the expected one is {@link TransferException.RemoteChanged}),
 *       every distinct chunk available locally (chunk store, a pending download's staging, a synced local file
 *       whose journal entry still matches) is read, re-hashed and reused, and the rest come by
 *       {@code POST /delta/download} in batches under the api's cap, each frame verified by the api. These downloads
 *       keep their chunks in the chunk store, marked staged on a pending transfer, so a killed download continues
 *       from them. A large file whose chunk list is known locally and partly held skips the manifest request.</li>
 * </ul>
 * The temp file is fsynced and hashed as a whole before it is handed over, and gets the server's modified time.
 * A file without a usable manifest (404, e.g. shared to us, or a legacy whole-blob "chunk" above 1 MiB) comes by
 * the plain GET as well. The two ways are {@link DeltaDownload} and {@link PlainDownload} (resume with
 * {@code Range}, the size bound, the verdict on content other than listed); this class chooses between them.
 * On any other failure the temp file is removed (a full disk included:
 * the half-written temp file goes at once, which also gives the space back; docs/local-faults.md). Content is written
 * through the store's {@link org.oxisync.store.io.FileWrites}.
 *
 * <p>The target is never touched: the engine checks the old file, keeps it in the version store and renames.
 */
public final class Downloader {
    private static final Logger LOG = LoggerFactory.getLogger(Downloader.class);
    /** BLAKE3 of no bytes: the content hash of an empty file. */
    static final String EMPTY_HASH = Blake3.hashHex(new byte[0]);

    private final OxiCloudApi api;
    private final LocalStore store;
    private final TransferOptions options;
    private final DeltaDownload delta;
    private final PlainDownload plain;

    public Downloader(OxiCloudApi api, LocalStore store, TransferOptions options) {
        this(api, store, options, null);
    }

    /** @param digester chunks files that came without a manifest (null: their digest has no chunk list) */
    public Downloader(OxiCloudApi api, LocalStore store, TransferOptions options, Digester digester) {
        this.api = Objects.requireNonNull(api, "api");
        this.store = Objects.requireNonNull(store, "store");
        this.options = Objects.requireNonNull(options, "options");
        this.delta = new DeltaDownload(api, store, options);
        this.plain = new PlainDownload(api, store, options, digester);
    }

    public StagedDownload stage(DownloadRequest req, ProgressSink progress) throws TransferException, OxiCloudException {
        ProgressSink p = progress == null ? ProgressSink.NONE : progress;
        if (EMPTY_HASH.equals(req.expectedHash())) {
            return empty(req);
        }
        FileDigest known = knownLocally(req);
        if (known != null) {
            try {
                return delta.run(req, known, p);
            } catch (TransferException.RemoteChanged e) {
                // the chunks the local record names are not ours to fetch (any more): take the file as it is
                LOG.debug("local chunk list of {} not usable ({}); using a plain download", req.path(), e.getMessage());
                p.restart();
                return plain.run(req, p);
            } catch (OxiCloudException.RateLimited e) {
                return plainAfterRefusal(req, p);
            } catch (TransferException.VerificationFailed | OxiCloudException.ProtocolViolation e) {
                // the recorded list does not describe the content: forgotten, and the server asked afresh
                distrust(req, known, e);
                p.restart();
            }
        }
        if (req.size() < options.deltaThresholdBytes() || !olderVersionHeld(req) || !api.deltaUsableNow()) {
            return plain.run(req, p); // nothing to reuse, or the delta budget is paused after a refusal
        }
        ManifestDto manifest = null;
        try {
            manifest = api.manifest(req.remoteFileId(), null).orElse(null);
        } catch (OxiCloudException.NotFound e) {
            LOG.debug("no manifest for {} ({}); using a plain download", req.path(), e.getMessage());
        } catch (OxiCloudException.RateLimited e) {
            return plainAfterRefusal(req, p);
        }
        if (manifest != null && req.expectedHash() != null && !manifest.fileHash().equals(req.expectedHash())) {
            throw new TransferException.RemoteChanged(req.path() + ": the remote content changed since it was listed",
                    manifest.fileHash());
        }
        if (manifest == null || !chunksFit(manifest)) {
            return plain.run(req, p);
        }
        FileDigest fresh = DeltaDownload.digestOf(manifest);
        try {
            return delta.run(req, fresh, p);
        } catch (OxiCloudException.RateLimited e) {
            return plainAfterRefusal(req, p);
        } catch (TransferException.VerificationFailed | OxiCloudException.ProtocolViolation e) {
            // a manifest that does not add up to the file (or chunks that do not fit it): never kept for a later
            // run, and this file taken whole with the plain GET, which is checked against the listed hash
            distrust(req, fresh, e);
            p.restart();
            return plain.run(req, p);
        }
    }

    /**
     * A chunk list from the server failed verification: the pending download that recorded it is given up and the
     * list forgotten (unless a version pins it), so that no later run reuses it.
     */
    private void distrust(DownloadRequest req, FileDigest digest, Exception why) {
        LOG.info("{}: the server's chunk list failed verification ({}); not reused", req.path(), why.getMessage());
        try {
            store.transfers().find(req.pairId(), req.path(), Direction.DOWNLOAD)
                    .filter(t -> t.fileHash().equals(digest.fileHash()))
                    .ifPresent(t -> store.transfers().abandon(t.id()));
            store.chunks().forgetUnpinnedManifest(digest.fileHash());
        } catch (StoreException e) {
            LOG.warn("could not forget the chunk list of {}: {}", req.path(), e.getMessage());
        }
    }

    /** The server's delta limit refused a request of this download (other devices share it): the plain GET. */
    private StagedDownload plainAfterRefusal(DownloadRequest req, ProgressSink p) throws TransferException {
        LOG.debug("delta download of {} refused by the rate limit; using a plain download", req.path());
        p.restart();
        return plain.run(req, p);
    }

    /**
     * The expected content's chunk list when the chunk index knows it and reusing local copies saves the requests:
     * every chunk has a local copy, or the file is large and some have. Null otherwise.
     */
    private FileDigest knownLocally(DownloadRequest req) {
        if (req.expectedHash() == null) {
            return null;
        }
        try {
            Optional<FileDigest> m = store.chunks().manifest(req.expectedHash());
            if (m.isEmpty() || m.get().chunks().isEmpty()
                    || !m.get().chunks().stream().allMatch(c -> c.length() >= 1 && c.length() <= Limits.MAX_FRAME_BYTES)) {
                return null;
            }
            FileDigest d = m.get();
            long held = 0;
            Map<String, Boolean> seen = new LinkedHashMap<>();
            for (ChunkRef c : d.chunks()) {
                Boolean local = seen.computeIfAbsent(c.hash(), h -> !store.chunks().locations(h).isEmpty());
                if (local) {
                    held += c.length();
                }
            }
            boolean all = held == d.size();
            return all || (d.size() >= options.deltaThresholdBytes() && held > 0) ? d : null;
        } catch (StoreException e) {
            LOG.debug("cannot look up the local chunks of {}: {}", req.path(), e.getMessage());
            return null;
        }
    }

    /**
     * Whether the delta path can reuse something: a pending download of this path (staged chunks), or a synced
     * older version of at least the delta threshold still at the target.
     */
    private boolean olderVersionHeld(DownloadRequest req) {
        try {
            if (store.transfers().find(req.pairId(), req.path(), Direction.DOWNLOAD).isPresent()) {
                return true;
            }
            Optional<JournalEntry> j = store.journal().get(req.pairId(), req.path());
            return j.isPresent() && j.get().kind() == EntryKind.FILE && j.get().size() >= options.deltaThresholdBytes()
                    && Files.isRegularFile(req.target(), java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (StoreException e) {
            LOG.debug("cannot look up the local state of {}: {}", req.path(), e.getMessage());
            return false;
        }
    }

    /** An empty file needs no request. */
    private StagedDownload empty(DownloadRequest req) throws TransferException {
        Path temp = StagingFiles.freshTemp(req, store);
        boolean ok = false;
        try {
            try (FileChannel out = store.fileWrites().open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                out.force(true);
            }
            StagingFiles.finish(temp, req);
            ok = true;
            return new StagedDownload(temp, new FileDigest(List.of(), EMPTY_HASH, 0), 0, 0);
        } catch (IOException e) {
            throw StagingFiles.localFailure("cannot write the download of " + req.path(), e);
        } finally {
            if (!ok) {
                StagingFiles.deleteQuietly(temp);
            }
        }
    }

    private static boolean chunksFit(ManifestDto m) {
        return m.chunks().stream().allMatch(c -> c.s() >= 1 && c.s() <= Limits.MAX_FRAME_BYTES);
    }

}
