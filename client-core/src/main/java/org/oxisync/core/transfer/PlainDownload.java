package org.oxisync.core.transfer;

import static org.oxisync.core.transfer.StagingFiles.deleteQuietly;
import static org.oxisync.core.transfer.StagingFiles.fileName;
import static org.oxisync.core.transfer.StagingFiles.finish;
import static org.oxisync.core.transfer.StagingFiles.hashFile;
import static org.oxisync.core.transfer.StagingFiles.localFailure;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.oxisync.core.scan.Digester;
import org.oxisync.core.naming.TempNames;
import org.oxisync.protocol.DownloadResult;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.LocalStore;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.FileDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A download by plain {@code GET /api/files/{id}} (not delta-limited). It resumes with {@code Range} after a dropped
 * connection: its part file has a stable name per file and content, and after a network failure or a stop request it
 * is moved out of the sync folder into the store's {@value #PARKED_DIR} folder, from where a later run continues it.
 * It is bounded by the listed size when the content is known, and verified as a whole: content other than expected
 * that matches the server's ETag is {@link TransferException.RemoteChanged}, anything else
 * {@link TransferException.VerificationFailed}. With a digester, the file's chunk list comes from the same pass that
 * hashes it for that check.
 */
final class PlainDownload {
    private static final Logger LOG = LoggerFactory.getLogger(PlainDownload.class);
    private static final int PLAIN_ATTEMPTS = 3;
    /** Folder in the store's directory for partial plain downloads kept for a later run. */
    static final String PARKED_DIR = "partial-downloads";

    private final OxiCloudApi api;
    private final LocalStore store;
    private final TransferOptions options;
    private final Digester digester;

    PlainDownload(OxiCloudApi api, LocalStore store, TransferOptions options, Digester digester) {
        this.api = api;
        this.store = store;
        this.options = options;
        this.digester = digester;
    }

    StagedDownload run(DownloadRequest req, ProgressSink p) throws TransferException {
        // a stable name per (file, content), so a retry (in this run or a later one) continues the part with Range
        String key = req.remoteFileId() + ":" + (req.expectedHash() == null ? "" : req.expectedHash());
        long stable = Long.parseUnsignedLong(Blake3.hashHex(key.getBytes(StandardCharsets.UTF_8)).substring(0, 15), 16);
        Path part = req.target().resolveSibling(TempNames.tempFor(store.ownNamesKey(), fileName(req), stable));
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
            // with a digester, its pass gives the whole-file hash too: one read and one hash of the file, not two
            long size = Files.size(part);
            FileDigest digest = digester == null ? new FileDigest(List.of(), hashFile(part), size) : digester.digest(part);
            String actual = digest.fileHash();
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
}
