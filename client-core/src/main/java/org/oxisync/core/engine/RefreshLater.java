package org.oxisync.core.engine;

import org.oxisync.core.remote.RemoteTreeFile;

/**
 * What {@link SyncEngine#runOnce} relists after the run: set when the run changed the server. The listing cache file, not
 * the listing: it is loaded again for the relisting, after the run's own data is garbage.
 */
final class RefreshLater {
    RemoteTreeFile file;
    String rootId;
    long lastChangeNanos;
    /** The server refused a write as forbidden this run. */
    boolean refusedWrites;
    /**
     * The run left no difference between the listing it read and the journal on purpose (a file listed in two
     * folders left as the journal has it, an unsafe row stood in for): the condition, with an OK report, for
     * emptying the pending folders.
     */
    boolean settled;
    /** What the run read, when it compared disk and server (null when it did not: quiet, stopped first, failed). */
    org.oxisync.core.scan.LocalHint seen;
}
