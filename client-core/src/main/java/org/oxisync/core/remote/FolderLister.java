package org.oxisync.core.remote;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.SkippedResource;

/**
 * Lists the next folders of a discovery at once: up to {@value #WINDOW} of them from the front of the queue, on up to
 * {@value #AT_ONCE} threads, each listing read to its end, returned in queue order (so the walk's result does not
 * depend on the order the answers come in). A run after edits scattered over 1,000 folders lists those 1,000 folders
 * (and relists them after the run, {@code ListingRefresh}); one after the other, each a round trip, that was most of
 * the run's time. The window bounds what is held: {@value #WINDOW} listings, not a level of 20,000 folders.
 */
final class FolderLister {
    /** Listings in flight at once. */
    static final int AT_ONCE = 4;
    /** Folders taken from the queue per call. */
    static final int WINDOW = 64;

    private final OxiCloudApi api;

    FolderLister(OxiCloudApi api) {
        this.api = api;
    }

    /** Takes up to {@value #WINDOW} folders from the front of {@code queue} and lists them. */
    List<RemoteScanner.Page> list(ArrayDeque<RemoteScanner.Pending> queue) {
        List<RemoteScanner.Pending> take = new ArrayList<>();
        while (!queue.isEmpty() && take.size() < WINDOW) {
            take.add(queue.poll());
        }
        if (take.size() == 1) {
            return List.of(listOne(take.get(0)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(AT_ONCE, take.size()), r -> {
            Thread t = new Thread(r, "oxisync-listing");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<RemoteScanner.Page>> pages = new ArrayList<>();
            for (RemoteScanner.Pending p : take) {
                pages.add(pool.submit(() -> listOne(p)));
            }
            List<RemoteScanner.Page> out = new ArrayList<>(take.size());
            for (Future<RemoteScanner.Page> f : pages) {
                out.add(get(f));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private RemoteScanner.Page listOne(RemoteScanner.Pending folder) {
        List<SkippedResource> skipped = new ArrayList<>();
        List<Resource> resources = new ArrayList<>();
        Iterator<Resource> it = api.allResources(folder.id(), skipped::add);
        while (it.hasNext()) {
            resources.add(it.next());
        }
        return new RemoteScanner.Page(folder, resources, skipped);
    }

    /** The listing, or its failure as the walk on one thread would have thrown it. */
    private static RemoteScanner.Page get(Future<RemoteScanner.Page> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing the server", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
