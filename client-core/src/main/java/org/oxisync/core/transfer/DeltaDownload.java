package org.oxisync.core.transfer;

import static org.oxisync.core.transfer.StagingFiles.deleteQuietly;
import static org.oxisync.core.transfer.StagingFiles.finish;
import static org.oxisync.core.transfer.StagingFiles.freshTemp;
import static org.oxisync.core.transfer.StagingFiles.localFailure;
import static org.oxisync.core.transfer.StagingFiles.verifyWhole;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.LocalStore;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.chunks.ChunkStore;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.transfers.PendingTransfer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A download by chunk list (§6.2e): every distinct chunk with a local copy is read, re-hashed and reused; the rest
 * come by {@code POST /delta/download} in batches, each frame verified by the api; the assembled temp file is fsynced
 * and hashed whole against the manifest's file hash.
 *
 * <p>When the engine will keep the file at the target as a version once this download is in
 * ({@link DownloadRequest#versionsTarget()}), the chunks read from that very file are also put into the chunk store
 * on the way, hashed once for both uses: the version store then finds them there and reads and hashes only the old
 * file's other chunks (a 1 MiB edit of a 256 MiB file: 1 MiB instead of 256 MiB hashed again). Putting them is best
 * effort: if the store cannot take them (a full disk), the version store stores them itself, as before.
 */
final class DeltaDownload {
    private static final Logger LOG = LoggerFactory.getLogger(DeltaDownload.class);

    private final OxiCloudApi api;
    private final LocalStore store;
    private final TransferOptions options;

    DeltaDownload(OxiCloudApi api, LocalStore store, TransferOptions options) {
        this.api = api;
        this.store = store;
        this.options = options;
    }

    /** The manifest as the chunk list of the file it describes. */
    static FileDigest digestOf(ManifestDto m) {
        List<ChunkRef> refs = new ArrayList<>(m.chunks().size());
        long offset = 0;
        for (ChunkRefDto c : m.chunks()) {
            refs.add(new ChunkRef(offset, (int) c.s(), c.h()));
            offset += c.s();
        }
        return new FileDigest(refs, m.fileHash(), m.totalSize());
    }

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

    StagedDownload run(DownloadRequest req, FileDigest digest, ProgressSink p) throws TransferException {
        Map<String, Chunk> chunks = new LinkedHashMap<>();
        for (ChunkRef c : digest.chunks()) {
            chunks.computeIfAbsent(c.hash(), h -> new Chunk(c.length())).offsets.add(c.offset());
        }
        Path temp = freshTemp(req, store);
        PendingTransfer pending = digest.size() > 0 && digest.size() >= options.deltaThresholdBytes()
                ? store.transfers().beginDownload(req.pairId(), req.path(), digest, null) : null;
        Counters n = new Counters();
        KeptChunksCommit kept = KeptChunksCommit.NONE;
        boolean ok = false;
        try {
            long t0 = System.nanoTime();
            long t1;
            long t2;
            try (FileChannel out = store.fileWrites().open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                List<ChunkRefDto> fetch = new ArrayList<>();
                kept = reuseLocal(req, chunks, out, n, p, fetch);
                t1 = System.nanoTime();
                if (!fetch.isEmpty()) {
                    fetch(fetch, chunks, out, pending, n, p);
                }
                t2 = System.nanoTime();
                out.force(true);
            }
            long t3 = System.nanoTime();
            verifyWhole(temp, digest.fileHash(), req.path());
            kept.close(); // the chunks kept for the version are in the store before the version store runs
            LOG.debug("delta download of {}: {} B reused in {} ms, {} B fetched in {} ms, force {} ms, whole-file check {} ms",
                    req.path(), n.reused, (t1 - t0) / 1_000_000, n.received, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000,
                    (System.nanoTime() - t3) / 1_000_000);
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
            kept.close();
            if (!ok) {
                deleteQuietly(temp);
            }
        }
    }

    /**
     * Writes every chunk with a usable local copy and adds the others to {@code fetch}; returns the commit of the
     * chunks kept for the target's version, under way.
     */
    private KeptChunksCommit reuseLocal(DownloadRequest req, Map<String, Chunk> chunks, FileChannel out, Counters n,
                                        ProgressSink p, List<ChunkRefDto> fetch) throws IOException {
        ChunkStore.Batch keep = req.versionsTarget() && Files.isRegularFile(req.target(), LinkOption.NOFOLLOW_LINKS)
                ? store.chunks().store().batch() : null;
        try (LocalChunkSource local = new LocalChunkSource(store.chunks(), req.target(), keep)) {
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
            return KeptChunksCommit.start(local.keptBatch(), req.path());
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
}
