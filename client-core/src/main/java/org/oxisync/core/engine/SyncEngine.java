package org.oxisync.core.engine;

import org.oxisync.core.reason.ActivityCode;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.oxisync.core.ignore.IgnoreFile;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.ServerNamePolicy;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.MassDeleteGuard;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.Reconciler;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.SyncPlan;
import org.oxisync.core.progress.ProgressAccumulator;
import org.oxisync.core.remote.RemoteRoot;
import org.oxisync.core.remote.RemoteScan;
import org.oxisync.core.remote.RemoteScanner;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.core.remote.SharedStrings;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.scan.ScanResult;
import org.oxisync.core.transfer.Downloader;
import org.oxisync.core.transfer.EarlyChunks;
import org.oxisync.core.transfer.EarlySendingDigester;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.core.transfer.Uploader;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Sleeper;
import org.oxisync.core.naming.TempNames;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One sync run of one folder pair: scan local ─► discover remote ─► reconcile (pure) ─► guard ─► execute ─►
 * report. The store's directory lock (taken when the store opens) keeps a second process off the same account.
 */
public final class SyncEngine {
    private static final Logger LOG = LoggerFactory.getLogger(SyncEngine.class);
    /** OxiCloud's tree-ETag flush interval (500 ms) plus a margin for the flush itself. */
    public static final Duration DEFAULT_SERVER_FLUSH_WAIT = Duration.ofMillis(700);

    private final OxiCloudApi api;
    private final LocalStore store;
    private final LocalScanner scanner;
    private final Uploader uploader;
    /** What the scans sent of large files while hashing them, until their uploads commit it. */
    private final EarlyChunks early;
    private final Downloader downloader;
    private final TransferOptions transferOptions;
    private final Clock clock;
    private final SyncListener listener;
    private final QuietPrefetch prefetch;
    private final ListingRefresh listingRefresh;

    private final QuietCheck quietCheck;
    /** The scan and discovery of a run that reads more than its scope. */
    private final RunReads reads;
    private final RunReports reports;
    private final RoleSource roleSource;
    public SyncEngine(OxiCloudApi api, LocalStore store, LocalScanner scanner, TransferOptions transferOptions,
                      Clock clock, SyncListener listener) {
        this(api, store, scanner, transferOptions, clock, listener, QuietPrefetch.none());
    }

    /** With quiet walks started early (see {@link QuietPrefetch}), for a command that syncs once and exits. */
    public SyncEngine(OxiCloudApi api, LocalStore store, LocalScanner scanner, TransferOptions transferOptions,
                      Clock clock, SyncListener listener, QuietPrefetch prefetch) {
        this(api, store, scanner, transferOptions, clock, listener, prefetch, DEFAULT_SERVER_FLUSH_WAIT, Sleeper.SYSTEM);
    }

    /**
     * {@code serverFlushWait}: how long after its last change on the server a run waits before it relists the
     * server (see {@link ListingRefresh}); ZERO relists at once (the next run may then list the changed folders
     * again: a cost, never a wrong sync).
     */
    public SyncEngine(OxiCloudApi api, LocalStore store, LocalScanner scanner, TransferOptions transferOptions,
                      Clock clock, SyncListener listener, QuietPrefetch prefetch, Duration serverFlushWait,
                      Sleeper sleeper) {
        this(api, store, scanner, transferOptions, clock, listener, prefetch, serverFlushWait, sleeper, RoleSource.NONE);
    }

    /** {@code roleSource}: where a pair re-reads its role when the server refuses a write (see {@link RoleSource}). */
    public SyncEngine(OxiCloudApi api, LocalStore store, LocalScanner scanner, TransferOptions transferOptions,
                      Clock clock, SyncListener listener, QuietPrefetch prefetch, Duration serverFlushWait,
                      Sleeper sleeper, RoleSource roleSource) {
        this.roleSource = Objects.requireNonNull(roleSource, "roleSource");
        this.api = Objects.requireNonNull(api, "api");
        this.store = Objects.requireNonNull(store, "store");
        this.scanner = Objects.requireNonNull(scanner, "scanner");
        this.transferOptions = Objects.requireNonNull(transferOptions, "transferOptions");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.prefetch = Objects.requireNonNull(prefetch, "prefetch");
        this.early = new EarlyChunks(clock);
        this.uploader = new Uploader(api, store, transferOptions, Sleeper.SYSTEM, early);
        this.downloader = new Downloader(api, store, transferOptions, scanner.digester());
        this.listingRefresh = new ListingRefresh(api, serverFlushWait, sleeper);
        this.quietCheck = new QuietCheck(api, scanner, listener, prefetch);
        this.reads = new RunReads(api, store, listener);
        this.reports = new RunReports(clock);
    }

    public SyncReport runOnce(FolderPair given, SyncOptions options) {
        Instant start = clock.instant();
        // the stored settings: an earlier run may have changed the pair's role or its refused writes since the
        // caller (a long-running daemon worker) read the pair
        FolderPair pair = given.id() == 0 ? given : store.accounts().pair(given.id())
                .map(stored -> PairRightsSettings.write(given, PairRightsSettings.read(stored))).orElse(given);
        SyncReport report;
        org.oxisync.core.scan.LocalHint seen = null;
        try {
            // a Shared drive or shared folder: still there, its name, the role (one request; Personal pairs skip it)
            DriveCheck.Verdict drive = DriveCheck.before(api, store, pair, options.dryRun());
            if (drive instanceof DriveCheck.Stop stop) {
                LOG.warn("{}: {}", pair.name(), stop.reason().detail());
                return finish(pair, SyncReport.failed(pair.name(), stop.reason(), reports.elapsed(start)), options, null);
            }
            pair = ((DriveCheck.Go) drive).pair();
            RefreshLater refresh = new RefreshLater();
            report = run(pair, options, start, refresh);
            seen = refresh.seen;
            boolean settled = refresh.settled;
            FolderPair replan = refresh.refusedWrites ? RoleChange.reread(store, roleSource, pair) : null;
            if (replan != null) { // the role changed while the pair ran: plan again under the new rights, once
                LOG.warn("{}: the server refused writes; the pair's role is now {}", pair.name(),
                        PairRightsSettings.read(replan).role().wireName());
                RefreshLater again = new RefreshLater();
                report = RoleChange.combine(report, run(replan, options, start, again),
                        PairRightsSettings.read(replan).role());
                settled = again.settled;
                seen = again.seen;
                if (again.file != null) {
                    refresh = again;
                }
            }
            PendingFolders pending = PendingFolders.forPair(store.directory(), pair.id());
            if (!options.dryRun() && report.status() == SyncStatus.OK && settled) {
                // every difference the run saw was planned and done, and it saw every pending folder
                pending.write(Set.of());
            }
            if (refresh.file != null) {
                // after run() has returned, so that the run's snapshots are garbage while the server is listed again
                listingRefresh.after(refresh.file, refresh.rootId, refresh.lastChangeNanos, pending);
                report = report.withElapsed(reports.elapsed(start));
            }
        } catch (OxiCloudException.AuthExpired | OxiCloudException.LoginFailed e) {
            report = SyncReport.failed(pair.name(), Reason.of(ReasonCode.SIGN_IN_REFUSED,
                    org.oxisync.core.reason.Reasons.describe(e)), reports.elapsed(start));
        } catch (OxiCloudException e) {
            Reason why = RemoteRoot.isGone(api, pair.remoteFolderId(), e)
                    ? DriveCheck.gone(api, pair) // in the drive's terms when the drive or share itself is gone
                    : Failures.reason(e).withDetail("the server could not be used: " + e.getMessage());
            report = SyncReport.failed(pair.name(), why, reports.elapsed(start));
        } catch (IOException e) {
            report = SyncReport.failed(pair.name(), Failures.reason(e), reports.elapsed(start));
        }
        return finish(pair, report, options, seen);
    }

    /**
     * What the run left out, carried to the next runs; the run's activity line (not for a preview: a dry run, the
     * wizard's review) and the listener's report.
     */
    private SyncReport finish(FolderPair pair, SyncReport given, SyncOptions options,
                              org.oxisync.core.scan.LocalHint seen) {
        SyncReport report = LeftOutItems.forPair(store.directory(), pair.id()).carry(given, seen, options.dryRun());
        if (!options.dryRun()) {
            store.activity().append(pair.id(), "run", "",
                    report.status().wireName() + ": " + RunReports.summary(report), ActivityCode.RUN.stored(),
                    ActivityCode.args("status", report.status().wireName(), "changes", report.changes(),
                            "conflicts", report.conflicts(), "errors", report.errors().size()));
        }
        listener.finished(report);
        return report;
    }

    private SyncReport run(FolderPair stored, SyncOptions options, Instant start, RefreshLater refresh)
            throws IOException {
        Path root = Path.of(stored.localRoot());
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            // Never read a missing root (an unmounted disk) as "everything was deleted".
            return SyncReport.failed(stored.name(), Reason.of(ReasonCode.LOCAL_FOLDER_MISSING, "the local folder " + root
                    + " is missing or not a folder; nothing was synced (if it moved, remove and re-add the pair)",
                    "folder", root), reports.elapsed(start));
        }
        FolderPair pair; // with the folder's .oxisyncignore as it is now, then the pair's own patterns
        try {
            pair = IgnoreFile.effective(stored);
        } catch (IgnoreFile.Invalid e) {
            return SyncReport.failed(stored.name(), Reason.of(ReasonCode.IGNORE_FILE_INVALID, e.getMessage()),
                    reports.elapsed(start));
        }
        if (!options.dryRun()) {
            SettledConflicts.clear(store, pair); // a conflicted copy deleted by hand settles its conflict
        }
        PathFilter filter = IgnoreFile.filter(pair);
        LocalHint hint = options.localHint();
        QuietSeal seal = QuietSeal.forPair(store.directory(), pair.id());
        SealTouches touches = SealTouches.forPair(store.directory(), pair.id());
        QuietCheck.Verdict quiet = hint == LocalHint.ALL && options.staleRemoteFolders().isEmpty()
                && !store.needsRebuild() ? quietCheck.check(pair, root, filter, seal, touches) : QuietCheck.FULL;
        if (quiet instanceof QuietCheck.Quiet) {
            LOG.debug("{}: quiet check: the disk and the server are as the last full run left them", pair.name());
            store.versions().applyRetention();
            refresh.settled = true; // as the last full run left it, which planned nothing
            if (!options.dryRun()) {
                StaleItemErrors.clearAll(store, pair.id());
            }
            return reports.report(pair, new RunTally(), List.of(), null, start, options.dryRun());
        }
        // A run from the seal reads around the paths where the disk or the journal changed since (the watcher's hint
        // for a run with no watcher: a sync-once after edits) and keeps the seal true (SealTouches)
        QuietCheck.FromSeal fromSeal = quiet instanceof QuietCheck.FromSeal f ? f : null;
        // A run started by the watcher keeps a seal too, the same way: the next run without a watcher (the daemon's
        // hourly one, a sync-once) then starts from it instead of reading everything
        boolean keepSeal = !options.dryRun() && (fromSeal != null
                || (hint instanceof LocalHint.Paths && Files.exists(seal.path())));
        if (fromSeal != null) {
            hint = LocalHint.of(fromSeal.hint());
        } else if (!keepSeal && !options.dryRun()) {
            seal.delete(); // before this run changes anything (see QuietSeal)
            touches.delete();
        }
        RemoteTreeFile treeFile = RemoteTreeFile.forPair(store.directory(), pair.id());
        PendingFolders pending = PendingFolders.forPair(store.directory(), pair.id());
        LocalScanner scans = runScanner(pair, options);
        // A run started by the watcher reads only the folders around its paths when it can (ScopedStart, RunScope):
        // at a million files a save no longer reads the journal and the listing cache whole
        ScopedStart.Attempt attempt = new ScopedStart(api, store, listener).attempt(pair, options, hint, root, filter,
                scans, treeFile, pending);
        RemoteScanner.CacheCheck cacheCheck = attempt.cacheCheck();
        ScopedRun.Result scoped = attempt.scoped();
        boolean listedChanges = attempt.listedChanges(); // this run saved the server's changes to the cache
        if (scoped == null) { // a dry run too: its discovery saves a changed listing like any run's
            pending.forget(); // this run may save a changed listing whose changes nobody has compared yet
        }
        JournalBase base = scoped != null ? scoped.base()
                : new JournalBase(store.journal().all(pair.id(), JournalMapping::toPlan));

        if (scoped == null && hint instanceof LocalHint.Paths && (store.needsRebuild() || base.entries().isEmpty())) {
            hint = LocalHint.ALL; // nothing recorded to take the unchanged entries from
            if (keepSeal) {
                seal.delete();
                touches.delete();
            }
            keepSeal = false;
            fromSeal = null;
        }
        JournalTouches journalTouches = keepSeal ? touches.recorder(seal) : JournalTouches.NONE;
        SharedStrings shared = scoped != null ? scoped.shared() : SharedStrings.of(base);
        RemoteScanner remoteScanner = new RemoteScanner(api, shared);
        ScanResult scan;
        RemoteScan remote;
        // The root's tree ETag for the seal; the listing itself is let go as soon as discovery has made the
        // snapshot, not held while the disk is walked (about 100 bytes a file beside the scan: the run's peak)
        AtomicReference<Optional<String>> rootEtag = new AtomicReference<>(Optional.empty());
        if (scoped != null) {
            scan = scoped.scan();
            remote = scoped.remote();
            rootEtag.set(cacheCheck.rootEtag());
        } else {
            RunReads.Read read = hint instanceof LocalHint.Paths paths
                    ? reads.incremental(pair, options, root, filter, scans, base, remoteScanner, shared, treeFile,
                            paths, rootEtag, cacheCheck, listedChanges)
                    : reads.full(pair, options, root, filter, scans, base, remoteScanner, shared, treeFile, rootEtag);
            if (read == null) {
                return reports.stoppedBeforeChanges(pair, start);
            }
            scan = read.scan();
            remote = read.remote();
        }
        // The listing itself is not held while the run plans (about 85 bytes a file: the rows and their names): the
        // cache file has it (discovery saved it, or read it from there unchanged) and it is read again only when
        // the run writes to the server or relists it (bench/README.md "A million files").
        byte[] ownNames = store.ownNamesKey();
        for (Path temp : scan.leftoverTemps()) {
            if (TempNames.madeWith(ownNames, temp.getFileName().toString())) {
                Files.deleteIfExists(temp); // ours: a crash's leftover; a file merely named like one is the user's
            }
        }
        if (options.stop().stopRequested()) {
            return reports.stoppedBeforeChanges(pair, start);
        }

        listener.phase(pair.name(), "planning");
        PairRights rights = PairRightsSettings.read(pair);
        Reconciler reconciler = new Reconciler(new ConflictNamer(clock, options.host()), new ServerNamePolicy(),
                LocalNamePolicy.forCurrentOs(), filter, rights);
        // Full and incremental runs alike: entries on which all three sides agree yield no action, so the reconciler
        // sees only the differing part (a no-change run of 20,000 files spent about 40 % of its time reconciling)
        List<ItemError> unsafeRows = new java.util.ArrayList<>();
        remote = SkippedRows.standIn(remote, base, unsafeRows);
        ListedTwice.Result twice = ListedTwice.settle(remote, base);
        if (!twice.staleFolderIds().isEmpty()) {
            LOG.info("{}: the server listed a file in two folders at once (moved between two listings); left as the"
                    + " journal has it for this run; {} folder(s) are listed again next run", pair.name(),
                    twice.staleFolderIds().size());
            remote = twice.remote();
            if (!options.dryRun()) { // the listing is not held (above): mark the folders stale in its cache file
                treeFile.markStale(twice.staleFolderIds());
            }
        }
        Narrowing.Narrowed narrowed = Narrowing.reconcile(reconciler, scan.snapshot(), remote.snapshot(), base);
        SyncPlan plan = narrowed.plan();
        TwinRecords twins = narrowed.outside(); // new to the journal, alike on both sides: recorded, not planned
        NewUploads uploads = narrowed.uploads(); // new files where nothing claims them: uploaded after the plan
        List<String> lines = new PlanLines(plan.actions(), twins, uploads);
        if (LOG.isDebugEnabled() && !lines.isEmpty()) { // OXISYNC_LOG_LEVEL=debug: what each run set out to do
            LOG.debug("{}: {} run plans {} step(s):\n  {}", pair.name(), hint == LocalHint.ALL ? "full" : "incremental",
                    lines.size(), String.join("\n  ", lines));
        }

        // a scoped run's journal rows are a part of the pair: the guard counts the whole pair's files (when it may
        // matter: the plan deletes something)
        int pairFiles = scoped == null ? (int) base.entries().stream().filter(e -> e.kind() == EntryKind.FILE).count()
                : deletesAny(plan) ? (int) store.journal().countFiles(pair.id()) : 0;
        MassDeleteGuard.Verdict verdict = MassDeleteGuard.check(plan, pairFiles);
        if (verdict.exceeds() && options.restoreMassDelete() && !options.dryRun()) {
            // "Keep them": the user said the deletions are a mistake. Planned again without the journal's record of
            // what is to be deleted, each such file exists on one side only and is copied back to the other.
            base = MassDeleteRestore.forget(base, plan);
            narrowed = Narrowing.reconcile(reconciler, scan.snapshot(), remote.snapshot(), base);
            plan = narrowed.plan();
            twins = narrowed.outside();
            uploads = narrowed.uploads();
            lines = new PlanLines(plan.actions(), twins, uploads);
            verdict = MassDeleteGuard.check(plan, pairFiles);
        }
        if (verdict.exceeds() && !options.allowMassDelete() && !options.dryRun()) {
            return new SyncReport(pair.name(), SyncStatus.STOPPED, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of(),
                    List.of(), lines, verdict.stopMessage(), reports.elapsed(start),
                    verdict.stopReason());
        }
        RunTally tally = new RunTally();
        unsafeRows.forEach(e -> tally.error(e.path(), e.why())); // one bad row costs that row (exit 1)
        ScanSkips.report(scan, tally); // unreadable entries: left for the next run, with the reason
        if (options.dryRun()) {
            return reports.report(pair, tally, lines, null, start, true);
        }

        listener.phase(pair.name(), "syncing");
        org.oxisync.core.reason.Reason abortReason = null;
        if (!twins.isEmpty()) { // before the plan: a join killed half-way keeps what it recorded (TwinRecorder)
            int recorded = new TwinRecorder(store, pair.id(), new JournalWriter(store, pair.id(), clock, journalTouches),
                    transferOptions.deltaThresholdBytes()).record(twins, scan, options.stop(), pair.name(), listener,
                    tally);
            LOG.debug("{}: recorded {} entries new to the journal and alike on both sides", pair.name(), recorded);
            if (recorded < twins.size() && options.stop().stopRequested()) {
                return reports.report(pair, tally, lines, Reason.of(ReasonCode.STOPPED,
                        PlanExecutor.STOPPED_ON_REQUEST), start, false);
            }
        }
        if (!plan.actions().isEmpty() || !uploads.isEmpty()) { // else skip building the executor's indexes
            PlanExecutor.Session session = session(pair, options, root, scan, remote, base, journalTouches);
            PlanExecutor executor = new PlanExecutor(session, tally);
            // The listing cache must never be reused for a folder this run writes to before the server's delayed
            // ETag flush shows the write: marked stale before the first write, and again for anything else the
            // run touched (a stop or a crash may come before the relisting in runOnce). Marked beside the cache file
            // (RemoteTreeFile.markStale), without loading or rewriting the listing: nothing of it is held while the
            // plan executes (about 100 bytes a file, bench/README.md "A million files").
            Set<String> planned = executor.remoteFoldersWritten(plan, uploads);
            treeFile.markStale(planned);
            try {
                abortReason = executor.execute(plan, uploads);
            } finally {
                uploads.keepLinesOnly(); // the report keeps their lines, not the scan
                Set<String> touched = tally.touchedFolders();
                if (!planned.containsAll(touched)) {
                    treeFile.markStale(touched);
                }
            }
        }
        if (tally.remoteChanges.get() > 0 && abortReason == null) {
            refresh.file = treeFile;
            refresh.rootId = pair.remoteFolderId();
            refresh.lastChangeNanos = tally.lastRemoteChangeNanos();
        }
        refresh.refusedWrites = !tally.refused().isEmpty();
        RoleChange.rememberRefusals(store, pair, rights, plan, tally.refused());
        if (abortReason == null && !options.stop().stopRequested()) {
            StaleItemErrors.clear(store, pair.id(), plan, tally, hint);
        }
        store.versions().applyRetention();
        ChunkGc.maybeCollect(store, clock);
        SyncReport report = reports.report(pair, tally, lines, abortReason, start, false);
        refresh.settled = unsafeRows.isEmpty() && twice.staleFolderIds().isEmpty() && remote.skipped().isEmpty();
        refresh.seen = abortReason == null ? hint : null;
        // Sealed when this full run planned nothing: the reconciler is a pure function of disk, server and journal,
        // and this run changed none of them, so a full run on the same disk and server plans nothing again. (Not
        // "nothing differs": a folder whose journal row lacks its file key differs forever yet plans nothing.)
        if (plan.actions().isEmpty() && twins.isEmpty() && uploads.isEmpty() && report.status() == SyncStatus.OK
                && report.skipped().isEmpty() && scan.problems().isEmpty() && scan.leftoverTemps().isEmpty()
                && twice.staleFolderIds().isEmpty()) {
            if (hint == LocalHint.ALL) {
                QuietCheck.writeSeal(seal, touches, pair, rootEtag.get(), scan);
            } else if (fromSeal != null && fromSeal.walkAgreesWith(scan)) {
                QuietCheck.reseal(seal, pair, rootEtag.get(), fromSeal); // the disk as walked, the server as seen
            }
        }
        return report;
    }

    private static boolean deletesAny(SyncPlan plan) {
        return plan.actions().stream().anyMatch(a -> a instanceof org.oxisync.core.plan.SyncAction.DeleteLocal
                || a instanceof org.oxisync.core.plan.SyncAction.DeleteRemote);
    }

    /**
     * The scanner of this run: when {@link TransferOptions#earlySendBytes()} is set, a run that may upload sends large
     * files while it hashes them ({@link EarlySendingDigester}); a dry run or a pair that sends nothing only hashes.
     */
    private LocalScanner runScanner(FolderPair pair, SyncOptions options) {
        PairRights rights = PairRightsSettings.read(pair);
        if (options.dryRun() || transferOptions.earlySendBytes() == TransferOptions.EARLY_SEND_OFF
                || !(rights.sendNew() || rights.sendEdit())) {
            return scanner;
        }
        return scanner.withDigester(new EarlySendingDigester(scanner.digester(), api, transferOptions, early,
                options.stop()::stopRequested));
    }

    private PlanExecutor.Session session(FolderPair pair, SyncOptions options, Path root, ScanResult scan,
                                         RemoteScan remote, JournalBase base, JournalTouches touches) {
        Map<String, JournalEntry> journalByPath = base.byPath();
        Map<String, LocalEntry> localByPath = scan.snapshot().byPath();
        Map<String, RemoteEntry> remoteById = remote.snapshot().byId();
        return new PlanExecutor.Session(pair.name(), pair.id(), api, store, uploader, downloader,
                new LocalTree(root, scan.diskNames()), new RemoteIndex(pair.remoteFolderId(), remote.snapshot(), base),
                new JournalWriter(store, pair.id(), clock, touches), journalByPath, localByPath, remoteById, scan,
                new ProgressAccumulator(clock), listener, clock, options.workers(),
                transferOptions.deltaThresholdBytes(), scanner.digester(), options.stop(),
                new ConflictNamer(clock, options.host()));
    }
}
