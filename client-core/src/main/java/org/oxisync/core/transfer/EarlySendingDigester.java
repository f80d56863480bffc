package org.oxisync.core.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.oxisync.core.scan.Digester;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ChunkSlice;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FastCdc;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.hash.FileSummary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scan's digester for a run that may upload: a file of {@link #MIN_BYTES} or more is sent while it is hashed.
 * A sync run hashes every changed file before it plans, and a large file is then read a second
 * time to be sent; here its chunks are negotiated in groups of {@value #NEGOTIATE_EVERY} (about 256 MiB) as FastCDC
 * and BLAKE3 produce them, and the missing ones go to the server through {@link PutLanes} (read from the file at send
 * time, as {@link DeltaUpload} does) while hashing goes on. The first groups are smaller ({@value #FIRST_GROUP}
 * chunks, about 16 MiB, then twice as many each time up to {@value #NEGOTIATE_EVERY}), so sending starts as soon as
 * the first 16 MiB are hashed instead of after the first 256 MiB (through a 100 Mbit/s link the first PUT of a 1 GiB
 * file came 9 s after the scan reached it, most of the hashing). The digest is returned once the last PUT has ended; what
 * the server got is kept in {@link EarlyChunks} under the content hash, and the upload of that content later sends
 * only the commit (and whatever was not sent early).
 *
 * <p>Within the protocol's rules (§6.2): negotiate and PUT before commit are what every delta upload does; chunks
 * whose file is never committed (the plan does not upload it after all, the run stops) are loose orphans the server
 * collects after an hour. A chunk is only sent when negotiate says the server does not have it, so content the server
 * holds costs one negotiate per group and no bytes. About 8 requests per GiB (the first GiB: 7 negotiates, then 4
 * a GiB; 16 PUTs of 64 MiB), within the 240-request delta budget up to the server's 10 GiB file limit.
 *
 * <p>The early send never fails the scan: any error (refused, rate-limited, the file changed, a stop) ends the
 * sending of that file and the digest is still returned; the upload then sends what is missing, as it always did.
 * Files below the threshold, and every file while the account's delta budget is paused, go to {@code plain}.
 * Large files are hashed by {@link FileChunker} (the production digester), through its streaming form.
 */
public final class EarlySendingDigester implements Digester {
    private static final Logger LOG = LoggerFactory.getLogger(EarlySendingDigester.class);
    /**
     * The size to turn it on from when the server is elsewhere ({@link EarlySendPolicy}; on loopback it is off:
     * {@link TransferOptions#EARLY_SEND_OFF}): smaller files gain little from the overlap, and below the delta
     * threshold a new file goes by multipart, where chunks sent early would be wasted.
     */
    public static final long MIN_BYTES = 64L << 20;
    /** Chunks per negotiate while hashing: the last group is sent after hashing ends, so not the upload's 4096. */
    static final int NEGOTIATE_EVERY = 1024;
    /** Chunks in the first group (about 16 MiB); each later group is twice the one before, up to the full size. */
    static final int FIRST_GROUP = 64;

    private final Digester plain;
    private final OxiCloudApi api;
    private final TransferOptions options;
    private final EarlyChunks early;
    private final BooleanSupplier stopRequested;
    private final long minBytes;
    private final int firstGroup;
    private final int negotiateEvery;

    public EarlySendingDigester(Digester plain, OxiCloudApi api, TransferOptions options, EarlyChunks early,
                                BooleanSupplier stopRequested) {
        this(plain, api, options, early, stopRequested,
                Math.max(options.earlySendBytes(), options.deltaThresholdBytes()), FIRST_GROUP, NEGOTIATE_EVERY);
    }

    /**
     * {@code minBytes}: the least file size sent early; {@code firstGroup}: chunks in the first group, doubled for
     * each next one up to {@code negotiateEvery} (tests: small).
     */
    EarlySendingDigester(Digester plain, OxiCloudApi api, TransferOptions options, EarlyChunks early,
                         BooleanSupplier stopRequested, long minBytes, int firstGroup, int negotiateEvery) {
        this.plain = Objects.requireNonNull(plain, "plain");
        this.api = Objects.requireNonNull(api, "api");
        this.options = Objects.requireNonNull(options, "options");
        this.early = Objects.requireNonNull(early, "early");
        this.stopRequested = Objects.requireNonNull(stopRequested, "stopRequested");
        this.minBytes = Math.max(1, minBytes);
        if (negotiateEvery < 1 || firstGroup < 1) {
            throw new IllegalArgumentException("groups must hold at least 1 chunk");
        }
        this.firstGroup = Math.min(firstGroup, negotiateEvery);
        this.negotiateEvery = negotiateEvery;
    }

    @Override
    public FileDigest digest(Path file) throws IOException {
        if (Files.size(file) < minBytes || !api.deltaUsableNow()) {
            return plain.digest(file);
        }
        List<ChunkRef> chunks = new ArrayList<>();
        try (Sending sending = new Sending(file)) {
            FileSummary s = FileChunker.digest(file, FastCdc.Params.SERVER, c -> {
                chunks.add(c);
                sending.hashed(c);
            });
            FileDigest digest = new FileDigest(chunks, s.fileHash(), s.size());
            sending.finish(digest.fileHash());
            return digest;
        }
    }

    /** The early send of one file: groups to negotiate, the PUT lanes, what the server has got so far. */
    private final class Sending implements AutoCloseable {
        private final Path file;
        private final PutLanes lanes;
        private final Set<String> seen = new HashSet<>();
        private final Set<String> present = new HashSet<>();
        private final Set<String> put = new HashSet<>();
        private long bytesPut;
        private List<ChunkRef> group = new ArrayList<>();
        private int groupSize = firstGroup;
        private boolean failed;

        Sending(Path file) {
            this.file = file;
            this.lanes = new PutLanes(DeltaUpload.PUT_LANES, options.putBatchBytes(), this::put, stopRequested,
                    file.toString());
        }

        /** On the hashing thread, chunk by chunk in file order. */
        void hashed(ChunkRef c) {
            if (failed || !seen.add(c.hash())) {
                return;
            }
            group.add(c);
            if (group.size() >= groupSize) {
                negotiate();
                groupSize = (int) Math.min((long) groupSize * 2, negotiateEvery);
            }
        }

        void finish(String fileHash) {
            if (!failed) {
                negotiate();
            }
            if (!failed) {
                try {
                    lanes.awaitDrained();
                } catch (TransferException | RuntimeException e) {
                    fail(e);
                }
            }
            lanes.close(); // PUTs in flight end before what they sent is recorded
            synchronized (this) {
                early.record(fileHash, put, present, bytesPut); // what did go through counts even after a failure
                LOG.debug("{}: {} bytes sent while hashing, {} chunk(s) already on the server", file, bytesPut,
                        present.size());
            }
        }

        private void negotiate() {
            if (group.isEmpty()) {
                return;
            }
            List<ChunkRef> asked = group;
            group = new ArrayList<>();
            try {
                lanes.awaitRoom(Integer.MAX_VALUE); // never waits; rethrows a lane's failure
                Set<String> missing = new HashSet<>(api.negotiate(
                        asked.stream().map(c -> new ChunkRefDto(c.hash(), c.length())).toList()));
                for (ChunkRef c : asked) {
                    if (missing.remove(c.hash())) {
                        lanes.offer(new ChunkSlice(c.hash(), c.offset(), c.length()));
                    } else {
                        synchronized (this) {
                            present.add(c.hash());
                        }
                    }
                }
                if (!missing.isEmpty()) {
                    throw new IllegalStateException("negotiate asked for chunks that were not offered");
                }
            } catch (TransferException | RuntimeException e) {
                fail(e);
            }
        }

        /** One PUT batch, on a lane thread (the api checks the server's echo of every chunk's hash). */
        private void put(List<ChunkSlice> batch) {
            api.putChunks(file, batch);
            synchronized (this) {
                for (ChunkSlice s : batch) {
                    put.add(s.hash());
                    bytesPut += s.length();
                }
            }
        }

        private void fail(Exception e) {
            failed = true;
            LOG.info("{}: sending while hashing stopped ({}); the upload sends the rest", file, e.toString());
        }

        @Override
        public void close() {
            lanes.close();
        }
    }
}
