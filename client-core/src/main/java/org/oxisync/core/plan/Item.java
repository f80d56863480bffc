package org.oxisync.core.plan;

import java.util.ArrayList;
import java.util.List;
import org.oxisync.core.naming.RelativePaths;

/**
 * One thing being synced: a journal entry and its counterparts on each side (found by path, file key, hash
 * or remote id), or a new entry on one side (or on both, when they already agree). Mutable working state of
 * one reconcile call only.
 */
final class Item {
    enum Fate {
        /** Present on both sides at the end; content per {@link Content}. */
        KEEP,
        /** Only remote (new there, or kept there although deleted locally): copied to the local side. */
        COPY_TO_LOCAL,
        /** Only local (new here, or kept here although deleted remotely): copied to the remote side. */
        COPY_TO_REMOTE,
        DELETE_LOCAL,
        DELETE_REMOTE,
        /** Gone on both sides: the journal entry is dropped. */
        FORGET,
        /** Left out of this run (a name clash that cannot be resolved). */
        SKIPPED
    }

    enum Content { SAME, UPLOAD, DOWNLOAD, RECORD }

    final JournalEntry journal;
    LocalEntry local;
    RemoteEntry remote;
    /** The current local name (a conflict copy renames it before anything else runs). */
    String localName;
    Item localParent;
    Item remoteParent;
    Item journalParent;
    final List<Item> localChildren = new ArrayList<>();
    final List<Item> remoteChildren = new ArrayList<>();

    Fate fate;
    Content content = Content.SAME;
    /** The local content was renamed to a conflict copy; the remote version takes this item's place. */
    boolean conflicted;
    String finalPath;
    boolean finalFromLocal;
    /**
     * This item's local move closed a cycle with moves on the server (here a folder moved into X, there X moved into
     * that folder): the server's moves win and this item goes back to where the journal has it ({@link FinalPaths}).
     */
    boolean localMoveRejected;
    /** An upload-only pair does not follow the server's move of this item: the local place wins ({@link RightsRules}). */
    boolean remoteMoveRejected;

    Item(JournalEntry journal, LocalEntry local, RemoteEntry remote) {
        this.journal = journal;
        this.local = local;
        this.remote = remote;
        this.localName = local == null ? null : RelativePaths.name(local.path());
    }

    EntryKind kind() {
        if (journal != null) {
            return journal.kind();
        }
        return local != null ? local.kind() : remote.kind();
    }

    boolean isDir() {
        return kind() == EntryKind.DIR;
    }

    boolean tracked() {
        return journal != null;
    }

    /** The local hash: the scanned one, else the journal's (the scanner skips unchanged files). */
    String localHash() {
        if (local == null) {
            return null;
        }
        return local.hash().value().orElse(journal == null ? null : journal.localHash());
    }

    boolean remoteSelfMoved() {
        return remote != null && journal != null
                && (!RelativePaths.name(remote.path()).equals(RelativePaths.name(journal.path()))
                || !sameParent(remoteParent, RelativePaths.parent(remote.path())));
    }

    boolean localSelfMoved() {
        return local != null && journal != null
                && (!localName.equals(RelativePaths.name(journal.path()))
                || !sameParent(localParent, RelativePaths.parent(local.path())));
    }

    private boolean sameParent(Item parent, String parentPath) {
        if (journalParent != null || parent != null) {
            return journalParent == parent;
        }
        return parentPath.equals(RelativePaths.parent(journal.path()));
    }

    boolean existsAtEnd() {
        return fate == Fate.KEEP || fate == Fate.COPY_TO_LOCAL || fate == Fate.COPY_TO_REMOTE;
    }

    @Override
    public String toString() {
        return "Item[" + (journal != null ? journal.path() : local != null ? local.path() : remote.path()) + "]";
    }
}
