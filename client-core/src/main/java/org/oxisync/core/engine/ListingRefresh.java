package org.oxisync.core.engine;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.oxisync.core.remote.RemoteScanner;
import org.oxisync.core.remote.RemoteTree;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.core.remote.SplicedListing;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Sleeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relisting after a run that changed the server, so that the next run of an idle pair costs one request.
 *
 * <p>OxiCloud 0.8.7 does not bump the tree ETags of a change's ancestors at once: a flusher applies the queued bumps
 * every {@code OXICLOUD_TREE_ETAG_FLUSH_MS} = 500 ms ({@code src/application/services/tree_etag_flush_service.rs},
 * audit finding #10). Relisting at once would read the pre-flush root ETag, save nothing, and leave every folder the
 * run changed to be listed again by the next run. So the relisting waits for the flush that carries the run's last
 * change: it reads the root's ETag once the run is over, then every {@value #POLL_MILLIS} ms until it moves (the first
 * flush after the run's last change applies every bump the run queued, and a bump of any folder moves the root's
 * tree ETag) or until the flush interval plus a margin has passed since that change. Real time, since the server's
 * flusher runs on real time. A few small requests instead of a listing of every changed folder in the next run.
 */
final class ListingRefresh {
    private static final Logger LOG = LoggerFactory.getLogger(ListingRefresh.class);

    static final long POLL_MILLIS = 100;
    private final OxiCloudApi api;
    private final Duration flushWait;
    private final Sleeper sleeper;

    ListingRefresh(OxiCloudApi api, Duration flushWait, Sleeper sleeper) {
        this.api = Objects.requireNonNull(api, "api");
        this.flushWait = Objects.requireNonNull(flushWait, "flushWait");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    /**
     * Relists the listing cached in {@code file} (of the remote folder {@code rootId}) after a run whose last change
     * on the server was at {@code lastChangeNanos} ({@link System#nanoTime}). The cached listing is loaded only once
     * the flush has been waited for: the run holds none of it; with the cache's index, only the folders that changed are
     * read and rewritten ({@link SplicedListing}). The folders whose rows the relisting changed are
     * added to {@code pending} before the listing is saved.
     */
    void after(RemoteTreeFile file, String rootId, long lastChangeNanos, PendingFolders pending) {
        try {
            awaitFlush(rootId, lastChangeNanos + flushWait.toNanos());
            RemoteScanner scanner = new RemoteScanner(api);
            Optional<SplicedListing.Relisted> spliced = SplicedListing.relist(scanner, file, rootId,
                    api.folder(rootId));
            if (spliced.isPresent()) { // only the changed folders read and written (SplicedListing)
                if (!spliced.get().unchanged()) {
                    addOrForget(pending, ListingChanges.foldersWithNewRows(spliced.get().before(),
                            spliced.get().after()));
                    SplicedListing.save(file, spliced.get());
                }
                return;
            }
            RemoteTree before = file.load(rootId);
            Optional<RemoteTree> after = scanner.relist(before);
            if (after.isPresent()) {
                addOrForget(pending, ListingChanges.foldersWithNewRows(before, after.get()));
                file.save(after.get());
            }
        } catch (OxiCloudException | IOException e) {
            LOG.info("could not refresh the remote listing after the run ({}); the next run lists it", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // a stop request: the next run lists what changed
        }
    }

    /**
     * The relisting may bring another device's changes beside the run's own: the folders whose rows it changed are
     * compared with the journal by the next run ({@link PendingFolders}), written before the save.
     */
    private static void addOrForget(PendingFolders pending, Optional<java.util.Set<String>> changed)
            throws IOException {
        if (changed.isPresent()) {
            pending.add(changed.get());
        } else {
            pending.forget();
        }
    }

    /** Waits until the root's tree ETag moves after the run, or until {@code deadlineNanos}. */
    private void awaitFlush(String rootId, long deadlineNanos) throws InterruptedException {
        if (System.nanoTime() >= deadlineNanos) {
            return;
        }
        String seen = api.folder(rootId).etag();
        while (System.nanoTime() < deadlineNanos) {
            waitUntil(Math.min(deadlineNanos, System.nanoTime() + POLL_MILLIS * 1_000_000L));
            if (!seen.equals(api.folder(rootId).etag())) {
                return;
            }
        }
    }

    private void waitUntil(long deadlineNanos) throws InterruptedException {
        long left = deadlineNanos - System.nanoTime();
        if (left > 0) {
            sleeper.sleep(Duration.ofNanos(left));
        }
    }
}
