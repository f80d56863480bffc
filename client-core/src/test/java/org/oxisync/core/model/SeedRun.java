package org.oxisync.core.model;

import static org.oxisync.core.naming.RelativePaths.join;
import static org.oxisync.core.naming.RelativePaths.name;
import static org.oxisync.core.naming.RelativePaths.parent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.naming.TempNames;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.emulator.Fault;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.hash.Blake3;

/**
 * One seed of the model-based test: random operations on the local folder and, as another device, on the server,
 * interleaved with syncs that meet injected faults or a simulated crash (then a restart on the same store), then a
 * quiet end and the invariants. Deterministic in its choices for a seed (thread timing is not).
 *
 * <p>The content model: every content written by an operation is recorded ({@link #written}) and, unless it is
 * empty, becomes <em>protected</em> ({@link #protectedHashes}). An operation that destroys content the user owns —
 * a local overwrite or delete, or the other device overwriting a remote file — removes that content from the
 * protected set only when no other copy exists at that moment (local tree, live server tree, server trash, version
 * store), i.e. when the user destroyed the last copy. A local overwrite also does not count the server copy the
 * engine is meant to update (the journal's remote id of that path): replacing it is what the user asked for. Every
 * other loss is the engine's: at the end every protected content must be in the tree, the trash or the version store.
 */
final class SeedRun {
    private static final String[] FILE_NAMES = {"a.txt", "b.txt", "A.txt", "c", "n.md"};
    private static final String[] DIR_NAMES = {"d", "D", "e"};
    private static final String ANY_PATH = "/api/(?!auth/).*";
    private static final String[] FAULT_PATHS = {ANY_PATH, ANY_PATH, "/api/files/upload", "/api/files/delta/.*",
        "/api/folders/.*", "/api/files/[^/]+", "/api/files/[^/]+/(move|rename)", "/api/folders/[^/]+/(move|rename)",
        "/api/batch/folders/get", "/api/dedup/check-batch", "/api/files/by-hash", "/api/files/[^/]+/manifest",
        "/api/folders/[^/]+/resources", "/api/batch/trash", "/api/batch/files/get"};
    private static final String[] FAULT_METHODS = {"*", "*", "GET", "POST", "PUT", "DELETE"};
    private static final long FAKE_MTIME_BASE = 978_307_200_000L; // 2001-01-01: never a server time
    private static final String EMPTY = Blake3.hashHex(new byte[0]);

    final long seed;
    private final Random rnd;
    private final OxiCloudEmulator server;
    private final SeedClient c;
    private final RemoteClient remote;
    private final SyncOptions options;
    final List<String> log = new ArrayList<>();
    private final Set<String> written = new HashSet<>();
    private final Set<String> protectedHashes = new HashSet<>();
    /** Contents the user wrote locally (an upload-only pair may overwrite the other device's, never these). */
    private final Set<String> localWrites = new HashSet<>();
    /** The pair's mode and role for this seed ({@link #rightsFor}). */
    private final PairRights rights;
    private long writes;

    SeedRun(long seed, OxiCloudEmulator server, Path dir) {
        this.seed = seed;
        this.rnd = new Random(seed);
        this.server = server;
        String user = "u" + Long.toUnsignedString(seed, 36) + "x" + Long.toHexString(System.nanoTime() & 0xffffff);
        server.addUser(user, "pw-" + user, null);
        TransferOptions transfers = rnd.nextBoolean() ? TransferOptions.defaults()
                : TransferOptions.defaults().withDeltaThreshold(64 << 10);
        // the mass-delete guard stops a run that would empty a pair (tested on its own); random operations on a few
        // files empty pairs on purpose, and the model checks content, not the guard
        this.options = SyncOptions.defaults("modelhost").withWorkers(1 + rnd.nextInt(4)).withAllowMassDelete(true);
        // many seeds share one emulator from one loopback address: app passwords, not logins (10 a minute per IP)
        this.rights = rightsFor(seed);
        this.c = new SeedClient(server, user, server.createAppPassword(user, "model seed"), dir, transfers,
                java.time.Clock.systemUTC(), rights);
        this.remote = server.remote(user);
        log.add("seed " + seed + ": workers " + options.workers() + ", delta threshold "
                + transfers.deltaThresholdBytes() + ", " + rights.mode().wireName()
                + (rights.keepsRemoteDeletes() ? " keeping remote deletes" : "") + ", " + rights.role().wireName());
    }

    /**
     * The pair's rights for a seed, split across the seeds (not drawn from the seed's random stream, so the
     * operations of a seed stay what they were): half the seeds two-way owner, as before pairs had rights; then a
     * download-only pair, an upload-only pair (every other one keeping remote deletes), a viewer or commenter and a
     * contributor or editor.
     */
    static PairRights rightsFor(long seed) {
        long turn = Math.floorMod(seed / 8, 2);
        return switch ((int) Math.floorMod(seed, 8)) {
            case 4 -> new PairRights(SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Map.of());
            case 5 -> new PairRights(SyncMode.UPLOAD_ONLY, Role.OWNER, turn == 1, Map.of());
            case 6 -> new PairRights(SyncMode.TWO_WAY, turn == 0 ? Role.VIEWER : Role.COMMENTER, false, Map.of());
            case 7 -> new PairRights(SyncMode.TWO_WAY, turn == 0 ? Role.CONTRIBUTOR : Role.EDITOR, false, Map.of());
            default -> PairRights.FULL;
        };
    }

    /** The server ends as a copy of the local folder's paths (what an upload-only pair keeps). */
    private boolean backup() {
        return rights.mode() == SyncMode.UPLOAD_ONLY;
    }

    /** The local folder ends holding the server's tree, plus what it may not send (a read-only pair). */
    private boolean mirror() {
        return rights.applyRemote() && !rights.sendNew();
    }

    /** Runs the seed; throws AssertionError (with the log in the message) when an invariant breaks. */
    void run() {
        long t0 = System.nanoTime();
        try {
            int rounds = 3 + rnd.nextInt(4);
            for (int round = 0; round < rounds; round++) {
                int ops = round == 0 ? 2 + rnd.nextInt(5) : rnd.nextInt(5);
                for (int i = 0; i < ops; i++) {
                    randomOp();
                }
                syncEvent();
                check(c.guard.violations.isEmpty(), "sent what the pair's rights forbid: " + c.guard.violations);
                checkNoPartialContent();
                checkJournalIdsUnique();
            }
            long t1 = System.nanoTime();
            finish();
            log.add("  rounds " + (t1 - t0) / 1_000_000 + " ms, end " + (System.nanoTime() - t1) / 1_000_000 + " ms");
        } finally {
            server.faults().clear();
            c.close();
        }
    }

    // ---- sync events ----------------------------------------------------------------------------------------------

    private void syncEvent() {
        dumpWhenReplaying("before the next sync");
        int kind = rnd.nextInt(10);
        if (kind < 3) {
            // half of the plain runs start before the server's 500 ms tree-ETag flush of the last remote changes
            boolean flushed = rnd.nextBoolean();
            report(flushed ? "sync" : "sync (remote changes not flushed yet)",
                    flushed ? c.sync(options) : c.syncUnflushed(options));
        } else if (kind < 6) {
            String faults = armFaults(1 + rnd.nextInt(3));
            report("sync with faults " + faults, c.sync(options));
            server.faults().clear();
        } else {
            int at = 1 + rnd.nextInt(80);
            String faults = rnd.nextInt(3) == 0 ? armFaults(1) : "none";
            c.crash.arm(at);
            SyncReport r = c.sync(options);
            server.faults().clear();
            if (r == null) {
                log.add("  crash at hook " + at + " (" + c.crash.where() + "), faults " + faults + "; restart");
                c.restart();
            } else {
                c.crash.disarm();
                report("sync (crash armed at " + at + " not reached), faults " + faults, r);
                if (rnd.nextBoolean()) {
                    log.add("  clean restart");
                    c.restart();
                }
            }
        }
    }

    private void report(String what, SyncReport r) {
        log.add("  " + what + " -> " + r.status() + " up " + r.uploaded() + " down " + r.downloaded() + " delL "
                + r.deletedLocal() + " delR " + r.deletedRemote() + " mv " + r.moved() + " conflicts " + r.conflicts()
                + (r.errors().isEmpty() ? "" : " errors " + r.errors()) + (r.status() == SyncStatus.FAILED
                ? " (" + r.message() + ")" : "") + " [" + r.elapsed().toMillis() + " ms]");
        if (System.getProperty("oxisync.model.seed") != null && !what.startsWith("quiet")) {
            r.plan().forEach(l -> log.add("    plan: " + l));
        }
    }

    private String armFaults(int n) {
        List<String> armed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String method = FAULT_METHODS[rnd.nextInt(FAULT_METHODS.length)];
            String path = FAULT_PATHS[rnd.nextInt(FAULT_PATHS.length)];
            int times = 1 + rnd.nextInt(5);
            Fault f = switch (rnd.nextInt(8)) {
                case 0 -> new Fault.Fail(500, null);
                case 1 -> new Fault.Fail(502, null);
                case 2 -> new Fault.Fail(503, null);
                case 3 -> new Fault.Fail(429, null);
                case 4 -> new Fault.CloseMidRequest();
                case 5 -> new Fault.CloseMidResponse();
                case 6 -> new Fault.Slow(200_000);
                default -> new Fault.Hang(Duration.ofMillis(150));
            };
            server.faults().add(method, path, times, f);
            armed.add(times + "x " + method + " " + path + " " + f);
        }
        return armed.toString();
    }

    // ---- operations -----------------------------------------------------------------------------------------------

    private void randomOp() {
        boolean local = rnd.nextBoolean();
        Side side = local ? new LocalSide() : new RemoteSide();
        Map<String, Boolean> entries = side.entries(); // path -> isDir
        List<String> files = entries.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList();
        List<String> dirs = entries.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
        int op = rnd.nextInt(20);
        if (op < 5 || entries.isEmpty()) {
            String p = freePath(entries, false);
            if (p != null) {
                byte[] content = content();
                log.add(side.label() + " create " + p + " " + describe(content));
                // a path the user deleted since the last sync and now fills again: the engine updates the server
                // file the journal has there (as for a modify), so that server copy no longer counts as a survivor
                String replacedRemote = local ? c.store.journal().get(c.pairId, p).map(j -> j.remoteId()).orElse(null)
                        : null;
                side.write(p, content);
                if (replacedRemote != null) {
                    destroyed(List.copyOf(protectedHashes), replacedRemote);
                }
            }
        } else if (op < 9 && !files.isEmpty()) {
            String p = pick(files);
            byte[] content = content();
            log.add(side.label() + " modify " + p + " " + describe(content));
            String old = side.hash(p);
            String replacedRemote = local ? journalRemoteId(p) : null; // before the write: it may change the file key
            side.write(p, content);
            destroyed(List.of(old), replacedRemote);
        } else if (op < 11 && !files.isEmpty()) {
            String p = pick(files);
            log.add(side.label() + " delete " + p);
            String old = side.hash(p);
            side.delete(p);
            if (local) {
                destroyed(List.of(old), null);
            }
        } else if (op < 12 && !dirs.isEmpty()) {
            String p = pick(dirs);
            log.add(side.label() + " delete dir " + p);
            List<String> old = side.hashesUnder(p);
            side.delete(p);
            if (local) {
                destroyed(old, null);
            }
        } else if (op < 15) {
            String from = pick(new ArrayList<>(entries.keySet()));
            String to = freePath(entries, entries.get(from));
            if (to != null && !to.equals(from) && !to.startsWith(from + "/")) {
                log.add(side.label() + " move " + from + " -> " + to);
                side.move(from, to);
            }
        } else if (op < 16) {
            String from = pick(new ArrayList<>(entries.keySet()));
            String name = name(from);
            String flipped = Character.isUpperCase(name.charAt(0)) ? name.toLowerCase(java.util.Locale.ROOT)
                    : name.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + name.substring(1);
            String to = join(parent(from), flipped);
            if (!flipped.equals(name) && !entries.containsKey(to)) {
                log.add(side.label() + " case-rename " + from + " -> " + to);
                side.move(from, to);
            }
        } else if (op < 17) {
            String p = pick(new ArrayList<>(entries.keySet()));
            boolean wasDir = entries.get(p);
            List<String> old = wasDir ? side.hashesUnder(p) : List.of(side.hash(p));
            log.add(side.label() + " type-change " + p + (wasDir ? " dir->file" : " file->dir"));
            side.delete(p);
            if (wasDir) {
                side.write(p, content());
            } else {
                side.mkdir(p);
                if (rnd.nextBoolean()) {
                    side.write(p + "/" + FILE_NAMES[rnd.nextInt(FILE_NAMES.length)], content());
                }
            }
            if (local) {
                destroyed(old, null);
            }
        } else if (op < 18) {
            String p = freePath(entries, true);
            if (p != null) {
                log.add(side.label() + " mkdir " + p);
                side.mkdir(p);
            }
        } else {
            bothSides();
        }
    }

    /** The same new path created on both sides, with the same content or not. */
    private void bothSides() {
        LocalSide l = new LocalSide();
        RemoteSide r = new RemoteSide();
        Map<String, Boolean> le = l.entries();
        Map<String, Boolean> re = r.entries();
        String p = freePath(le, false);
        if (p == null || re.containsKey(p) || blockedByFile(re, p)) {
            return;
        }
        byte[] a = content();
        byte[] b = rnd.nextBoolean() ? a : content();
        log.add("both create " + p + " local " + describe(a) + " remote " + describe(b));
        l.write(p, a);
        r.write(p, b);
    }

    /** Content the user or the other device destroyed: still protected only if a copy survives somewhere. */
    private void destroyed(List<String> hashes, String exceptRemoteId) {
        Set<String> everywhere = null;
        for (String h : hashes) {
            if (!protectedHashes.contains(h)) {
                continue;
            }
            if (everywhere == null) {
                everywhere = universe(exceptRemoteId, false);
            }
            if (!everywhere.contains(h)) {
                protectedHashes.remove(h);
            }
        }
    }

    /**
     * The server file the engine will update when the local file at {@code path} changes: the journal row at that
     * path, or, for a file the user moved or renamed (or whose folder they renamed) since the last sync, the row
     * with the same file key: the engine follows the move and then updates that same server file.
     */
    private String journalRemoteId(String path) {
        var atPath = c.store.journal().get(c.pairId, path).map(j -> j.remoteId());
        if (atPath.isPresent()) {
            return atPath.get();
        }
        String key;
        try {
            Object k = Files.readAttributes(c.local.resolve(path), java.nio.file.attribute.BasicFileAttributes.class,
                    java.nio.file.LinkOption.NOFOLLOW_LINKS).fileKey();
            key = k == null ? null : k.toString();
        } catch (java.io.IOException e) {
            return null;
        }
        if (key == null) {
            return null;
        }
        return c.store.journal().all(c.pairId).stream().filter(j -> key.equals(j.fileKey())).map(j -> j.remoteId())
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /**
     * Every content that exists now: local tree, live server tree (minus one file id), the trash's files, the version
     * store; with {@code restoreTrash}, trashed folders are restored first so their files count (end of run only).
     */
    private Set<String> universe(String exceptRemoteId, boolean restoreTrash) {
        Set<String> out = new HashSet<>(Trees.local(c.local).values());
        out.addAll(remote.trashedContentHashes());
        if (restoreTrash) {
            TrashRestorer.restoreAllFolders(c.observer);
        }
        Trees.remoteFiles(remote).values().forEach(f -> {
            if (f != null && !f.id().equals(exceptRemoteId)) {
                out.add(f.hash());
            }
        });
        c.store.versions().listVersions(c.pairId).forEach(v -> out.add(v.fileHash()));
        return out;
    }

    // ---- the end --------------------------------------------------------------------------------------------------

    private void finish() {
        server.faults().clear();
        dumpWhenReplaying("before the quiet syncs");
        SyncReport first = requireRun(c.sync(options));
        report("quiet sync 1", first);
        first.plan().forEach(l -> log.add("    plan: " + l));
        dumpWhenReplaying("after quiet sync 1");
        SyncReport last = requireRun(c.sync(options));
        report("quiet sync 2", last);
        last.plan().forEach(l -> log.add("    plan: " + l));
        check(last.status() == SyncStatus.OK, "the second quiet sync is not OK: " + last.message() + " "
                + last.errors());
        check(last.uploaded() + last.downloaded() + last.deletedLocal() + last.deletedRemote() + last.moved()
                + last.conflicts() == 0, "the second quiet sync still changed something");
        // a run with nothing to do and nothing to report leaves a quiet seal, and the next run ends in the quiet
        // check (QuietSeal) with nothing changed
        if (last.plan().isEmpty() && last.skipped().isEmpty() && last.errors().isEmpty()) {
            java.nio.file.Path seal = org.oxisync.core.engine.QuietSeal.forPair(c.store.directory(), c.pairId).path();
            check(Files.exists(seal), "an agreeing run left no quiet seal");
            String sealBefore = sealIdentity(seal);
            SyncReport quiet = requireRun(c.sync(options));
            report("quiet sync 3", quiet);
            check(quiet.status() == SyncStatus.OK && quiet.plan().isEmpty(),
                    "the run after an agreeing one did something: " + quiet.message() + " " + quiet.plan());
            check(sealBefore.equals(sealIdentity(seal)), "the run after an agreeing one was not quiet (it rewrote"
                    + " the seal, so it went the full way)");
        }
        Map<String, String> localTree = Trees.local(c.local);
        Map<String, Trees.RemoteFile> remoteFiles = Trees.remoteFiles(remote);
        for (String p : localTree.keySet()) {
            check(!TempNames.isOwnTemp(name(p.endsWith("/") ? p.substring(0, p.length() - 1) : p)),
                    "temp file left behind: " + p);
        }
        Map<String, String> remoteTree = Trees.remote(remote);
        check(c.guard.violations.isEmpty(), "sent what the pair's rights forbid: " + c.guard.violations);
        if (mirror()) {
            remoteTree.forEach((p, h) -> check(h.equals(localTree.get(p)), "the server's " + p
                    + " is not in the local folder:\n  local  " + localTree + "\n  remote " + remoteTree));
        } else if (backup()) {
            localTree.keySet().forEach(p -> check(remoteTree.containsKey(p), "the local " + p
                    + " is not on the server:\n  local  " + localTree + "\n  remote " + remoteTree));
        } else {
            check(localTree.equals(remoteTree), "local and remote trees differ:\n  local  " + localTree
                    + "\n  remote " + remoteTree);
            checkJournal(localTree, remoteFiles);
        }
        checkNoPartialContent();
        Set<String> everywhere = universe(null, true);
        List<String> lost = protectedHashes.stream().filter(h -> !everywhere.contains(h)).sorted().toList();
        check(lost.isEmpty(), "content lost (in no tree, conflict copy, trash or version): " + lost);
        checkVersionsRestore(localTree, everywhere);
        checkUndo();
    }

    /**
     * Undo of a random run: from the agreed end, random operations and a clean run R (sometimes more operations and a
     * run after it, which change items again), then the undo of R. Every path R changed is back as before R (a folder
     * R removed with what it held), except the items the undo reported as left (changed since, a conflict copy);
     * every other path is as just before the undo; both sides agree. Two-way owner pairs only (the undo writes both
     * sides).
     */
    private void checkUndo() {
        if (!rights.equals(PairRights.FULL)) {
            return;
        }
        Map<String, String> beforeRun = files(Trees.local(c.local));
        int ops = 1 + rnd.nextInt(4);
        for (int i = 0; i < ops; i++) {
            randomOp();
        }
        SyncReport r = c.sync(options);
        if (r == null || r.status() != SyncStatus.OK) {
            log.add("  undo check skipped: the run to undo was not clean");
            return;
        }
        report("run to undo", r);
        if (r.plan().stream().anyMatch(l -> l.contains(" aside "))) {
            // a folder the run made to keep a case or type clash apart is not recorded (folder creations are not),
            // so what the run put inside it is put back inside it, not where it was: a known limit of undo
            log.add("  undo check skipped: the run set items aside for a name clash");
            return;
        }
        org.oxisync.core.undo.RunRecord run = c.store.activity().recentOf(
                org.oxisync.core.reason.ActivityCode.RUN.stored(), c.pairId, 1).stream()
                .map(a -> org.oxisync.core.undo.RunRecord.load(c.store.activity(), a.id()).orElseThrow())
                .findFirst().orElseThrow();
        if (run.size() == 0) {
            log.add("  undo check skipped: the run changed nothing");
            return;
        }
        if (rnd.nextBoolean()) {
            randomOp();
            SyncReport since = c.sync(options);
            if (since == null || since.status() != SyncStatus.OK) {
                log.add("  undo check skipped: the run after it was not clean");
                return;
            }
            report("run after it", since);
        }
        Map<String, String> beforeUndo = files(Trees.local(c.local));
        org.oxisync.core.undo.UndoRun.Result undone;
        try {
            undone = c.undo().apply(c.pair(), run, options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        log.add("  undo of run " + run.id() + ": " + undone.plan().steps().size() + " step(s), left "
                + undone.plan().left());
        report("undo run", undone.after());
        check(undone.failed().isEmpty(), "undo steps failed: " + undone.failed());
        check(undone.after().status() == SyncStatus.OK, "the undo's run is not OK: " + undone.after().message()
                + " " + undone.after().errors());
        Map<String, String> afterUndo = files(Trees.local(c.local));
        check(afterUndo.equals(files(Trees.remote(remote))), "after the undo local and remote differ:\n  local  "
                + afterUndo + "\n  remote " + files(Trees.remote(remote)));
        Set<String> touched = new HashSet<>(); // a folder the run removed or moved, with what it held
        Set<String> touchedFiles = new HashSet<>();
        run.changes().forEach(ch -> (ch.folder() ? touched : touchedFiles).add(ch.path()));
        run.moves().forEach(m -> {
            touched.add(m.from());
            touched.add(m.to());
        });
        Set<String> left = new HashSet<>();
        undone.plan().left().forEach(l -> left.add(l.path()));
        // a move left as it is leaves both its paths; what is left under a moved folder is left at its old path too
        List<org.oxisync.core.undo.RunMove> moves = run.moves();
        for (int i = moves.size() - 1; i >= 0; i--) {
            org.oxisync.core.undo.RunMove m = moves.get(i);
            for (String l : List.copyOf(left)) {
                if (l.equals(m.to())) {
                    left.add(m.from());
                } else if (l.startsWith(m.to() + "/")) {
                    left.add(m.from() + l.substring(m.to().length()));
                }
            }
        }
        Set<String> all = new HashSet<>(beforeRun.keySet());
        all.addAll(beforeUndo.keySet());
        all.addAll(afterUndo.keySet());
        for (String p : all) {
            if (under(p, left)) {
                continue; // reported, left as it is
            }
            boolean changed = touchedFiles.contains(p) || under(p, touched);
            String expected = changed ? beforeRun.get(p) : beforeUndo.get(p);
            check(java.util.Objects.equals(expected, afterUndo.get(p)), "after the undo of run " + run.id() + " "
                    + p + " is " + afterUndo.get(p) + ", expected " + expected + " (" + (changed
                    ? "as before the run" : "untouched by the run") + ")\n  before run  " + beforeRun
                    + "\n  before undo " + beforeUndo + "\n  after undo  " + afterUndo);
        }
    }

    /** The file entries of a tree (folders end with '/'). */
    private static Map<String, String> files(Map<String, String> tree) {
        Map<String, String> out = new TreeMap<>();
        tree.forEach((p, h) -> {
            if (!p.endsWith("/")) {
                out.put(p, h);
            }
        });
        return out;
    }

    /** {@code path} is one of {@code roots} or below one. */
    private static boolean under(String path, Set<String> roots) {
        for (String p = path; !p.isEmpty(); p = parent(p)) {
            if (roots.contains(p)) {
                return true;
            }
        }
        return false;
    }

    /** The seal file's file key and modification time: a full run replaces the file, a quiet one leaves it. */
    private static String sealIdentity(java.nio.file.Path seal) {
        try {
            var a = Files.readAttributes(seal, java.nio.file.attribute.BasicFileAttributes.class);
            return a.fileKey() + "/" + a.lastModifiedTime();
        } catch (IOException e) {
            return "missing";
        }
    }

    /** With {@code -Doxisync.model.seed=N}: both trees and the journal, short hashes, into the log. */
    private void dumpWhenReplaying(String when) {
        if (System.getProperty("oxisync.model.seed") == null) {
            return;
        }
        log.add("  -- " + when);
        Trees.local(c.local).forEach((k, v) -> log.add("    local  " + k + " " + (v.isEmpty() ? "" : v.substring(0, 8))
                + " key " + fileKeyOf(k)));
        Trees.remoteFiles(remote).forEach((k, v) -> log.add("    remote " + k + (v == null ? " id "
                + String.valueOf(remote.folderId("/" + k.substring(0, k.length() - 1))).substring(0, 8) : " "
                + v.hash().substring(0, 8) + " id " + v.id().substring(0, 8))));
        c.store.journal().all(c.pairId).forEach(j -> log.add("    journal " + j.path() + " " + j.kind() + " id "
                + (j.remoteId() == null ? null : j.remoteId().substring(0, 8)) + " size " + j.size() + " mtime "
                + (j.mtime() == null ? null : j.mtime().toEpochMilli()) + " key " + j.fileKey() + " hash "
                + (j.remoteHash() == null ? null : j.remoteHash().substring(0, 8))));
    }

    private String fileKeyOf(String rel) {
        try {
            Object k = Files.readAttributes(c.local.resolve(rel), java.nio.file.attribute.BasicFileAttributes.class,
                    java.nio.file.LinkOption.NOFOLLOW_LINKS).fileKey();
            return String.valueOf(k);
        } catch (IOException e) {
            return "?";
        }
    }

    private SyncReport requireRun(SyncReport r) {
        check(r != null, "a quiet sync crashed");
        return r;
    }

    /** Every journal row matches both sides, and every entry of both sides has a row. */
    private void checkJournal(Map<String, String> localTree, Map<String, Trees.RemoteFile> remoteFiles) {
        Map<String, org.oxisync.store.journal.JournalEntry> rows = new TreeMap<>();
        c.store.journal().all(c.pairId).forEach(j -> rows.put(j.path(), j));
        Set<String> paths = new HashSet<>();
        localTree.keySet().forEach(k -> paths.add(k.endsWith("/") ? k.substring(0, k.length() - 1) : k));
        check(rows.keySet().equals(paths), "journal paths " + rows.keySet() + " differ from the tree " + paths);
        for (var j : rows.values()) {
            boolean dir = j.kind() == org.oxisync.store.journal.EntryKind.FOLDER;
            check(localTree.containsKey(dir ? j.path() + "/" : j.path()), "journal kind of " + j.path() + " is "
                    + j.kind() + ", not what is on disk");
            if (dir) {
                check(String.valueOf(remote.folderId("/" + j.path())).equals(j.remoteId()),
                        "journal remote id of folder " + j.path() + ": " + j.remoteId() + ", server "
                        + remote.folderId("/" + j.path()) + "; journal " + c.store.journal().all(c.pairId));
                continue;
            }
            String hash = localTree.get(j.path());
            Trees.RemoteFile rf = remoteFiles.get(j.path());
            check(rf.id().equals(j.remoteId()), "journal remote id of " + j.path() + " " + j.remoteId() + " vs "
                    + rf.id());
            check(hash.equals(j.remoteHash()), "journal remote hash of " + j.path());
            check(j.localHash() == null || hash.equals(j.localHash()), "journal local hash of " + j.path());
            try {
                Path f = c.local.resolve(j.path());
                check(Files.size(f) == j.size(), "journal size of " + j.path());
                check(j.mtime() != null && Files.getLastModifiedTime(f).toMillis() == j.mtime().toEpochMilli(),
                        "journal mtime of " + j.path());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Whatever a run left, no two journal rows name the same remote entry. */
    private void checkJournalIdsUnique() {
        Map<String, String> byId = new TreeMap<>();
        for (var j : c.store.journal().all(c.pairId)) {
            if (j.remoteId() != null) {
                String before = byId.put(j.remoteId(), j.path());
                check(before == null, "two journal rows name remote " + j.remoteId() + ": " + before + " and "
                        + j.path());
            }
        }
    }

    /** No file under its final name, on either side, holds bytes no one wrote (a partial download or upload). */
    private void checkNoPartialContent() {
        Trees.local(c.local).forEach((p, h) -> {
            if (!p.endsWith("/") && !TempNames.isOwnTemp(name(p))) {
                check(written.contains(h), "local " + p + " holds content no one wrote");
            }
        });
        Trees.remote(remote).forEach((p, h) -> {
            if (!p.endsWith("/")) {
                check(!TempNames.isOwnTemp(name(p)), "a temp file reached the server: " + p);
                check(written.contains(h), "remote " + p + " holds content no one wrote");
            }
        });
    }

    /** Contents found only in the version store must come back out of it intact. */
    private void checkVersionsRestore(Map<String, String> localTree, Set<String> everywhere) {
        Set<String> elsewhere = new HashSet<>(localTree.values());
        Trees.remote(remote).values().forEach(elsewhere::add);
        elsewhere.addAll(remote.trashedContentHashes());
        Set<String> done = new HashSet<>();
        for (var v : c.store.versions().listVersions(c.pairId)) {
            if (!protectedHashes.contains(v.fileHash()) || elsewhere.contains(v.fileHash()) || !done.add(v.fileHash())) {
                continue;
            }
            Path target = c.data.resolve("restored-" + v.id());
            c.store.versions().restore(v.id(), target);
            check(Trees.hashOf(target).equals(v.fileHash()), "version " + v.id() + " restores other content");
        }
    }

    private void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    // ---- generators -----------------------------------------------------------------------------------------------

    private byte[] content() {
        int k = rnd.nextInt(20);
        int len = k == 0 ? 0 : k < 15 ? 1 + rnd.nextInt(400) : k < 19 ? 400 + rnd.nextInt(6000)
                : 70_000 + rnd.nextInt(100_000);
        byte[] b = new byte[len];
        rnd.nextBytes(b);
        long n = ++writes;
        for (int i = 0; i < Math.min(8, len); i++) {
            b[i] = (byte) (n >>> (8 * i));
        }
        String h = Blake3.hashHex(b);
        written.add(h);
        if (!h.equals(EMPTY)) {
            protectedHashes.add(h);
        }
        return b;
    }

    private static String describe(byte[] b) {
        return "(" + b.length + " B " + Blake3.hashHex(b).substring(0, 8) + ")";
    }

    /** A random path that is free on the side and whose ancestors are not files there; null when none came up. */
    private String freePath(Map<String, Boolean> entries, boolean dir) {
        for (int attempt = 0; attempt < 6; attempt++) {
            int depth = 1 + rnd.nextInt(3);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < depth - 1; i++) {
                sb.append(DIR_NAMES[rnd.nextInt(DIR_NAMES.length)]).append('/');
            }
            sb.append(dir ? DIR_NAMES[rnd.nextInt(DIR_NAMES.length)] : FILE_NAMES[rnd.nextInt(FILE_NAMES.length)]);
            String p = sb.toString();
            if (!entries.containsKey(p) && !blockedByFile(entries, p)) {
                return p;
            }
        }
        return null;
    }

    private static boolean blockedByFile(Map<String, Boolean> entries, String p) {
        for (String a = parent(p); !a.isEmpty(); a = parent(a)) {
            if (Boolean.FALSE.equals(entries.get(a))) {
                return true;
            }
        }
        return false;
    }

    private <T> T pick(List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }


    // ---- the two sides --------------------------------------------------------------------------------------------

    private interface Side {
        String label();

        Map<String, Boolean> entries();

        String hash(String path);

        List<String> hashesUnder(String dir);

        void write(String path, byte[] content);

        void mkdir(String path);

        void delete(String path);

        void move(String from, String to);
    }

    /** The user's own changes to the local folder; every write gets an mtime no earlier write had. */
    private final class LocalSide implements Side {
        public String label() {
            return "L";
        }

        public Map<String, Boolean> entries() {
            Map<String, Boolean> out = new TreeMap<>();
            Trees.local(c.local).keySet().forEach(k -> {
                if (!TempNames.isOwnTemp(name(k.endsWith("/") ? k.substring(0, k.length() - 1) : k))) {
                    out.put(k.endsWith("/") ? k.substring(0, k.length() - 1) : k, k.endsWith("/"));
                }
            });
            return out;
        }

        public String hash(String path) {
            return Trees.hashOf(c.local.resolve(path));
        }

        public List<String> hashesUnder(String dir) {
            List<String> out = new ArrayList<>();
            Trees.local(c.local).forEach((k, v) -> {
                if (k.startsWith(dir + "/") && !k.endsWith("/")) {
                    out.add(v);
                }
            });
            return out;
        }

        public void write(String path, byte[] content) {
            try {
                Path p = c.local.resolve(path);
                Files.createDirectories(p.getParent());
                Files.write(p, content);
                Files.setLastModifiedTime(p, FileTime.fromMillis(FAKE_MTIME_BASE + 1000 * writes));
                localWrites.add(Blake3.hashHex(content));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        public void mkdir(String path) {
            try {
                Files.createDirectories(c.local.resolve(path));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        public void delete(String path) {
            try (Stream<Path> s = Files.walk(c.local.resolve(path))) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        public void move(String from, String to) {
            try {
                Files.createDirectories(c.local.resolve(to).getParent());
                Files.move(c.local.resolve(from), c.local.resolve(to));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Another device of the same user, straight on the emulator's tree. */
    private final class RemoteSide implements Side {
        public String label() {
            return "R";
        }

        public Map<String, Boolean> entries() {
            Map<String, Boolean> out = new TreeMap<>();
            Trees.remoteFiles(remote).forEach((k, v) -> out.put(k.endsWith("/") ? k.substring(0, k.length() - 1) : k,
                    v == null));
            return out;
        }

        public String hash(String path) {
            return Blake3.hashHex(remote.read("/" + path));
        }

        public List<String> hashesUnder(String dir) {
            List<String> out = new ArrayList<>();
            Trees.remote(remote).forEach((k, v) -> {
                if (k.startsWith(dir + "/") && !k.endsWith("/")) {
                    out.add(v);
                }
            });
            return out;
        }

        public void write(String path, byte[] content) {
            remote.putFile("/" + path, content);
            String h = Blake3.hashHex(content);
            if (backup() && !localWrites.contains(h)) {
                // an upload-only pair is a backup of the local folder: the next local change of that file replaces
                // an edit made on the server (documented); the invariant is that no local change is lost
                protectedHashes.remove(h);
            }
        }

        public void mkdir(String path) {
            remote.mkdirs("/" + path);
        }

        public void delete(String path) {
            remote.delete("/" + path);
        }

        public void move(String from, String to) {
            remote.mkdirs("/" + parent(to));
            try {
                remote.move("/" + from, "/" + to);
            } catch (org.oxisync.emulator.http.ApiError e) {
                // the other device's move-then-rename met a name taken in between: it stops half-way, as it would
                log.add("  (the other device's move stopped: " + e.getMessage() + ")");
            }
        }
    }
}
