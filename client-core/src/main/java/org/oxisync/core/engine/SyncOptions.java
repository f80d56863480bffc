package org.oxisync.core.engine;

import java.util.Objects;
import org.oxisync.core.scan.LocalHint;

/**
 * Per-run switches.
 *
 * @param dryRun plan only: print what would happen, change nothing
 * @param allowMassDelete go on even when more than half of the pair's files (and more than 100) would be deleted
 * @param workers concurrent transfers
 * @param host this machine's name, used in conflict copy names
 * @param stop polled at safe points; when it says so the run stops there (pause, shutdown)
 * @param localHint which local paths may have changed since the last run ({@link LocalHint#ALL}: scan everything)
 * @param staleRemoteFolders server folders known to have changed (a real-time bus event names its folder): listed
 *                           again whatever their tree ETags say, since the server bumps those up to 500 ms later
 * @param restoreMassDelete when the mass-delete guard would stop the run, copy the files it would delete back to
 *                          the side where they are missing instead (the desktop app's "Keep them")
 */
public record SyncOptions(boolean dryRun, boolean allowMassDelete, int workers, String host, StopSignal stop,
                          LocalHint localHint, java.util.Set<String> staleRemoteFolders, boolean restoreMassDelete) {
    public SyncOptions {
        staleRemoteFolders = java.util.Set.copyOf(staleRemoteFolders);
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1");
        }
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(localHint, "localHint");
    }

    public SyncOptions(boolean dryRun, boolean allowMassDelete, int workers, String host, StopSignal stop,
                       LocalHint localHint, java.util.Set<String> staleRemoteFolders) {
        this(dryRun, allowMassDelete, workers, host, stop, localHint, staleRemoteFolders, false);
    }

    public SyncOptions(boolean dryRun, boolean allowMassDelete, int workers, String host, StopSignal stop,
                       LocalHint localHint) {
        this(dryRun, allowMassDelete, workers, host, stop, localHint, java.util.Set.of());
    }

    public SyncOptions(boolean dryRun, boolean allowMassDelete, int workers, String host, StopSignal stop) {
        this(dryRun, allowMassDelete, workers, host, stop, LocalHint.ALL);
    }

    public SyncOptions(boolean dryRun, boolean allowMassDelete, int workers, String host) {
        this(dryRun, allowMassDelete, workers, host, StopSignal.NEVER, LocalHint.ALL);
    }

    public static SyncOptions defaults(String host) {
        return new SyncOptions(false, false, 4, host);
    }

    public SyncOptions withDryRun(boolean v) {
        return new SyncOptions(v, allowMassDelete, workers, host, stop, localHint, staleRemoteFolders, restoreMassDelete);
    }

    public SyncOptions withAllowMassDelete(boolean v) {
        return new SyncOptions(dryRun, v, workers, host, stop, localHint, staleRemoteFolders, restoreMassDelete);
    }

    public SyncOptions withWorkers(int v) {
        return new SyncOptions(dryRun, allowMassDelete, v, host, stop, localHint, staleRemoteFolders, restoreMassDelete);
    }

    public SyncOptions withStop(StopSignal v) {
        return new SyncOptions(dryRun, allowMassDelete, workers, host, v, localHint, staleRemoteFolders, restoreMassDelete);
    }

    public SyncOptions withLocalHint(LocalHint v) {
        return new SyncOptions(dryRun, allowMassDelete, workers, host, stop, v, staleRemoteFolders, restoreMassDelete);
    }

    public SyncOptions withStaleRemoteFolders(java.util.Set<String> v) {
        return new SyncOptions(dryRun, allowMassDelete, workers, host, stop, localHint, v, restoreMassDelete);
    }

    public SyncOptions withRestoreMassDelete(boolean v) {
        return new SyncOptions(dryRun, allowMassDelete, workers, host, stop, localHint, staleRemoteFolders, v);
    }
}
