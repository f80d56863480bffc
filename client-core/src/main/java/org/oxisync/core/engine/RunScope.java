package org.oxisync.core.engine;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.core.scan.ScanResult;
import org.oxisync.store.journal.Journal;

/**
 * The part of a pair that a run started by the watcher reads, when the server has not changed since the journal last
 * agreed with the listing cache: the direct children of some folders ({@link #childrenOf}), some paths with
 * everything below them ({@link #subtrees}), and the rows of every ancestor of those. The journal's rows and the
 * cached listing's entries outside it are neither read nor planned: at a million files reading both whole costs
 * about 50 s of CPU a save (bench/README.md "A million files"), where this reads a few folders through the journal's
 * indexes.
 *
 * <p>Why that plans what a full reconcile would: outside the scope, disk, journal and server agree (the watcher
 * reported no change there, and {@link PendingFolders} says the journal has every change of the cached listing that is
 * outside the scope), and the reconciler plans nothing for entries on which all three sides agree
 * ({@link Narrowing}); what a change inside needs as context (its folder's other entries: names it may claim, case
 * clashes, conflict copy names; a deleted or replaced folder's whole subtree; a move's other end) is brought in by
 * {@link #needed}, which the engine applies until the scope holds all of it.
 *
 * <p>A file the journal knows at a dirty path may be in the scope by itself ({@link #files}): its own entry and its
 * ancestors', not its folder's other entries. A file changed in place on one side claims no name
 * ({@link Narrowing#inPlace}), so nothing else in its folder can change its plan; when it turns out to be anything else
 * (gone, replaced, changed on both sides), {@link #needed} brings its folder in as for any dirty path.
 */
final class RunScope {
    private final Set<String> childrenOf;
    private final Set<String> subtrees;
    /** Files in by themselves: their own rows, without their folders' other entries. */
    private final Set<String> files;
    /** The folders of {@link #files}. */
    private final Set<String> filesParents;
    /** Every member of the three sets and all their ancestors: their own rows are in. */
    private final Set<String> upward;

    private RunScope(Set<String> childrenOf, Set<String> subtrees, Set<String> files) {
        this.childrenOf = Set.copyOf(childrenOf);
        this.subtrees = Set.copyOf(subtrees);
        this.files = Set.copyOf(files);
        Set<String> parents = new HashSet<>();
        Set<String> up = new HashSet<>();
        for (String p : childrenOf) {
            addWithAncestors(up, p);
        }
        for (String p : subtrees) {
            addWithAncestors(up, p);
        }
        for (String p : files) {
            addWithAncestors(up, p);
            parents.add(RelativePaths.parent(p));
        }
        this.filesParents = Set.copyOf(parents);
        this.upward = Set.copyOf(up);
    }

    /**
     * The scope around the watcher's dirty paths (spelled as it reported them): each path's folder's children, the
     * path with everything below it (a folder deleted, moved or created), and its own children. Empty when a path
     * names the pair's root itself (then the run reads everything).
     */
    static Optional<RunScope> around(Collection<String> dirty) {
        return around(dirty, Set.of());
    }

    /**
     * As {@link #around(Collection)}, but the paths of {@code alone} (spelled as {@link #normalize} spells them: files
     * the journal knows there) are in by themselves ({@link #files}).
     */
    static Optional<RunScope> around(Collection<String> dirty, Set<String> alone) {
        if (namesRoot(dirty)) {
            return Optional.empty();
        }
        Set<String> children = new HashSet<>();
        Set<String> trees = new HashSet<>();
        Set<String> single = new HashSet<>();
        for (String raw : dirty) {
            String p = normalize(raw);
            if (alone.contains(p)) {
                single.add(p);
                continue;
            }
            children.add(RelativePaths.parent(p));
            children.add(p);
            trees.add(p);
        }
        return Optional.of(new RunScope(children, trees, single));
    }

    /** Whether a dirty path names the pair's root itself: then no scope holds the run (it reads everything). */
    static boolean namesRoot(Collection<String> dirty) {
        for (String raw : dirty) {
            if (normalize(raw).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** The same scope with the direct children of {@code folders} too. */
    RunScope withChildrenOf(Collection<String> folders) {
        Set<String> children = new HashSet<>(childrenOf);
        children.addAll(folders);
        return new RunScope(children, subtrees, files);
    }

    /** The files in by themselves whose folders' other entries are not in: what a scan may read alone. */
    Set<String> alone() {
        Set<String> out = new HashSet<>();
        for (String f : files) {
            if (!holdsChildrenOf(RelativePaths.parent(f)) && !inSubtree(f)) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * What the scope must hold for {@code scan} (an incremental scan over {@code base}, this scope's journal rows) to
     * be judged as a full run judges it: the children of every folder the scan listed; every folder it walked whole,
     * with everything below it; every journal folder in a listed folder that the scan did not find there as a folder
     * (deleted or replaced: its journal subtree is what goes); and around every journal path of a file key the scan
     * found somewhere else ({@code movedFrom}: a move whose old place the watcher did not report).
     */
    RunScope needed(ScanResult scan, JournalBase base, Collection<String> movedFrom) {
        return needed(scan, base, movedFrom, Set.of());
    }

    /**
     * As {@link #needed(ScanResult, JournalBase, Collection)}, and around each of {@code notInPlace} (files in by
     * themselves that turned out to be more than an edit in place) what a dirty path brings: its folder's children,
     * itself with everything below it.
     */
    RunScope needed(ScanResult scan, JournalBase base, Collection<String> movedFrom, Collection<String> notInPlace) {
        Set<String> children = new HashSet<>(scan.reach().listed());
        Set<String> trees = new HashSet<>(scan.reach().walkedWhole());
        Set<String> foundDirs = new HashSet<>();
        for (LocalEntry e : scan.snapshot().entries()) {
            if (e.kind() == EntryKind.DIR) {
                foundDirs.add(e.path());
            }
        }
        for (JournalEntry j : base.entries()) {
            if (j.kind() == EntryKind.DIR && !j.path().isEmpty()
                    && scan.reach().listed().contains(RelativePaths.parent(j.path()))
                    && !foundDirs.contains(j.path())) {
                trees.add(j.path());
            }
        }
        for (String p : movedFrom) {
            children.add(RelativePaths.parent(p));
            children.add(p);
            trees.add(p);
        }
        for (String p : notInPlace) {
            children.add(RelativePaths.parent(p));
            children.add(p);
            trees.add(p);
        }
        return new RunScope(children, trees, Set.of());
    }

    /** This scope and {@code other} together. */
    RunScope plus(RunScope other) {
        Set<String> children = new HashSet<>(childrenOf);
        children.addAll(other.childrenOf);
        Set<String> trees = new HashSet<>(subtrees);
        trees.addAll(other.subtrees);
        Set<String> single = new HashSet<>(files);
        single.addAll(other.files);
        return new RunScope(children, trees, single);
    }

    /** Whether every direct child of the folder at {@code folderPath} ("" for the root) is in the scope. */
    boolean holdsChildrenOf(String folderPath) {
        return childrenOf.contains(folderPath) || inSubtree(folderPath);
    }

    /**
     * Whether the listing's file rows of the folder at {@code folderPath} are read for this scope: all its children
     * are in, or some file of it is in by itself (the rows outside the scope are then dropped after the read).
     */
    boolean readsRowsOf(String folderPath) {
        return holdsChildrenOf(folderPath) || filesParents.contains(folderPath);
    }

    /** Whether this scope holds everything {@code other} does. */
    boolean covers(RunScope other) {
        for (String f : other.childrenOf) {
            if (!childrenOf.contains(f) && !inSubtree(f)) {
                return false;
            }
        }
        for (String t : other.subtrees) {
            if (!inSubtree(t)) {
                return false;
            }
        }
        return upward.containsAll(other.upward) || allInside(other.upward);
    }

    private boolean allInside(Set<String> paths) {
        for (String p : paths) {
            if (!contains(p)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the entry at {@code path} (NFC, relative to the pair's root) is in the scope. */
    boolean contains(String path) {
        if (upward.contains(path) || inSubtree(path)) {
            return true;
        }
        return !path.isEmpty() && childrenOf.contains(RelativePaths.parent(path));
    }

    /** The journal's rows in the scope, ordered by path, each turned into the plan's form as it is read. */
    List<JournalEntry> journalRows(Journal journal, long pairId) {
        return journal.within(pairId, childrenOf, subtrees, upward, JournalMapping::toPlan);
    }

    Set<String> childrenOf() {
        return childrenOf;
    }

    Set<String> subtrees() {
        return subtrees;
    }

    Set<String> files() {
        return files;
    }

    private boolean inSubtree(String path) {
        for (String p = path; ; p = RelativePaths.parent(p)) {
            if (subtrees.contains(p)) {
                return true;
            }
            if (p.isEmpty()) {
                return false;
            }
        }
    }

    private static void addWithAncestors(Set<String> into, String path) {
        for (String p = path; into.add(p) && !p.isEmpty(); p = RelativePaths.parent(p)) {
            // up to the root, or to a path already added (its ancestors are then in too)
        }
    }

    /** As the incremental scan reads a hint's path ({@link LocalHint#spelled}). */
    static String normalize(String raw) {
        return LocalHint.spelled(raw);
    }

    @Override
    public String toString() {
        return "RunScope[children of " + childrenOf + ", subtrees " + subtrees + ", files " + files.size() + "]";
    }
}
