package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.scan.QuietDiff;
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
    static void writeSeal(QuietSeal seal, SealTouches touches, FolderPair pair, Optional<String> rootEtag,
                          ScanResult scan) {
        java.util.List<org.oxisync.core.plan.LocalEntry> entries = scan.snapshot().entries();
        long length = QuietRecord.length(entries); // -1: a link, a hashed file
        if (rootEtag.isEmpty() || length < 0) {
            return;
        }
        try { // streamed: the record of a million files is never held whole beside the run's snapshots
            seal.write(pair, rootEtag.get(), length, out -> QuietRecord.writeTo(entries, out));
            touches.delete(); // what a dry run left of an older seal's list: this seal covers it
        } catch (IOException e) {
            LOG.info("could not write the quiet seal {} ({}); the next run is a full one", seal.path(), e.toString());
            try {
                seal.delete();
            } catch (IOException again) {
                LOG.debug("could not remove the quiet seal {}: {}", seal.path(), again.toString());
            }
        }
    }

    /** What the check found. */
    sealed interface Verdict permits Quiet, Full, FromSeal {}

    /** Disk and server are as the seal says: the run is over. */
    record Quiet() implements Verdict {}

    /** No seal, or nothing it can tell: the run reads everything (and removes the seal before changing anything). */
    record Full() implements Verdict {}

    static final Verdict FULL = new Full();

    /**
     * The disk differs from the seal at {@code walked}'s paths, or the server's root changed: the run reads only the
     * folders around {@link #hint} (those paths and the journal's {@link SealTouches}) and keeps the seal, telling
     * {@code touches} every journal path it changes.
     */
    record FromSeal(QuietDiff.Differs walked, Set<String> hint, SealTouches touches) implements Verdict {
        /**
         * Whether the run's scan found every path of the hint as the walk did (nothing changed there between the walk
         * and the scan, and nothing was hashed): then a run that planned nothing may seal the walk's record.
         */
        boolean walkAgreesWith(ScanResult scan) {
            java.util.Map<String, org.oxisync.core.plan.LocalEntry> byPath = scan.snapshot().byPath();
            for (String path : hint) {
                Optional<byte[]> walkedEntry = walked.walked(path);
                org.oxisync.core.plan.LocalEntry scanned = byPath.get(path);
                Optional<byte[]> scannedEntry = scanned == null ? Optional.empty() : QuietRecord.bytesOf(scanned);
                if (scanned != null && scannedEntry.isEmpty()) {
                    return false; // hashed, or a link: no seal holds it
                }
                if (walkedEntry.isPresent() != scannedEntry.isPresent() || (walkedEntry.isPresent()
                        && !java.util.Arrays.equals(walkedEntry.get(), scannedEntry.get()))) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * The seal of the disk as the quiet check walked it, after a run from the seal that planned nothing (see
     * {@link FromSeal#walkAgreesWith}); the journal's touched paths are then covered by it and go.
     */
    static void reseal(QuietSeal seal, FolderPair pair, Optional<String> rootEtag, FromSeal from) {
        if (rootEtag.isEmpty()) {
            return;
        }
        try {
            seal.write(pair, rootEtag.get(), from.walked().recordLength(), from.walked()::writeRecord);
            from.touches().delete();
        } catch (IOException e) {
            LOG.info("could not renew the quiet seal {} ({}); the next run reads around the same paths", seal.path(),
                    e.toString());
        }
    }

    /**
     * The quiet check: with a seal from a full run that planned nothing (see {@link QuietSeal}), one request (the
     * root folder's tree ETag) and one walk of the disk that hashes nothing tell whether anything has changed since.
     * Both run at once. When nothing has, the run is over: the journal and the listing cache are not even read (a
     * no-change run of 100,000 files spent most of its time and memory building them). When the disk changed at some
     * paths only, or only the server changed, the run starts from the seal ({@link FromSeal}).
     */
    Verdict check(FolderPair pair, Path root, PathFilter filter, QuietSeal seal, SealTouches touches)
            throws IOException {
        Optional<QuietPrefetch.Early> early = prefetch.early(seal, pair); // walked while the process started
        Optional<QuietSeal.Sealed> sealed = early.isPresent() ? Optional.of(early.get().sealed()) : seal.read(pair);
        if (sealed.isEmpty()) {
            return FULL;
        }
        listener.phase(pair.name(), "scanning");
        Background<Boolean> server = Background.start("oxisync-discover",
                () -> sealed.get().rootEtag().equals(api.folder(pair.remoteFolderId()).etag()));
        QuietDiff.Outcome disk;
        try {
            Optional<QuietDiff.Outcome> walked = early.flatMap(QuietPrefetch.Early::outcome);
            disk = walked.isPresent() ? walked.get() : scanner.compareWithSeal(root, filter, sealed.get());
        } finally {
            server.awaitQuietly();
        }
        listener.phase(pair.name(), "discovering");
        boolean serverSame = server.join();
        // read once, up to the largest limit there is; the walk's own limit is applied below
        Optional<Set<String>> touched = touches.read(QuietDiff.MAX_LIMIT);
        if (disk instanceof QuietDiff.Same same) {
            if (serverSame && touched.equals(Optional.of(Set.of()))) {
                return new Quiet(); // (a journal path changed since the seal is read by a run from it, below)
            }
            disk = same.entryByEntry(); // only the server or the journal changed: the walk's entries, for a later seal
        }
        if (!(disk instanceof QuietDiff.Differs differs)) {
            LOG.debug("{}: a full run ({})", pair.name(), ((QuietDiff.Unknown) disk).why());
            return FULL;
        }
        int limit = QuietDiff.limit(differs.entries());
        if (touched.isEmpty() || touched.get().size() + differs.paths().size() > limit) {
            LOG.debug("{}: a full run (the journal's changes since the seal are unknown or too many)", pair.name());
            return FULL;
        }
        Set<String> hint = new HashSet<>(differs.paths());
        hint.addAll(touched.get());
        LOG.debug("{}: {} path(s) differ from the seal, {} touched in the journal since; the server {}", pair.name(),
                differs.paths().size(), touched.get().size(), serverSame ? "is unchanged" : "changed");
        return new FromSeal(differs, Set.copyOf(hint), touches);
    }
}
