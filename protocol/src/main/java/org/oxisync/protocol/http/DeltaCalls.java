package org.oxisync.protocol.http;

import java.io.IOException;
import java.text.Normalizer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ChunkSink;
import org.oxisync.protocol.ChunkSlice;
import org.oxisync.protocol.CommitDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FileMetadataDto;
import org.oxisync.protocol.FrameBatches;
import org.oxisync.protocol.HashesDto;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.MissingDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.NegotiateDto;
import org.oxisync.protocol.OwnedDto;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.ReceivedDto;
import org.oxisync.protocol.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /api/files/delta/*} and {@code /api/files/{id}/manifest} (server {@code delta_upload_handler.rs},
 * {@code delta_upload_service.rs}), all counted by the account's {@link org.oxisync.protocol.DeltaBudget}; and
 * {@code POST /api/dedup/check-batch} ({@code dedup_handler.rs}).
 */
final class DeltaCalls {
    private static final Logger LOG = LoggerFactory.getLogger(DeltaCalls.class);
    private static final int MAX_DOWNLOAD_BATCH_CHUNKS = 1024;
    private static final Pattern SPLIT = Pattern.compile("\\bsplit\\b", Pattern.CASE_INSENSITIVE);
    /** Commit read timeout: the base plus one second per this many bytes of file (see {@link #commitReadTimeout}). */
    static final long COMMIT_BYTES_PER_SECOND = 50L * 1000 * 1000;

    private final Calls c;
    private final FileCalls files;
    private final FolderCalls folders;
    private volatile long putBatchBytes;
    private volatile long downloadBatchBytes;

    DeltaCalls(Calls c, FileCalls files, FolderCalls folders) {
        this.c = c;
        this.files = files;
        this.folders = folders;
        this.putBatchBytes = c.config.limits().putBatchBytes();
        this.downloadBatchBytes = c.config.limits().downloadBatchBytes();
    }

    long putBatchBytes() {
        return putBatchBytes;
    }

    long downloadBatchBytes() {
        return downloadBatchBytes;
    }

    /** A 400 "split ..." from the server's per-request byte cap ({@code delta_upload_handler.rs:126-130}, {@code delta_upload_service.rs:608-612}). */
    static boolean isSplitRequest(OxiCloudException e) {
        return e instanceof OxiCloudException.RequestRejected r && r.status() == 400 && e.getMessage() != null
                && SPLIT.matcher(e.getMessage()).find();
    }

    List<String> negotiate(List<ChunkRefDto> chunks) {
        MissingDto m = c.transport.call(Transport.Spec.of("POST", c.url("api/files/delta/negotiate").build(),
                c.json.body(new NegotiateDto(chunks))).idempotent(true).asDelta(), r -> c.json.read(r.body(), MissingDto.class));
        return List.copyOf(Calls.hashes(m.missing()));
    }

    /**
     * PUT bodies of at most the current batch size; a 400 "split" halves the batch (down to one frame) and the
     * smaller size is kept for later batches of this API instance.
     */
    List<ChunkRefDto> putChunks(java.nio.file.Path file, List<ChunkSlice> chunks) {
        return putChunks(file, chunks, n -> { });
    }

    /**
     * As {@link #putChunks(java.nio.file.Path, List)}; {@code sent} hears the chunk bytes written so far: the
     * batches done before, plus the furthest any attempt of the current batch got.
     */
    List<ChunkRefDto> putChunks(java.nio.file.Path file, List<ChunkSlice> chunks,
                                 java.util.function.LongConsumer progress) {
        long[] done = {0};
        long[] heard = {0};
        java.util.function.LongConsumer monotonic = n -> {
            if (n > heard[0]) {
                heard[0] = n;
                progress.accept(n);
            }
        };
        List<ChunkRefDto> all = new ArrayList<>();
        Deque<List<ChunkSlice>> work = new ArrayDeque<>(FrameBatches.split(chunks, putBatchBytes));
        while (!work.isEmpty()) {
            List<ChunkSlice> batch = work.removeFirst();
            if (batch.stream().mapToLong(ChunkSlice::frameBytes).sum() > putBatchBytes && batch.size() > 1) {
                List<List<ChunkSlice>> parts = FrameBatches.split(batch, putBatchBytes);
                for (int i = parts.size() - 1; i >= 0; i--) {
                    work.addFirst(parts.get(i));
                }
                continue;
            }
            ReceivedDto received;
            try {
                long before = done[0];
                received = c.transport.call(Transport.Spec.of("PUT", c.url("api/files/delta/chunks").build(),
                        new FrameRequestBody(file, batch, n -> monotonic.accept(before + n))).idempotent(true)
                        .asDelta().streaming(true), r -> c.json.read(r.body(), ReceivedDto.class));
            } catch (OxiCloudException e) {
                if (!isSplitRequest(e) || batch.size() < 2) {
                    throw e;
                }
                long bytes = batch.stream().mapToLong(ChunkSlice::frameBytes).sum();
                putBatchBytes = Math.min(putBatchBytes, Math.max(Limits.MAX_FRAME_BYTES + 4L, bytes / 2));
                LOG.info("server asked to split delta uploads; batches now at most {} bytes", putBatchBytes);
                List<ChunkSlice> first = batch.subList(0, batch.size() / 2);
                List<ChunkSlice> second = batch.subList(batch.size() / 2, batch.size());
                work.addFirst(List.copyOf(second));
                work.addFirst(List.copyOf(first));
                continue;
            }
            List<ChunkRefDto> echo = received.received() == null ? List.of() : received.received();
            if (echo.size() != batch.size()) {
                throw new OxiCloudException.ProtocolViolation(
                        "server acknowledged " + echo.size() + " of " + batch.size() + " uploaded chunks");
            }
            for (int i = 0; i < batch.size(); i++) {
                ChunkSlice sent = batch.get(i);
                ChunkRefDto got = echo.get(i);
                if (got == null || got.s() != sent.length()) {
                    throw new OxiCloudException.ProtocolViolation("server acknowledged a chunk of the wrong size");
                }
                if (sent.hash() != null && !sent.hash().equals(got.h())) {
                    throw new OxiCloudException.IntegrityMismatch("uploaded chunk at offset " + sent.offset(),
                            sent.hash(), Names.isHash(got.h()) ? got.h() : "<malformed>");
                }
                all.add(got);
            }
            done[0] += batch.stream().mapToLong(ChunkSlice::length).sum();
            monotonic.accept(done[0]);
        }
        return all;
    }

    /**
     * The chunks of several files, in bodies of at most the current batch size split between files; the echo of
     * every body is checked as {@link #putChunks} checks it.
     */
    List<ChunkRefDto> putChunksOfFiles(List<org.oxisync.protocol.FileChunks> files) {
        List<ChunkRefDto> all = new ArrayList<>();
        List<org.oxisync.protocol.FileChunks> body = new ArrayList<>();
        long bytes = 0;
        for (org.oxisync.protocol.FileChunks f : files) {
            if (f.chunks().isEmpty()) {
                continue;
            }
            if (!body.isEmpty() && bytes + f.frameBytes() > putBatchBytes) {
                all.addAll(putBody(body));
                body = new ArrayList<>();
                bytes = 0;
            }
            body.add(f);
            bytes += f.frameBytes();
        }
        if (!body.isEmpty()) {
            all.addAll(putBody(body));
        }
        return all;
    }

    private List<ChunkRefDto> putBody(List<org.oxisync.protocol.FileChunks> body) {
        ReceivedDto received = c.transport.call(Transport.Spec.of("PUT", c.url("api/files/delta/chunks").build(),
                new FilesFrameRequestBody(body)).idempotent(true).asDelta().streaming(true),
                r -> c.json.read(r.body(), ReceivedDto.class));
        List<ChunkSlice> sent = new ArrayList<>();
        body.forEach(f -> sent.addAll(f.chunks()));
        List<ChunkRefDto> echo = received.received() == null ? List.of() : received.received();
        if (echo.size() != sent.size()) {
            throw new OxiCloudException.ProtocolViolation(
                    "server acknowledged " + echo.size() + " of " + sent.size() + " uploaded chunks");
        }
        for (int i = 0; i < sent.size(); i++) {
            ChunkSlice s = sent.get(i);
            ChunkRefDto got = echo.get(i);
            if (got == null || got.s() != s.length()) {
                throw new OxiCloudException.ProtocolViolation("server acknowledged a chunk of the wrong size");
            }
            if (s.hash() != null && !s.hash().equals(got.h())) {
                throw new OxiCloudException.IntegrityMismatch("uploaded chunk at offset " + s.offset(),
                        s.hash(), Names.isHash(got.h()) ? got.h() : "<malformed>");
            }
        }
        return echo;
    }

    /**
     * The commit's socket read timeout: the configured read timeout (60 s by default) plus one second per 50 MB.
     * Before answering, the server re-reads every chunk and BLAKE3-hashes the whole file
     * ({@code delta_upload_service.rs:396-438}) and sends nothing meanwhile; on slow storage that runs at about
     * 50-100 MB/s, so this allows for the slowest case with the base as margin.
     */
    Duration commitReadTimeout(CommitDto commit) {
        long size = commit.chunks() == null ? 0 : commit.chunks().stream().mapToLong(ChunkRefDto::s).sum();
        return c.config.timeouts().read().plusSeconds((size + COMMIT_BYTES_PER_SECOND - 1) / COMMIT_BYTES_PER_SECOND);
    }

    /**
     * Not idempotent and without a whole-call limit. After a timeout or a lost connection it first checks whether
     * the commit landed (update: manifest with {@code If-None-Match} = the new hash; create: the folder listing has
     * the name with that hash) and returns that file; otherwise it sends the commit once more.
     */
    FileDto commit(CommitDto commit) {
        if (commit.name() != null) {
            Calls.untrimmedName(commit.name(), "delta create");
        }
        if (commit.fileHash() == null || !Names.isHash(commit.fileHash())) {
            throw new IllegalArgumentException("fileHash must be 64 lowercase hex characters");
        }
        if (commit.fileId() != null) {
            Calls.id(commit.fileId());
        }
        if (commit.folderId() != null) {
            Calls.id(commit.folderId());
        }
        Transport.Spec spec = Transport.Spec.of("POST", c.url("api/files/delta/commit").build(), c.json.body(commit))
                .idempotent(false).asDelta().slowReply(commitReadTimeout(commit));
        try {
            return Calls.checkFile(c.transport.call(spec, r -> c.json.read(r.body(), FileDto.class)));
        } catch (OxiCloudException.NetworkFailure first) {
            Optional<FileDto> landed;
            try {
                landed = landed(commit);
            } catch (OxiCloudException e) {
                LOG.info("cannot tell whether a lost commit landed ({})", e.getClass().getSimpleName());
                throw first;
            }
            if (landed.isPresent()) {
                LOG.debug("the commit whose reply was lost had landed");
                return landed.get();
            }
            LOG.debug("the commit whose reply was lost did not land; sending it once more");
            return Calls.checkFile(c.transport.call(spec, r -> c.json.read(r.body(), FileDto.class)));
        }
    }

    private Optional<FileDto> landed(CommitDto commit) {
        if (commit.fileId() != null) {
            if (manifest(commit.fileId(), commit.fileHash()).isPresent()) {
                return Optional.empty(); // the server still holds other content
            }
            FileMetadataDto m = files.fileMetadata(commit.fileId());
            if (m.folderId() == null) {
                return Optional.empty();
            }
            return find(m.folderId(), f -> f.id().equals(commit.fileId()) && commit.fileHash().equals(f.contentHash()));
        }
        String name = Normalizer.normalize(commit.name(), Normalizer.Form.NFC);
        return find(commit.folderId(), f -> Normalizer.normalize(f.name(), Normalizer.Form.NFC).equals(name)
                && commit.fileHash().equals(f.contentHash()));
    }

    private Optional<FileDto> find(String folderId, java.util.function.Predicate<FileDto> match) {
        Iterator<Resource> it = folders.allResources(folderId, s -> { });
        while (it.hasNext()) {
            if (it.next() instanceof FileDto f && match.test(f)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    Optional<ManifestDto> manifest(String fileId, String ifNoneMatchFileHash) {
        Transport.Spec spec = Transport.Spec.of("GET",
                c.url("api/files").addPathSegment(Calls.id(fileId)).addPathSegment("manifest").build(), null).asDelta();
        if (ifNoneMatchFileHash != null) {
            spec = spec.header("If-None-Match", FileCalls.quote(ifNoneMatchFileHash));
        }
        return c.transport.call(spec, r -> {
            if (r.code() == 304) {
                return Optional.<ManifestDto>empty();
            }
            ManifestDto m = c.json.read(r.body(), ManifestDto.class);
            if (!Names.isHash(m.fileHash()) || m.chunks() == null) {
                throw new OxiCloudException.ProtocolViolation("manifest without a valid file hash or chunk list");
            }
            long sum = 0;
            for (ChunkRefDto ch : m.chunks()) {
                if (ch == null || !Names.isHash(ch.h()) || ch.s() < 0) {
                    throw new OxiCloudException.ProtocolViolation("manifest with a malformed chunk");
                }
                sum += ch.s();
            }
            if (sum != m.totalSize()) {
                throw new OxiCloudException.ProtocolViolation("manifest chunk sizes do not add up to total_size");
            }
            return Optional.of(m);
        });
    }

    void downloadChunks(List<ChunkRefDto> chunks, ChunkSink sink) {
        Map<String, ChunkRefDto> distinct = new LinkedHashMap<>();
        for (ChunkRefDto ch : chunks) {
            if (!Names.isHash(ch.h()) || ch.s() < 1 || ch.s() > Limits.MAX_FRAME_BYTES) {
                throw new IllegalArgumentException("chunk must have a lowercase BLAKE3 and 1..1 MiB size");
            }
            distinct.putIfAbsent(ch.h(), ch);
        }
        Deque<List<ChunkRefDto>> work = new ArrayDeque<>(batches(new ArrayList<>(distinct.values()), downloadBatchBytes));
        while (!work.isEmpty()) {
            List<ChunkRefDto> batch = work.removeFirst();
            try {
                downloadBatch(batch, sink);
            } catch (SplitRequested e) {
                List<ChunkRefDto> rest = e.remaining;
                if (rest.size() < 2) {
                    throw e.cause;
                }
                long bytes = rest.stream().mapToLong(ChunkRefDto::s).sum();
                downloadBatchBytes = Math.min(downloadBatchBytes, Math.max(Limits.MAX_FRAME_BYTES, bytes / 2));
                LOG.info("server asked to split delta downloads; batches now at most {} bytes", downloadBatchBytes);
                work.addFirst(List.copyOf(rest.subList(rest.size() / 2, rest.size())));
                work.addFirst(List.copyOf(rest.subList(0, rest.size() / 2)));
            }
        }
    }

    private static List<List<ChunkRefDto>> batches(List<ChunkRefDto> all, long maxBytes) {
        List<List<ChunkRefDto>> out = new ArrayList<>();
        List<ChunkRefDto> batch = new ArrayList<>();
        long size = 0;
        for (ChunkRefDto ch : all) {
            if (!batch.isEmpty() && (size + ch.s() > maxBytes || batch.size() >= MAX_DOWNLOAD_BATCH_CHUNKS)) {
                out.add(batch);
                batch = new ArrayList<>();
                size = 0;
            }
            batch.add(ch);
            size += ch.s();
        }
        if (!batch.isEmpty()) {
            out.add(batch);
        }
        return out;
    }

    /** A 400 "split" for a download batch, with the chunks not delivered yet. */
    private static final class SplitRequested extends RuntimeException {
        final OxiCloudException cause;
        final List<ChunkRefDto> remaining;

        SplitRequested(OxiCloudException cause, List<ChunkRefDto> remaining) {
            super(cause.getMessage(), cause, false, false);
            this.cause = cause;
            this.remaining = remaining;
        }
    }

    /** One delta download; after a network failure only the frames not yet delivered are asked for again. */
    private void downloadBatch(List<ChunkRefDto> batch, ChunkSink sink) {
        List<ChunkRefDto> remaining = new ArrayList<>(batch);
        int attempt = 0;
        while (!remaining.isEmpty()) {
            attempt++;
            Set<String> delivered = new LinkedHashSet<>();
            ChunkSink counting = (h, data, len) -> {
                sink.accept(h, data, len);
                delivered.add(h);
            };
            List<ChunkRefDto> ask = List.copyOf(remaining);
            long expectedLength = ask.stream().mapToLong(ch -> 4 + ch.s()).sum();
            try {
                c.transport.call(Transport.Spec.of("POST", c.url("api/files/delta/download").build(),
                        c.json.body(new HashesDto(ask.stream().map(ChunkRefDto::h).toList()))).idempotent(true).asDelta()
                        .streaming(false), r -> {
                            long declared = r.body().contentLength();
                            if (declared >= 0 && declared != expectedLength) {
                                throw new OxiCloudException.ProtocolViolation("delta download of " + declared
                                        + " bytes where " + expectedLength + " were expected");
                            }
                            try {
                                new FrameReader(c.config.hasher()).read(r.body().source(), ask, counting);
                            } catch (IOException e) {
                                if (e instanceof java.io.EOFException) {
                                    throw new OxiCloudException.ProtocolViolation("delta download truncated");
                                }
                                throw c.transport.errors().fromIo("POST /api/files/delta/download", e);
                            }
                            return null;
                        });
                return;
            } catch (OxiCloudException.NetworkFailure e) {
                remaining.removeIf(ch -> delivered.contains(ch.h()));
                if (attempt >= c.config.retryPolicy().maxAttempts()) {
                    throw e;
                }
                c.sleep(c.config.retryPolicy().backoff(attempt, c.config.jitter().getAsDouble()));
            } catch (OxiCloudException.RequestRejected e) {
                if (isSplitRequest(e)) {
                    throw new SplitRequested(e, List.copyOf(remaining));
                }
                throw e;
            }
        }
    }

    Set<String> ownedHashes(Collection<String> hashes) {
        List<String> all = new ArrayList<>(new LinkedHashSet<>(hashes));
        for (String h : all) {
            if (!Names.isHash(h)) {
                throw new IllegalArgumentException("hashes must be 64 lowercase hex characters");
            }
        }
        Set<String> asked = new HashSet<>(all);
        Set<String> owned = new LinkedHashSet<>();
        for (int i = 0; i < all.size(); i += Limits.MAX_CHECK_BATCH_HASHES) {
            List<String> part = all.subList(i, Math.min(all.size(), i + Limits.MAX_CHECK_BATCH_HASHES));
            OwnedDto r = c.sendJson("POST", c.url("api/dedup/check-batch").build(), new HashesDto(List.copyOf(part)),
                    OwnedDto.class, true);
            for (String h : r.owned() == null ? List.<String>of() : r.owned()) {
                if (asked.contains(h)) {
                    owned.add(h);
                }
            }
        }
        return owned;
    }
}
