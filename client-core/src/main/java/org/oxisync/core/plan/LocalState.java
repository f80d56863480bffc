package org.oxisync.core.plan;

/**
 * What a local file looked like when the plan was made. The executor replaces or removes a local file only if
 * it still matches (otherwise it changed since the scan: the action is dropped and retried next run).
 */
public record LocalState(long size, long mtimeMillis, String hash) {
    static LocalState of(LocalEntry e, String knownHash) {
        return new LocalState(e.size(), e.mtimeMillis(), knownHash);
    }
}
