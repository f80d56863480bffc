package org.oxisync.core.transfer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.oxisync.core.scan.Digester;
import org.oxisync.core.scan.TempNames;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.DownloadResult;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.LocalStore;
import org.oxisync.store.StoreException;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.journal.EntryKind;
import org.oxisync.store.journal.JournalEntry;
import org.oxisync.store.transfers.Direction;
import org.oxisync.store.transfers.PendingTransfer;
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
 * the plain GET as well. The plain GET resumes with {@code Range} after a dropped connection (its part file has a
 * stable name per file and content; after a network failure or a stop request it is moved out of the sync folder
 * into the store's {@value #PARKED_DIR} folder, from where a later run continues it), is bounded by the listed size when the content is known, and is verified as a whole: content other than
 * expected that matches the server's ETag is {@link TransferException.RemoteChanged}, anything else
 * {@link TransferException.VerificationFailed}. On any other failure the temp file is removed (a full disk included:
 * the half-written temp file goes at once, which also gives the space back; docs/local-faults.md). Content is written
 * through the store's {@link org.oxisync.store.io.FileWrites}.
 *
 * <p>The target is never touched: the engine checks the old file, keeps it in the version store and renames.
 */
public final class Downloader {
    private static final Logger LOG = LoggerFactory.getLogger(Downloader.class);
    private static final int PLAIN_ATTEMPTS = 3;
    /** Folder in the store's directory for partial plain downloads kept for a later run. */
    static final String PARKED_DIR = "partial-downloads";
    /** BLAKE3 of no bytes: the content hash of an empty file. */
    static final String EMPTY_HASH = Blake3.hashHex(new byte[0]);

    private final OxiCloudApi api;
    private final LocalStore store;
    private final TransferOptions options;
    private final Digester digester;

    public Downloader(OxiCloudApi api, LocalStore store, TransferOptions options) {
        this(api, store, options, null);
    }

    /** @param digester chunks files that came without a manifest (null: their digest has no chunk list) */
    public Downloader(OxiCloudApi api, LocalStore store, TransferOptions options, Digester digester) {
        this.api = Objects.requireNonNull(api, "api");
        this.store = Objects.requireNonNull(store, "store");
        this.options = Objects.requireNonNull(options, "options");
        this.digester = digester;
    }

    public StagedDownload stage(DownloadRequest req, ProgressSink progress) throws TransferException, OxiCloudException {
        ProgressSink p = progress == null ? ProgressSink.NONE : progress;
        if (EMPTY_HASH.equals(req.expectedHash())) {
            return empty(req);
        }
        FileDigest known = knownLocally(req);
        if (known != null) {
            try {
                return chunked(req, known, p);
            } catch (TransferException.RemoteChanged e) {
                // the chunks the local record names are not ours to fetch (any more): take the file as it is
                LOG.debug("local chunk list of {} not usable ({}); using a plain download", req.path(), e.getMessage());
                p.restart();
                return plain(req, p);
            } catch (OxiCloudException.RateLimited e) {
                return plainAfterRefusal(req, p);
            }
        }
        if (req.size() < options.deltaThresholdBytes() || !olderVersionHeld(req) || !api.deltaUsableNow()) {
            return plain(req, p); // nothing to reuse, or the delta budget is paused after a refusal
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
            return plain(req, p);
        }
        try {
            return chunked(req, digestOf(manifest), p);
        } catch (OxiCloudException.RateLimited e) {
            return plainAfterRefusal(req, p);
        }
    }

    /** The server's delta limit refused a request of this download (other devices share it): the plain GET. */
    private StagedDownload plainAfterRefusal(DownloadRequest req, ProgressSink p) throws TransferException {
        LOG.debug("delta download of {} refused by the rate limit; using a plain download", req.path());
        p.restart();
        return plain(req, p);
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
        Path temp = req.target().resolveSibling(TempNames.tempFor(fileName(req),
                ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE));
        boolean ok = false;
        try {
            try (FileChannel out = store.fileWrites().open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                out.force(true);
            }
            finish(temp, req);
            ok = true;
            return new StagedDownload(temp, new FileDigest(List.of(), EMPTY_HASH, 0), 0, 0);
        } catch (IOException e) {
            throw localFailure("cannot write the download of " + req.path(), e);
        } finally {
            if (!ok) {
                deleteQuietly(temp);
            }
        }
    }

    private static boolean chunksFit(ManifestDto m) {
        return m.chunks().stream().allMatch(c -> c.s() >= 1 && c.s() <= Limits.MAX_FRAME_BYTES);
    }

    // ---- delta download -------------------------------------------------------------------------------------------

    /** Occurrences of one distinct chunk in the file. */
    private static final class Chunk {
        final int size;
        final List<Long> offsets = new ArrayList<>(1);

        Chunk(int size) {
            this.size = size;
        }
    }

    /** Mutable byte counters of one download (the sink is called on the calling thread). */
    private static final class Counters {
        long received;
        long reused;
    }

    /** A stop request noticed in the api's chunk sink, carried out of it (the chunks so far are staged). */
    private static final class StopCarrier extends RuntimeException {
        final TransferException.Stopped stopped;

        StopCarrier(TransferException.Stopped stopped) {
            super(null, null, false, false);
            this.stopped = stopped;
        }
    }

    /** An I/O failure writing the temp file, carried through the api's chunk sink. */
    private static final class LocalWrite extends RuntimeException {
        LocalWrite(IOException cause) {
            super(cause);
        }

        IOException io() {
            return (IOException) getCause();
        }
    }

    private StagedDownload chunked(DownloadRequest req, FileDigest digest, ProgressSink p) throws TransferException {
        Map<String, Chunk> chunks = new LinkedHashMap<>();
        for (ChunkRef c : digest.chunks()) {
            chunks.computeIfAbsent(c.hash(), h -> new Chunk(c.length())).offsets.add(c.offset());
        }
        Path temp = req.target().resolveSibling(TempNames.tempFor(fileName(req),
                ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE));
        PendingTransfer pending = digest.size() > 0 && digest.size() >= options.deltaThresholdBytes()
                ? store.transfers().beginDownload(req.pairId(), req.path(), digest, null) : null;
        Counters n = new Counters();
        boolean ok = false;
        try {
            try (FileChannel out = store.fileWrites().open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                List<ChunkRefDto> fetch = new ArrayList<>();
                try (LocalChunkSource local = new LocalChunkSource(store.chunks())) {
                    for (Map.Entry<String, Chunk> e : chunks.entrySet()) {
                        Chunk c = e.getValue();
                        byte[] data = local.read(e.getKey(), c.size);
                        if (data != null) {
                            writeAt(out, data, c.size, c.offsets);
                            n.reused += (long) c.size * c.offsets.size();
                            p.bytes(n.received + n.reused);
                        } else {
                            fetch.add(new ChunkRefDto(e.getKey(), c.size));
                            n.reused += (long) c.size * (c.offsets.size() - 1);
                        }
                    }
                }
                if (!fetch.isEmpty()) {
                    fetch(fetch, chunks, out, pending, n, p);
                }
                out.force(true);
            }
            verifyWhole(temp, digest.fileHash(), req.path());
            finish(temp, req);
            if (pending != null) {
                store.transfers().finish(pending.id());
            }
            if (!digest.chunks().isEmpty()) {
                store.chunks().recordManifest(digest);
            }
            ok = true;
            return new StagedDownload(temp, digest, n.received, n.reused);
        } catch (StopCarrier e) {
            throw e.stopped;
        } catch (LocalWrite e) {
            throw localFailure("cannot write the download of " + req.path(), e.io());
        } catch (IOException e) {
            throw localFailure("cannot write the download of " + req.path(), e);
        } catch (StoreException e) {
            throw new TransferException.LocalIoFailure("local store failure while downloading " + req.path() + ": "
                    + e.getMessage(), e);
        } catch (OxiCloudException.IntegrityMismatch e) {
            throw new TransferException.VerificationFailed(req.path() + ": " + e.getMessage(), e);
        } catch (OxiCloudException.NotFound e) {
            if (e.notAvailable().isEmpty()) {
                throw e;
            }
            // the manifest's chunks are no longer reachable: the file changed (or went) since the manifest was read
            throw new TransferException.RemoteChanged(req.path() + ": the remote content changed during the download", null);
        } finally {
            if (!ok) {
                deleteQuietly(temp);
            }
        }
    }

    private void fetch(List<ChunkRefDto> fetch, Map<String, Chunk> chunks, FileChannel out, PendingTransfer pending,
                       Counters n, ProgressSink p) {
        ChunkStaging staging = pending == null ? null : new ChunkStaging(store, pending.id());
        boolean flushed = false;
        try {
            api.downloadChunks(fetch, (hash, data, length) -> {
                Chunk c = chunks.get(hash);
                try {
                    writeAt(out, data, length, c.offsets);
                } catch (IOException e) {
                    throw new LocalWrite(e);
                }
                if (staging != null) {
                    staging.add(hash, data, length);
                }
                n.received += length;
                p.bytes(n.received + n.reused);
                if (staging != null && p.stopRequested()) {
                    // a safe point: this chunk is staged (flushed below), so the next run does not fetch it again
                    throw new StopCarrier(new TransferException.Stopped(
                            "stopped at a safe point; the next run continues from the chunks received"));
                }
            });
        } finally {
            if (staging != null) {
                try {
                    staging.flush(); // what arrived (verified frames) survives a failure of the rest
                    flushed = true;
                } catch (StoreException e) {
                    LOG.warn("could not keep the downloaded chunks for a resume: {}", e.getMessage());
                } finally {
                    if (!flushed) {
                        staging.discard();
                    }
                }
            }
        }
    }

    private static void writeAt(FileChannel out, byte[] data, int length, List<Long> offsets) throws IOException {
        for (long offset : offsets) {
            ByteBuffer buf = ByteBuffer.wrap(data, 0, length);
            long pos = offset;
            while (buf.hasRemaining()) {
                pos += out.write(buf, pos);
            }
        }
    }

    private static FileDigest digestOf(ManifestDto m) {
        List<ChunkRef> refs = new ArrayList<>(m.chunks().size());
        long offset = 0;
        for (ChunkRefDto c : m.chunks()) {
            refs.add(new ChunkRef(offset, (int) c.s(), c.h()));
            offset += c.s();
        }
        return new FileDigest(refs, m.fileHash(), m.totalSize());
    }

    // ---- plain download -------------------------------------------------------------------------------------------

    private StagedDownload plain(DownloadRequest req, ProgressSink p) throws TransferException {
        // a stable name per (file, content), so a retry (in this run or a later one) continues the part with Range
        String key = req.remoteFileId() + ":" + (req.expectedHash() == null ? "" : req.expectedHash());
        long stable = Long.parseUnsignedLong(Blake3.hashHex(key.getBytes(StandardCharsets.UTF_8)).substring(0, 15), 16);
        Path part = req.target().resolveSibling(TempNames.tempFor(fileName(req), stable));
        Path parked = store.directory().resolve(PARKED_DIR).resolve(Long.toHexString(stable) + ".part");
        // known content has the listed size: more bytes cannot be it (a bound against a runaway body)
        long bound = req.expectedHash() != null && req.size() >= 0 ? req.size() : Long.MAX_VALUE;
        // a large download may stop at any point: the part file is kept and continued with Range next time
        boolean stoppable = req.size() >= options.deltaThresholdBytes();
        boolean keep = false;
        boolean park = false;
        try {
            if (!Files.exists(part) && Files.isRegularFile(parked)) {
                Files.move(parked, part); // what an earlier, stopped or failed run received
            }
            long before = Files.exists(part) ? Files.size(part) : 0;
            if (before > bound) {
                Files.deleteIfExists(part);
                before = 0;
            }
            DownloadResult result = null;
            for (int attempt = 1; result == null; attempt++) {
                long have = Files.exists(part) ? Files.size(part) : 0;
                try (OutputStream out = new CountingStream(store.fileWrites().newOutputStream(part,
                        StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND), have, bound,
                        stoppable, p)) {
                    result = api.download(req.remoteFileId(), out, have, null);
                } catch (OxiCloudException.NetworkFailure e) {
                    if (attempt >= PLAIN_ATTEMPTS) {
                        park = true;
                        throw e;
                    }
                } catch (OxiCloudException.RequestRejected e) {
                    if (e.status() != 416 || attempt >= PLAIN_ATTEMPTS) {
                        throw e;
                    }
                    Files.deleteIfExists(part); // the part no longer fits the server's file: start over
                    before = 0;
                } catch (PlainStop e) {
                    if (e.tooLarge) {
                        throw new TransferException.RemoteChanged(req.path() + ": the remote file is larger than the "
                                + req.size() + " bytes listed", null);
                    }
                    park = true;
                    throw new TransferException.Stopped("stopped; the next run continues the download of " + req.path());
                }
            }
            try (FileChannel ch = FileChannel.open(part, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            String actual = hashFile(part);
            String etagHash = result.etag() != null && result.etag().contains("-") ? result.etag().split("-")[0] : null;
            boolean etagMatches = etagHash != null && !etagHash.isEmpty() && actual.startsWith(etagHash);
            if (req.expectedHash() != null && !actual.equals(req.expectedHash()) && etagMatches) {
                // what arrived is what the server holds now, not what was listed
                throw new TransferException.RemoteChanged(req.path() + ": the remote content changed since it was listed",
                        actual);
            }
            boolean matches = req.expectedHash() != null ? actual.equals(req.expectedHash()) : etagMatches;
            if (!matches) {
                throw new TransferException.VerificationFailed(req.path() + ": the downloaded file hashes to " + actual
                        + ", not " + (req.expectedHash() != null ? req.expectedHash() : "the ETag's " + result.etag()), null);
            }
            finish(part, req);
            long size = Files.size(part);
            FileDigest digest = digester == null ? new FileDigest(List.of(), actual, size) : digester.digest(part);
            if (!digest.fileHash().equals(actual)) {
                throw new TransferException.LocalIoFailure(req.path() + ": the temp file changed while it was chunked", null);
            }
            if (size >= options.deltaThresholdBytes() && !digest.chunks().isEmpty()) {
                rememberManifest(digest); // a later change of this large file can then reuse its chunks
            }
            keep = true;
            return new StagedDownload(part, digest, size - before, before);
        } catch (UncheckedIOException e) {
            throw localFailure("cannot write the download of " + req.path(), e.getCause());
        } catch (IOException e) {
            throw localFailure("cannot write the download of " + req.path(), e);
        } finally {
            if (park) {
                park(part, parked);
            } else if (!keep) {
                deleteQuietly(part);
            }
        }
    }

    /**
     * Moves a partly received plain download out of the sync folder (where the scanner removes own temp files and a
     * stopped run leaves none) into the store's directory, from where the next attempt continues it with Range.
     */
    private static void park(Path part, Path parked) {
        try {
            if (Files.exists(part)) {
                Files.createDirectories(parked.getParent());
                Files.move(part, parked, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            LOG.debug("could not keep the partial download {}: {}", part.getFileName(), e.getMessage());
            deleteQuietly(part);
        }
    }

    private void rememberManifest(FileDigest digest) {
        try {
            store.chunks().recordManifest(digest);
        } catch (StoreException e) {
            LOG.debug("could not record the chunk list of {}: {}", digest.fileHash(), e.getMessage());
        }
    }

    /** A plain download ended from the writing side: a stop request, or more bytes than the listed size. */
    private static final class PlainStop extends RuntimeException {
        final boolean tooLarge;

        PlainStop(boolean tooLarge) {
            super(null, null, false, false);
            this.tooLarge = tooLarge;
        }
    }

    /** Counts bytes written through to progress; ends the download above {@code bound} or on a stop request. */
    private static final class CountingStream extends OutputStream {
        private final OutputStream out;
        private final ProgressSink progress;
        private final long bound;
        private final boolean stoppable;
        private long count;

        CountingStream(OutputStream out, long start, long bound, boolean stoppable, ProgressSink progress) {
            this.out = out;
            this.count = start;
            this.bound = bound;
            this.stoppable = stoppable;
            this.progress = progress;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (count + len > bound) {
                throw new PlainStop(true);
            }
            out.write(b, off, len);
            count += len;
            progress.bytes(count);
            if (stoppable && progress.stopRequested()) {
                out.flush();
                throw new PlainStop(false);
            }
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    // ---- shared ---------------------------------------------------------------------------------------------------

    private static String fileName(DownloadRequest req) {
        return req.target().getFileName().toString();
    }

    private static void verifyWhole(Path file, String expected, String path) throws IOException,
            TransferException.VerificationFailed {
        String actual = hashFile(file);
        if (!actual.equals(expected)) {
            throw new TransferException.VerificationFailed(path + ": the assembled file hashes to " + actual
                    + ", not " + expected, null);
        }
    }

    private static String hashFile(Path file) throws IOException {
        Blake3 h = Blake3.newHasher();
        byte[] buf = new byte[256 * 1024];
        try (InputStream in = Files.newInputStream(file)) {
            int r;
            while ((r = in.read(buf)) > 0) {
                h.update(buf, 0, r);
            }
        }
        return h.hexDigest();
    }

    private static void finish(Path temp, DownloadRequest req) throws IOException {
        if (req.serverModified() != null) {
            Files.setLastModifiedTime(temp, FileTime.from(req.serverModified()));
        }
    }

    private static TransferException.LocalIoFailure localFailure(String what, IOException e) {
        String reason = e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null ? fse.getReason()
                : String.valueOf(e.getMessage());
        return new TransferException.LocalIoFailure(what + ": " + reason, e);
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            LOG.warn("could not remove the temp file {}", p.getFileName());
        }
    }
}
