package org.oxisync.core.engine;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.oxisync.core.remote.RemoteScanner;
import org.oxisync.core.remote.RemoteTree;
import org.oxisync.core.remote.RemoteTreeFile;
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
 * run changed to be listed again by the next run. So the relisting waits until one flush interval plus a margin has
 * passed since the run's last change on the server (real time, since the server's flusher runs on real time), and
 * if the root's ETag has still not moved (a slower server), waits once more.
 */
final class ListingRefresh {
    private static final Logger LOG = LoggerFactory.getLogger(ListingRefresh.class);

    private final OxiCloudApi api;
    private final Duration flushWait;
    private final Sleeper sleeper;

    ListingRefresh(OxiCloudApi api, Duration flushWait, Sleeper sleeper) {
        this.api = Objects.requireNonNull(api, "api");
        this.flushWait = Objects.requireNonNull(flushWait, "flushWait");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    /** Relists after a run whose last change on the server was at {@code lastChangeNanos} ({@link System#nanoTime}). */
    void after(RemoteTree before, RemoteTreeFile file, long lastChangeNanos) {
        RemoteScanner scanner = new RemoteScanner(api);
        try {
            waitUntil(lastChangeNanos + flushWait.toNanos());
            Optional<RemoteTree> after = scanner.relist(before);
            if (after.isEmpty() && !flushWait.isZero()) {
                waitUntil(System.nanoTime() + flushWait.toNanos());
                after = scanner.relist(before);
            }
            if (after.isPresent()) {
                file.save(after.get());
            }
        } catch (OxiCloudException | IOException e) {
            LOG.info("could not refresh the remote listing after the run ({}); the next run lists it", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // a stop request: the next run lists what changed
        }
    }

    private void waitUntil(long deadlineNanos) throws InterruptedException {
        long left = deadlineNanos - System.nanoTime();
        if (left > 0) {
            sleeper.sleep(Duration.ofNanos(left));
        }
    }
}
