package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/** The counters of one run, safe to update from transfer workers. */
final class RunTally {
    final AtomicInteger uploaded = new AtomicInteger();
    final AtomicInteger downloaded = new AtomicInteger();
    final AtomicInteger deletedLocal = new AtomicInteger();
    final AtomicInteger deletedRemote = new AtomicInteger();
    final AtomicInteger moved = new AtomicInteger();
    final AtomicInteger conflicts = new AtomicInteger();
    final AtomicLong bytesSent = new AtomicLong();
    final AtomicLong bytesReceived = new AtomicLong();
    final AtomicLong bytesReused = new AtomicLong();
    final AtomicInteger remoteChanges = new AtomicInteger();
    private final AtomicLong lastRemoteChangeNanos = new AtomicLong();
    private final java.util.Set<String> touchedFolders = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final List<ItemError> errors = new ArrayList<>();
    private final List<ItemError> skipped = new ArrayList<>();
    /** Writes the server refused as forbidden: path → {@link org.oxisync.core.plan.PairRights#fingerprint}. */
    private final java.util.Map<String, String> refused = new java.util.HashMap<>();

    /** Counts one change made on the server and notes when (monotonic time, for the wait on the server's flush). */
    void remoteChanged() {
        remoteChanges.incrementAndGet();
        lastRemoteChangeNanos.set(System.nanoTime());
    }

    /** A write to the listing of the server folder {@code folderId} is about to be sent (null: nothing known). */
    void touched(String folderId) {
        if (folderId != null) {
            touchedFolders.add(folderId);
        }
    }

    /** The server folders whose listings this run wrote to (or tried to). */
    java.util.Set<String> touchedFolders() {
        return java.util.Set.copyOf(touchedFolders);
    }

    /** {@link System#nanoTime()} of the last {@link #remoteChanged()}; meaningful only when one happened. */
    long lastRemoteChangeNanos() {
        return lastRemoteChangeNanos.get();
    }

    synchronized void error(String path, Reason reason) {
        errors.add(new ItemError(path, reason));
    }

    synchronized void skipped(String path, Reason reason) {
        skipped.add(new ItemError(path, reason));
    }

    /** The server refused a write the pair's rights allowed: held back (skipped with the reason), remembered. */
    synchronized void refused(String path, String fingerprint, Reason cause) {
        refused.put(path, fingerprint);
        skipped.add(new ItemError(path, new Reason(ReasonCode.REFUSED_BY_SERVER, cause.args(),
                "held back: the server refused it (" + cause.detail() + "); not sent again until"
                + " it changes or the pair's role does")));
    }

    synchronized java.util.Map<String, String> refused() {
        return java.util.Map.copyOf(refused);
    }

    synchronized List<ItemError> errors() {
        return List.copyOf(errors);
    }

    synchronized List<ItemError> skipped() {
        return List.copyOf(skipped);
    }
}
