package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.scan.QuietRecord;
import org.oxisync.core.scan.ScanResult;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The two ends of a quiet run (see {@link QuietSeal}): the check at the start of a {@link SyncEngine} run, and the
 * seal a full run that planned nothing writes at its end.
 */
final class QuietCheck {
    /** Logs under the engine's name: the log lines are the engine's, whichever class carries the step. */
    private static final Logger LOG = LoggerFactory.getLogger(SyncEngine.class);

    private final OxiCloudApi api;
    private final LocalScanner scanner;
    private final SyncListener listener;
    private final QuietPrefetch prefetch;

    QuietCheck(OxiCloudApi api, LocalScanner scanner, SyncListener listener, QuietPrefetch prefetch) {
        this.api = api;
        this.scanner = scanner;
        this.listener = listener;
        this.prefetch = prefetch;
    }

    /** Seals what this run saw (see {@link QuietSeal}); a seal that cannot be written only costs the next run time. */
    static void writeSeal(QuietSeal seal, FolderPair pair, Optional<String> rootEtag, ScanResult scan) {
        java.util.List<org.oxisync.core.plan.LocalEntry> entries = scan.snapshot().entries();
        long length = QuietRecord.length(entries); // -1: a link, a hashed file
        if (rootEtag.isEmpty() || length < 0) {
            return;
        }
        try { // streamed: the record of a million files is never held whole beside the run's snapshots
            seal.write(pair, rootEtag.get(), length, out -> QuietRecord.writeTo(entries, out));
        } catch (IOException e) {
            LOG.info("could not write the quiet seal {} ({}); the next run is a full one", seal.path(), e.toString());
            try {
                seal.delete();
            } catch (IOException again) {
                LOG.debug("could not remove the quiet seal {}: {}", seal.path(), again.toString());
            }
        }
    }

    /**
     * The quiet check: with a seal from a full run that planned nothing (see {@link QuietSeal}), one request (the
     * root folder's tree ETag) and one walk of the disk that hashes nothing tell whether anything has changed since.
     * Both run at once. When nothing has, the run is over: the journal and the listing cache are not even read (a
     * no-change run of 100,000 files spent most of its time and memory building them).
     */
    boolean quiet(FolderPair pair, Path root, PathFilter filter, QuietSeal seal) throws IOException {
        Optional<QuietPrefetch.Early> early = prefetch.early(seal, pair); // walked while the process started
        Optional<QuietSeal.Sealed> sealed = early.isPresent() ? Optional.of(early.get().sealed()) : seal.read(pair);
        if (sealed.isEmpty()) {
            return false;
        }
        listener.phase(pair.name(), "scanning");
        Background<Boolean> server = Background.start("oxisync-discover",
                () -> sealed.get().rootEtag().equals(api.folder(pair.remoteFolderId()).etag()));
        boolean disk;
        try {
            Optional<Boolean> walked = early.flatMap(QuietPrefetch.Early::outcome);
            QuietSeal.Sealed s = sealed.get();
            disk = walked.isPresent() ? walked.get() : scanner.unchangedSince(root, filter, s);
        } finally {
            server.awaitQuietly();
        }
        listener.phase(pair.name(), "discovering");
        return server.join() && disk;
    }
}
