package org.oxisync.core.remote;

import org.oxisync.core.plan.RemoteSnapshot;

/**
 * What one remote discovery found.
 *
 * @param tree the listing to keep for the next run; null once {@link #withoutTree()} let it go
 * @param snapshot the entries for the reconciler (paths relative to the pair's remote folder)
 * @param requests how many server requests the discovery made
 * @param unchanged true when the root's tree ETag matched and nothing was listed
 * @param skipped listing rows left out because using them would be unsafe (a name that is not one path segment);
 *                the folders that held them are stored stale, so every run lists them again until they are fixed
 */
public record RemoteScan(RemoteTree tree, RemoteSnapshot snapshot, int requests, boolean unchanged,
                         java.util.List<org.oxisync.protocol.SkippedResource> skipped) {
    public RemoteScan {
        skipped = java.util.List.copyOf(skipped);
    }

    public RemoteScan(RemoteTree tree, RemoteSnapshot snapshot, int requests, boolean unchanged) {
        this(tree, snapshot, requests, unchanged, java.util.List.of());
    }

    /**
     * The same discovery without its listing, for a run that plans on the snapshot and reads the listing back from
     * its cache file only when it needs it (at a million files the listing is about 85 MB).
     */
    public RemoteScan withoutTree() {
        return new RemoteScan(null, snapshot, requests, unchanged, skipped);
    }

    /** The same discovery with another snapshot (stand-ins added for skipped rows). */
    public RemoteScan withSnapshot(RemoteSnapshot s) {
        return new RemoteScan(tree, s, requests, unchanged, skipped);
    }
}
