package org.oxisync.core.remote;

import org.oxisync.core.plan.RemoteSnapshot;

/**
 * What one remote discovery found.
 *
 * @param tree the listing to keep for the next run
 * @param snapshot the entries for the reconciler (paths relative to the pair's remote folder)
 * @param requests how many server requests the discovery made
 * @param unchanged true when the root's tree ETag matched and nothing was listed
 */
public record RemoteScan(RemoteTree tree, RemoteSnapshot snapshot, int requests, boolean unchanged) {}
