package org.oxisync.core.scan;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.OsFamily;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.Compact;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.ScanEntries;
import org.oxisync.core.plan.LocalHash;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.store.hash.FileDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.core.naming.TempNames;

/**
 * Walks a pair's local root and describes it for the reconciler. Symbolic links are never followed (they are
 * reported, not synced), special files are skipped, the client's own temp files are invisible. Only files whose
 * size, mtime or file key differ from the journal are hashed. Anything the scan cannot read (a folder it may not
 * list, a file that keeps changing while it is hashed) is presented as unchanged since the journal, so that a
 * read error can never look like a deletion.
 *
 * <p>With a {@link LocalHint.Paths} hint (the watcher's dirty paths) the scan is incremental: it reads only the
 * folders that hold a dirty path (their direct children) and the dirty paths that are folders, descends into a
 * subfolder only when the journal does not know it as the same folder (new, moved in, replaced), and presents every
 * entry it did not read exactly as the journal has it. An entry is thus taken as unchanged only because the watcher
 * did not report it; what the scan did read is judged exactly as a full scan would. A dirty folder that is gone is
 * replaced by its nearest existing ancestor (listing the parent is what shows the deletion).
 */
public final class LocalScanner {
    /** Hashing tasks in flight per hashing thread (a window over the files to hash, taken in order). */
    static final int HASH_WINDOW_PER_THREAD = 64;

    private static final Logger LOG = LoggerFactory.getLogger(LocalScanner.class);
    private static final int STABILITY_ATTEMPTS = 2;

    private final Digester digester;
    /** Threads that hash changed files, and that walk the tree in a full scan. */
    private final int hashThreads;

    public LocalScanner(Digester digester, int hashThreads) {
        this.digester = Objects.requireNonNull(digester, "digester");
        if (hashThreads < 1) {
            throw new IllegalArgumentException("hashThreads must be at least 1");
        }
        this.hashThreads = hashThreads;
    }

    /** This scanner hashing with {@code other} instead (a run's own digester; the walk is the same). */
    public LocalScanner withDigester(Digester other) {
        return new LocalScanner(other, hashThreads);
    }

    /** The digester this scanner hashes with (the engine hashes late files with the same one). */
    public Digester digester() {
        return digester;
    }

    /** A full scan of the whole local tree. */
    public ScanResult scan(Path root, PathFilter filter, JournalBase journal) throws IOException {
        return scan(root, filter, journal, LocalHint.ALL);
    }

    /** A full scan ({@link LocalHint#ALL}) or an incremental one over the hint's paths (see the class comment). */
    public ScanResult scan(Path root, PathFilter filter, JournalBase journal, LocalHint hint) throws IOException {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new NoSuchFileException(root.toString(), null, "the pair's local folder is missing or not a folder");
        }
        Map<String, JournalEntry> byPath = journal.byPath();
        boolean incremental = hint instanceof LocalHint.Paths;
        Walk walk;
        if (hint instanceof LocalHint.Paths paths) {
            walk = new Walk(root, filter, byPath, true);
            readDirty(root, filter, byPath, walk, paths);
        } else {
            walk = new ParallelTreeWalk<>(new ParallelTreeWalk.Parts<Walk>() {
                @Override
                public Walk create() {
                    return new Walk(root, filter, byPath, false);
                }

                @Override
                public void append(Walk into, Walk part) {
                    into.append(part);
                }
            }, hashThreads).walk(root);
        }
        hashAll(root, walk, byPath);
        for (String prefix : walk.unreadable) {
            keepJournalSubtree(prefix, byPath, walk);
        }
        if (incremental) {
            keepUnread(filter, journal, walk);
        }
        boolean caseInsensitive = CaseSensitivity.isCaseInsensitive(root, walk.entries, OsFamily.current());
        return new ScanResult(new LocalSnapshot(walk.entries, caseInsensitive), walk.digests, walk.diskNames,
                walk.problems, walk.temps, walk.read, incremental,
                incremental ? new ScanResult.Reach(walk.listed, walk.walkedRoots) : ScanResult.Reach.NONE);
    }

    /**
     * True when a full scan of {@code root} would present exactly the entries recorded in {@code sealed} ({@code
     * length} bytes from {@code offset}: the {@link QuietRecord} of an earlier full scan that hashed nothing), with
     * nothing it reports or cleans up (see {@link QuietWalk}); walks on the same threads as a full scan and hashes
     * nothing.
     */
    public boolean unchangedSince(Path root, PathFilter filter, byte[] sealed, int offset, int length)
            throws IOException {
        return unchangedSince(root, filter, SealedRecord.of(sealed, offset, length));
    }

    /** As {@link #unchangedSince(Path, PathFilter, byte[], int, int)}, the record compared where it is kept. */
    public boolean unchangedSince(Path root, PathFilter filter, SealedRecord sealed) throws IOException {
        return QuietWalk.walk(root, filter, hashThreads).matches(sealed);
    }

    /**
     * As {@link #unchangedSince(Path, PathFilter, SealedRecord)}, and when the disk is not the same, which paths
     * differ ({@link QuietDiff}): a run can then read only the folders around them.
     */
    public QuietDiff.Outcome compareWithSeal(Path root, PathFilter filter, SealedRecord sealed) throws IOException {
        return QuietWalk.walk(root, filter, hashThreads).against(sealed);
    }

    // ---- incremental scan -------------------------------------------------------------------------------------

    /**
     * Lists the folders that hold the dirty paths (and dirty folders themselves). A folder the journal does not know
     * as the same folder (new, replaced) or that is gone is replaced by its nearest known ancestor, whose listing
     * then shows it (walked whole) or its absence. Shallow folders first, so a folder walked whole is read once.
     */
    private static void readDirty(Path root, PathFilter filter, Map<String, JournalEntry> byPath, Walk walk,
                                  LocalHint.Paths hint) throws IOException {
        Set<String> candidates = new HashSet<>();
        Map<String, BasicFileAttributes> alone = new HashMap<>();
        for (String raw : hint.paths()) {
            String p = LocalHint.spelled(raw);
            if (hint.alone().contains(p)) {
                BasicFileAttributes attrs = sameFile(root, p, byPath.get(p));
                if (attrs != null) {
                    alone.put(p, attrs);
                    continue;
                }
            }
            if (!p.isEmpty()) {
                candidates.add(RelativePaths.parent(p));
            }
            candidates.add(p); // a folder itself (skipped below if it is not one)
        }
        Set<String> folders = new HashSet<>();
        for (String c : candidates) {
            String f = c;
            while (!f.isEmpty() && !knownFolder(root, f, byPath)) {
                f = RelativePaths.parent(f);
            }
            folders.add(f); // c itself when it is a known folder; else the listing of f reads c (file, new, gone)
        }
        List<String> ordered = new ArrayList<>(folders);
        ordered.sort(java.util.Comparator.comparingInt(RelativePaths::depth).thenComparing(x -> x));
        for (String folder : ordered) {
            if (insideDone(folder, walk.walkedRoots) || excludedWithAncestors(filter, folder)) {
                continue; // walked whole already, or a full scan does not look inside either
            }
            Path disk = resolveDisk(root, folder);
            if (disk != null) {
                listFolder(disk, folder, byPath, walk);
            }
        }
        for (Map.Entry<String, BasicFileAttributes> e : alone.entrySet()) {
            String folder = RelativePaths.parent(e.getKey());
            // a folder listed or walked already read it (on a volume that ignores case, maybe under a new spelling:
            // a case-only rename reports both spellings, and the new one has no journal row, so its folder is listed)
            if (!walk.listed.contains(folder) && !insideDone(folder, walk.walkedRoots)
                    && !excludedWithAncestors(filter, folder)) {
                walk.visitFile(root.resolve(e.getKey()), e.getValue());
            }
        }
    }

    /**
     * The attributes of the regular file at {@code path} when it is still the file {@code row} describes (a file row,
     * the same file key) and its name is spelled alike in NFC and NFD (so the path names it exactly on any volume);
     * null otherwise (the caller then lists its folder).
     */
    private static BasicFileAttributes sameFile(Path root, String path, JournalEntry row) {
        if (row == null || row.kind() != EntryKind.FILE || path.isEmpty()
                || !Normalizer.isNormalized(path, Normalizer.Form.NFD) || !Normalizer.isNormalized(path, Normalizer.Form.NFC)) {
            return null;
        }
        try {
            BasicFileAttributes attrs = Files.readAttributes(root.resolve(path), BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            return attrs.isRegularFile() && Objects.equals(row.fileKey(), key(attrs)) ? attrs : null;
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return null;
        }
    }

    /** A folder on disk that the journal knows as the same folder (same file key where both have one). */
    private static boolean knownFolder(Path root, String folder, Map<String, JournalEntry> byPath) {
        JournalEntry j = byPath.get(folder);
        if (j == null || j.kind() != EntryKind.DIR) {
            return false;
        }
        Path disk = resolveDisk(root, folder);
        if (disk == null) {
            return false;
        }
        try {
            String key = key(Files.readAttributes(disk, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
            return j.fileKey() == null || key == null || j.fileKey().equals(key);
        } catch (IOException e) {
            return false;
        }
    }


    /**
     * {@code j} as the scan presents an entry it did not read at {@code path} (unhashed, sharing the journal's path
     * and file key forms): a folder with size and mtime 0, anything else with the journal's.
     */
    private static LocalEntry asJournalHasIt(String path, JournalEntry j) {
        Object p = Compact.same(path, j.compactPath());
        return j.kind() == EntryKind.DIR
                ? LocalEntry.withCompactKey(p, EntryKind.DIR, 0, 0, j.compactFileKey(), LocalHash.NOT_COMPUTED)
                : LocalEntry.withCompactKey(p, j.kind(), j.size(), j.mtimeMillis(), j.compactFileKey(),
                LocalHash.NOT_COMPUTED);
    }

    /** Reads the direct children of one folder into the walk; new or replaced subfolders are walked whole. */
    private static void listFolder(Path dir, String folder, Map<String, JournalEntry> byPath, Walk walk)
            throws IOException {
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            ds.forEach(children::add);
        } catch (IOException e) {
            // not listable: like a full scan, keep what the journal has under it
            walk.problems.add(new ScanProblem(folder, org.oxisync.core.reason.ReasonCode.FOLDER_UNREADABLE, "folder could not be listed: " + e.getClass().getSimpleName()));
            walk.unreadable.add(folder);
            return;
        }
        walk.listed.add(folder);
        for (Path child : children) {
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                continue; // gone since the listing: absent, like a full scan that came a moment later
            } catch (IOException e) {
                walk.visitFileFailed(child, e);
                continue;
            }
            if (!attrs.isDirectory()) {
                walk.visitFile(child, attrs);
                continue;
            }
            String path = Names.nfc(walk.relative(child));
            JournalEntry j = byPath.get(path);
            String key = key(attrs);
            boolean known = j != null && j.kind() == EntryKind.DIR
                    && (j.fileKey() == null || key == null || j.fileKey().equals(key));
            if (known) {
                walk.dirEntry(child, attrs); // its entry; its content is the journal's unless dirty too
            } else {
                walk.walkedRoots.add(path);
                Files.walkFileTree(child, walk);
            }
        }
    }

    /** Adds every journal entry the incremental scan did not read, as the journal has it. */
    private static void keepUnread(PathFilter filter, JournalBase journal, Walk walk) {
        Set<String> seen = new HashSet<>();
        Set<String> foundDirs = new HashSet<>();
        for (LocalEntry e : walk.entries) {
            seen.add(e.path());
            if (e.kind() == EntryKind.DIR) {
                foundDirs.add(e.path());
            }
        }
        Map<String, Boolean> excludedFolder = new HashMap<>();
        for (JournalEntry j : journal.entries()) {
            String path = j.path();
            if (path.isEmpty() || seen.contains(path) || read(path, walk.listed, foundDirs)) {
                continue;
            }
            String parent = RelativePaths.parent(path);
            if (filter.excludes(path, j.kind() == EntryKind.DIR) || (!parent.isEmpty()
                    && excludedFolder.computeIfAbsent(parent, f -> excludedWithAncestors(filter, f)))) {
                continue; // a full scan would not present it either
            }
            walk.entries.add(asJournalHasIt(path, j));
        }
    }

    /**
     * Whether the scan has read what is at {@code path}: its folder was listed (present or absent, it is known), or
     * some ancestor's folder was listed and that ancestor was not found there as a folder (so it is gone).
     */
    private static boolean read(String path, Set<String> listed, Set<String> foundDirs) {
        String child = path;
        String parent = RelativePaths.parent(path);
        if (listed.contains(parent)) {
            return true;
        }
        while (!parent.isEmpty()) {
            child = parent;
            parent = RelativePaths.parent(child);
            if (listed.contains(parent) && !foundDirs.contains(child)) {
                return true;
            }
        }
        return false;
    }

    private static boolean insideDone(String folder, Set<String> walkedRoots) {
        for (String r : walkedRoots) {
            if (folder.equals(r) || RelativePaths.isStrictAncestor(r, folder)) {
                return true;
            }
        }
        return false;
    }

    private static boolean excludedWithAncestors(PathFilter filter, String folder) {
        String f = folder;
        while (!f.isEmpty()) {
            if (filter.excludes(f, true)) {
                return true;
            }
            f = RelativePaths.parent(f);
        }
        return false;
    }

    /** The on-disk folder for an NFC relative path (names may be spelled NFD on disk), or null if it is no folder. */
    private static Path resolveDisk(Path root, String nfcPath) {
        Path p = root;
        if (!nfcPath.isEmpty()) {
            for (String seg : nfcPath.split("/")) {
                if (seg.isEmpty() || seg.equals(".") || seg.equals("..")) {
                    return null;
                }
                Path next = p.resolve(seg);
                if (!Files.exists(next, LinkOption.NOFOLLOW_LINKS)) {
                    next = null;
                    try (DirectoryStream<Path> ds = Files.newDirectoryStream(p)) {
                        for (Path c : ds) {
                            if (Names.nfc(c.getFileName().toString()).equals(seg)) {
                                next = c;
                                break;
                            }
                        }
                    } catch (IOException e) {
                        return null;
                    }
                    if (next == null) {
                        return null;
                    }
                }
                p = next;
            }
        }
        return Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? p : null;
    }

    private void hashAll(Path root, Walk walk, Map<String, JournalEntry> byPath) throws IOException {
        if (walk.toHash.isEmpty()) {
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(hashThreads, walk.toHash.size()), r -> {
            Thread t = new Thread(r, "oxisync-scan-hash");
            t.setDaemon(true);
            return t;
        });
        try {
            // A sliding window of tasks, taken in order: not one task (and queue node) per file submitted at once,
            // which at a million files held about 80 MB of tasks beside the walk (bench/README.md, "A million files")
            int window = HASH_WINDOW_PER_THREAD * Math.max(1, hashThreads);
            java.util.ArrayDeque<Future<Hashed>> inFlight = new java.util.ArrayDeque<>(window);
            List<Pending> toHash = walk.toHash;
            int next = 0;
            while (next < toHash.size() || !inFlight.isEmpty()) {
                while (next < toHash.size() && inFlight.size() < window) {
                    Pending queued = toHash.set(next++, null); // the task holds it; the list need not
                    inFlight.add(pool.submit(() -> hashStable(root.resolve(queued.diskPath()), queued)));
                }
                Hashed h = inFlight.poll().get();
                Pending p = h.pending();
                if (h.digest() != null) {
                    LocalEntry hashed = LocalEntry.withCompactKey(p.pathForm(), EntryKind.FILE, h.size(),
                            h.mtimeMillis(), p.keyForm(), LocalHash.known(h.digest().fileHash()));
                    // held flat (ScanEntries.addHashed), its digest by position: about 48 bytes a file less
                    walk.digests.put(walk.entries.addHashed(hashed), hashed, h.digest());
                } else {
                    walk.problems.add(new ScanProblem(p.path(), h.problem()));
                    keepJournalEntry(p.path(), byPath, walk);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("scan interrupted", e);
        } catch (ExecutionException e) {
            throw new IOException("hashing failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Hashes a file and checks it did not change meanwhile; a file that keeps changing is left for the next run. */
    private Hashed hashStable(Path file, Pending p) {
        long size = p.size();
        long mtime = p.mtimeMillis();
        for (int attempt = 0; attempt < STABILITY_ATTEMPTS; attempt++) {
            try {
                FileDigest digest = digester.digest(file);
                BasicFileAttributes after = Files.readAttributes(file, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                long afterMtime = after.lastModifiedTime().toMillis();
                if (after.size() == size && afterMtime == mtime && digest.size() == size) {
                    return new Hashed(p, digest, size, mtime, null);
                }
                size = after.size();
                mtime = afterMtime;
            } catch (AccessDeniedException e) {
                return new Hashed(p, null, 0, 0, org.oxisync.core.reason.Reason.of(
                        org.oxisync.core.reason.ReasonCode.PERMISSION_DENIED, "not readable (permission denied)"));
            } catch (NoSuchFileException e) {
                return new Hashed(p, null, 0, 0, org.oxisync.core.reason.Reason.of(
                        org.oxisync.core.reason.ReasonCode.GONE_LOCALLY, "disappeared while being read"));
            } catch (IOException e) {
                return new Hashed(p, null, 0, 0, org.oxisync.core.reason.Reason.of(
                        org.oxisync.core.reason.ReasonCode.LOCKED_OR_UNREADABLE, "could not be read: " + e.getMessage()));
            }
        }
        return new Hashed(p, null, 0, 0, org.oxisync.core.reason.Reason.of(
                org.oxisync.core.reason.ReasonCode.CHANGED_WHILE_READING, "changing while being read; retried next run"));
    }

    /** Presents a path the scan could not read as the journal last saw it (or not at all when new). */
    private static void keepJournalEntry(String path, Map<String, JournalEntry> byPath, Walk walk) {
        JournalEntry j = byPath.get(path);
        if (j != null && j.kind() == EntryKind.FILE) {
            walk.entries.add(asJournalHasIt(path, j));
        }
    }

    private static void keepJournalSubtree(String prefix, Map<String, JournalEntry> byPath, Walk walk) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (LocalEntry e : walk.entries) {
            seen.add(e.path());
        }
        for (JournalEntry j : byPath.values()) {
            if (RelativePaths.isStrictAncestor(prefix, j.path()) && !seen.contains(j.path())) {
                walk.entries.add(j.kind() == EntryKind.DIR ? asJournalHasIt(j.path(), j)
                        : LocalEntry.withCompactKey(j.compactPath(), EntryKind.FILE, j.size(), j.mtimeMillis(),
                        j.compactFileKey(), LocalHash.NOT_COMPUTED));
            }
        }
    }

    /**
     * A file to hash, as the walk found it: its NFC path and file key in {@link Compact} form (the form the scan's
     * entry then holds, made once), its on-disk path only when spelled otherwise. A join holds one for every file
     * of the tree until it is hashed: as strings about 170 bytes a file, now about 120 (bench/README.md "A million
     * files").
     */
    private record Pending(Object pathForm, String diskOrNull, long size, long mtimeMillis, Object keyForm) {
        static Pending of(String path, String disk, long size, long mtimeMillis, String fileKey) {
            return new Pending(Compact.of(path), disk.equals(path) ? null : disk, size, mtimeMillis,
                    Compact.of(fileKey));
        }

        String path() {
            return Compact.text(pathForm);
        }

        String diskPath() {
            return diskOrNull != null ? diskOrNull : path();
        }
    }

    private record Hashed(Pending pending, FileDigest digest, long size, long mtimeMillis, org.oxisync.core.reason.Reason problem) {}

    private static final class Walk extends SimpleFileVisitor<Path> {
        final Path root;
        final PathFilter filter;
        final Map<String, JournalEntry> journal;
        final ScanEntries entries = new ScanEntries();
        /** Filled by {@link #hashAll} on the merged walk only (the parts of a parallel walk hash nothing). */
        final ScanDigests digests = new ScanDigests();
        final Map<String, String> diskNames = new HashMap<>();
        final List<ScanProblem> problems = new ArrayList<>();
        final List<Path> temps = new ArrayList<>();
        final List<Pending> toHash = new ArrayList<>();
        final List<String> unreadable = new ArrayList<>();
        /** Folders whose direct children were all read (the root included in a full scan). */
        final Set<String> listed = new HashSet<>();
        /** Folders an incremental scan walked whole. */
        final Set<String> walkedRoots = new HashSet<>();
        /** Entries read from the disk (stat calls of the walk). */
        long read;
        /** Paths already presented; only an incremental scan can meet an entry twice, a full walk needs no set. */
        final Set<String> visited;

        Walk(Path root, PathFilter filter, Map<String, JournalEntry> journal, boolean incremental) {
            this.root = root;
            this.filter = filter;
            this.journal = journal;
            this.visited = incremental ? new HashSet<>() : null;
        }

        /** Adds the findings of another part of the same walk (see {@link ParallelTreeWalk}) after these. */
        void append(Walk part) {
            entries.addAll(part.entries);
            diskNames.putAll(part.diskNames);
            problems.addAll(part.problems);
            temps.addAll(part.temps);
            toHash.addAll(part.toHash);
            unreadable.addAll(part.unreadable);
            listed.addAll(part.listed);
            walkedRoots.addAll(part.walkedRoots);
            read += part.read;
        }

        private boolean firstVisit(String path) {
            return visited == null || visited.add(path);
        }

        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            if (dir.equals(root)) {
                listed.add("");
                return FileVisitResult.CONTINUE;
            }
            String path = dirEntry(dir, attrs);
            if (path == null) {
                return FileVisitResult.SKIP_SUBTREE;
            }
            listed.add(path);
            return FileVisitResult.CONTINUE;
        }

        /** Records a folder's own entry; null when the filter excludes it. */
        String dirEntry(Path dir, BasicFileAttributes attrs) {
            read++;
            String disk = relative(dir);
            String path = Names.nfc(disk);
            if (filter.excludes(path, true)) {
                return null;
            }
            if (firstVisit(path)) {
                remember(path, disk);
                JournalEntry j = journal.get(path);
                Object key = j == null ? null : Compact.same(key(attrs), j.compactFileKey());
                if (j == null) {
                    entries.add(LocalEntry.dir(path, key(attrs)));
                } else if (j.kind() == EntryKind.DIR && key == j.compactFileKey()) {
                    entries.addSettled(j); // as the journal has it: held as its row, not as a second record
                } else {
                    entries.add(LocalEntry.withCompactKey(j.compactPath(), EntryKind.DIR, 0, 0, key,
                            LocalHash.NOT_COMPUTED));
                }
            }
            return path;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            read++;
            String name = file.getFileName().toString();
            String disk = relative(file);
            String path = Names.nfc(disk);
            if (!firstVisit(path)) {
                return FileVisitResult.CONTINUE; // an incremental scan may meet an entry twice
            }
            if (TempNames.isOwnTemp(name)) {
                temps.add(file);
                return FileVisitResult.CONTINUE;
            }
            if (filter.excludes(path, attrs.isDirectory())) {
                return FileVisitResult.CONTINUE;
            }
            remember(path, disk);
            if (attrs.isSymbolicLink()) {
                entries.add(new LocalEntry(path, EntryKind.SYMLINK, 0, 0, key(attrs), LocalHash.NOT_COMPUTED));
                problems.add(new ScanProblem(path, org.oxisync.core.reason.Reason.of(
                        org.oxisync.core.reason.ReasonCode.LINK_OR_SPECIAL_FILE, "symbolic link: not followed, not synced",
                        "kind", "link")));
                return FileVisitResult.CONTINUE;
            }
            if (!attrs.isRegularFile()) {
                entries.add(new LocalEntry(path, EntryKind.OTHER, 0, 0, key(attrs), LocalHash.NOT_COMPUTED));
                problems.add(new ScanProblem(path, org.oxisync.core.reason.Reason.of(
                        org.oxisync.core.reason.ReasonCode.LINK_OR_SPECIAL_FILE,
                        "special file (device, pipe or socket): not synced", "kind", "special")));
                return FileVisitResult.CONTINUE;
            }
            long size = attrs.size();
            long mtime = attrs.lastModifiedTime().toMillis();
            String fileKey = key(attrs);
            JournalEntry j = journal.get(path);
            if (j != null && j.kind() == EntryKind.FILE && j.size() == size && j.mtimeMillis() == mtime
                    && (j.fileKey() == null || fileKey == null || j.fileKey().equals(fileKey))) {
                // the journal's path and key, not equal copies: at 100,000 files every copy kept costs megabytes;
                // with the row's own key the entry is the row itself (ScanEntries: no record at all)
                Object key = Compact.same(fileKey, j.compactFileKey());
                if (key == j.compactFileKey()) {
                    entries.addSettled(j);
                } else {
                    entries.add(LocalEntry.withCompactKey(j.compactPath(), EntryKind.FILE, size, mtime, key,
                            LocalHash.NOT_COMPUTED));
                }
            } else {
                toHash.add(Pending.of(path, disk, size, mtime, fileKey));
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) {
            if (file.equals(root)) {
                return FileVisitResult.TERMINATE;
            }
            String path = Names.nfc(relative(file));
            LOG.warn("cannot read {}: {}", path, e.toString());
            problems.add(new ScanProblem(path, org.oxisync.core.reason.ReasonCode.LOCKED_OR_UNREADABLE, "not readable: " + e.getClass().getSimpleName()));
            JournalEntry j = journal.get(path);
            if (j != null) {
                entries.add(asJournalHasIt(path, j));
                if (j.kind() == EntryKind.DIR) {
                    unreadable.add(path);
                }
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException e) {
            if (e != null && !dir.equals(root)) {
                String path = Names.nfc(relative(dir));
                problems.add(new ScanProblem(path, org.oxisync.core.reason.ReasonCode.FOLDER_UNREADABLE,
                        "folder could not be listed completely: " + e.getMessage()));
                unreadable.add(path);
            }
            return FileVisitResult.CONTINUE;
        }

        private void remember(String nfcPath, String diskPath) {
            if (!nfcPath.equals(diskPath)) {
                diskNames.put(nfcPath, diskPath);
            }
        }

        private String relative(Path p) {
            return LocalScanner.relative(root, p);
        }
    }

    /** The NFC relative path of {@code p} under {@code root}, '/'-separated. */
    public static String relativeNfc(Path root, Path p) {
        return Names.nfc(relative(root, p));
    }

    /** The relative path of {@code p} under {@code root} as the disk spells it, '/'-separated. */
    static String relative(Path root, Path p) {
        // The walk makes every path by resolving names against the root, so its text starts with the root's and a
        // separator: cutting that prefix off is the relative path, without Path.relativize's copies per name (the
        // largest allocation of a no-change walk).
        String whole = p.toString();
        String base = root.toString();
        String rel;
        if (whole.length() > base.length() && whole.startsWith(base)
                && whole.charAt(base.length()) == java.io.File.separatorChar && !base.endsWith(java.io.File.separator)) {
            rel = whole.substring(base.length() + 1);
        } else {
            rel = root.relativize(p).toString();
        }
        return java.io.File.separatorChar == '/' ? rel : rel.replace(java.io.File.separatorChar, '/');
    }

    static String key(BasicFileAttributes attrs) {
        Object k = attrs.fileKey();
        return k == null ? null : k.toString();
    }
}
