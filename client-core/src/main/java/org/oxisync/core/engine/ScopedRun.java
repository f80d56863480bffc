package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.core.remote.RemoteScan;
import org.oxisync.core.remote.RemoteScanner;
import org.oxisync.core.remote.SharedStrings;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.scan.ScanResult;
import org.oxisync.store.journal.Journal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reading half of a run started by the watcher while the server is unchanged: the journal's rows, the disk and
 * the cached listing, each only within a {@link RunScope} grown until it holds everything the scan's findings need.
 * The rest of the run (narrowing, planning, executing) is the same as for any run, on these smaller inputs.
 */
final class ScopedRun {
    private static final Logger LOG = LoggerFactory.getLogger(ScopedRun.class);
    /** Rounds of growing the scope before the run reads everything instead (a scan per round). */
    static final int MAX_ROUNDS = 6;

    /** What the run plans on. */
    record Result(JournalBase base, ScanResult scan, RemoteScan remote, SharedStrings shared, RunScope scope) {}

    private final Journal journal;
    private final long pairId;
    private final LocalScanner scanner;

    ScopedRun(Journal journal, long pairId, LocalScanner scanner) {
        this.journal = journal;
        this.pairId = pairId;
        this.scanner = scanner;
    }

    /**
     * Reads the scope around {@code dirty} plus the folders of {@code pendingFolderIds}; empty when the scope does not
     * settle within {@link #MAX_ROUNDS}, a dirty path names the pair's root, or the cached listing cannot be read in
     * part (the caller then reads everything, as before). A dirty path where the journal has a file starts in the scope
     * by itself ({@link RunScope#files}); it brings its folder in once it is more than an edit in place.
     */
    Optional<Result> read(Path root, PathFilter filter, RemoteScanner.CacheCheck cache,
                          Collection<String> pendingFolderIds, Collection<String> dirty) throws IOException {
        Map<String, String> folderPaths = cache.folderPaths();
        List<String> pendingPaths = new ArrayList<>();
        for (String id : pendingFolderIds) {
            String p = folderPaths.get(id);
            if (p != null) {
                pendingPaths.add(p);
            } // a folder no longer in the listing: its rows went with it (and its parent is pending too)
        }
        Optional<RunScope> around = RunScope.around(dirty, knownFiles(dirty));
        if (around.isEmpty()) {
            return Optional.empty();
        }
        RunScope scope = around.get().withChildrenOf(pendingPaths);
        Set<String> hint = new HashSet<>(dirty);
        Set<String> notInPlace = new HashSet<>();
        for (int round = 0; round < MAX_ROUNDS; round++) {
            JournalBase base = new JournalBase(scope.journalRows(journal, pairId));
            Set<String> alone = scope.alone();
            alone.removeAll(notInPlace);
            ScanResult scan = scanner.scan(root, filter, base, LocalHint.of(hint, alone));
            List<String> movedFrom = movedFrom(scan, base, hint);
            SharedStrings shared = SharedStrings.of(base);
            RunScope settled = scope;
            Optional<RemoteScan> read = cache.part(settled::contains, settled::readsRowsOf, shared);
            if (read.isEmpty()) {
                return Optional.empty();
            }
            RemoteScan remote = withoutRowsOutside(read.get(), settled);
            movedFrom.addAll(remotelyMovedFrom(remote, base, hint));
            Set<String> more = new HashSet<>(alone);
            more.removeAll(Narrowing.inPlace(alone, scan.snapshot(), remote.snapshot(), base));
            RunScope needed = scope.needed(scan, base, movedFrom, more);
            if (movedFrom.isEmpty() && more.isEmpty() && scope.covers(needed)) {
                LOG.debug("scoped run: {} journal rows, {} remote entries, {} read from disk ({} files alone), round {}:"
                                + " {}", base.entries().size(), remote.snapshot().entries().size(), scan.entriesRead(),
                        alone.size(), round + 1, settled);
                return Optional.of(new Result(base, scan, remote, shared, settled));
            }
            hint.addAll(movedFrom);
            notInPlace.addAll(more);
            scope = scope.plus(needed);
        }
        LOG.debug("scoped run: the scope did not settle in {} rounds; reading everything", MAX_ROUNDS);
        return Optional.empty();
    }

    /** The dirty paths (as a scan spells them) where the journal has a file that the server holds: maybe in place. */
    private Set<String> knownFiles(Collection<String> dirty) {
        Set<String> out = new HashSet<>();
        for (String raw : dirty) {
            String p = RunScope.normalize(raw);
            if (!p.isEmpty() && journal.get(pairId, p)
                    .filter(j -> j.kind() == org.oxisync.store.journal.EntryKind.FILE && j.remoteId() != null).isPresent()) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * {@code read} without the listing's rows outside {@code scope}: the rows of a folder read for a file in the scope
     * by itself include its siblings, which the journal's part and the scan do not hold (planned, they would look
     * new on the server).
     */
    private static RemoteScan withoutRowsOutside(RemoteScan read, RunScope scope) {
        if (scope.files().isEmpty()) {
            return read;
        }
        List<org.oxisync.core.plan.RemoteEntry> kept = new ArrayList<>();
        boolean dropped = false;
        for (org.oxisync.core.plan.RemoteEntry e : read.snapshot().entries()) {
            if (scope.contains(e.path())) {
                kept.add(e);
            } else {
                dropped = true;
            }
        }
        return dropped ? read.withSnapshot(new RemoteSnapshot(kept)) : read;
    }

    /**
     * Journal paths outside the scope (not among {@code hint}) of the server entries the scope's part of the listing
     * holds at another path: a server move whose old place is outside the scope, looked up by remote id through the
     * journal's index. Both ends are then read, as a run reading everything reads both ({@link RemoteChanges}).
     */
    private List<String> remotelyMovedFrom(RemoteScan remote, JournalBase base, Set<String> hint) {
        Map<String, JournalEntry> byId = base.byRemoteId();
        List<String> sources = new ArrayList<>();
        for (org.oxisync.core.plan.RemoteEntry r : remote.snapshot().entries()) {
            if (r.id() == null || byId.containsKey(r.id())) {
                continue;
            }
            journal.findByRemoteId(pairId, r.id()).map(org.oxisync.store.journal.JournalEntry::path)
                    .filter(p -> !p.equals(r.path()) && !hint.contains(p)).ifPresent(sources::add);
        }
        return sources;
    }

    /**
     * Journal paths, not among {@code hint}, of the file keys the scan found at another path (a move whose old
     * place the watcher did not report; see {@link MoveSources}), looked up through the journal's file key index.
     */
    private List<String> movedFrom(ScanResult scan, JournalBase base, Set<String> hint) {
        Map<String, JournalEntry> byPath = base.byPath();
        List<String> sources = new ArrayList<>();
        for (LocalEntry e : scan.snapshot().entries()) {
            if (e.fileKey() == null) {
                continue;
            }
            JournalEntry here = byPath.get(e.path());
            if (here != null && e.fileKey().equals(here.fileKey())) {
                continue;
            }
            for (String p : journal.pathsWithFileKey(pairId, e.fileKey())) {
                if (!p.equals(e.path()) && !hint.contains(p)) {
                    sources.add(p);
                }
            }
        }
        return sources;
    }
}
