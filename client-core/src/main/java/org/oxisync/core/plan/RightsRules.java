package org.oxisync.core.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.Item.Content;
import org.oxisync.core.plan.Item.Fate;

/**
 * The pair's rights ({@link PairRights}: the mode and the role) applied to the decided fates, so that the plan never
 * sends what the pair may not send and never loses a local change. Three steps of {@link Reconciler#reconcile}:
 * <ol>
 *   <li>{@link #beforePaths}: a local rename or move the pair may not send is undone (moved back; the server's
 *       place wins); an upload-only pair does not follow the server's moves (its own place wins, the server's
 *       entry is moved back).</li>
 *   <li>{@link #beforeSplit}, on the fates: a local edit the pair may not send becomes a conflict (the local
 *       content is kept beside the server's version, which comes back); a local delete it may not send is undone
 *       (the server's entry comes back), or, upload-only with {@code --keep-remote-deletes}, only forgotten; an
 *       upload-only pair records the server's edits without downloading them, uploads again what the server
 *       deleted, and forgets what was deleted locally and changed on the server; a conflict in an upload-only
 *       pair is settled by the local version.</li>
 *   <li>{@link #afterClaims}, once conflict copies are named: whatever would go up as new and may not (a read-only
 *       role, a download-only pair, a refusal) stays local and is reported; an upload-only pair leaves what is
 *       new on the server alone.</li>
 * </ol>
 * Every held-back item is reported as a {@link SyncAction.Skip} with its reason (only the topmost of a subtree).
 * The whole table is in {@code docs/pair-rights.md}.
 */
final class RightsRules {
    private final PairRights rights;
    private final Map<String, SkipReason> held = new HashMap<>();

    RightsRules(PairRights rights) {
        this.rights = rights;
    }

    /** Before the final paths: local moves that may not be sent, and server moves an upload-only pair ignores. */
    void beforePaths(List<Item> items) {
        for (Item it : items) {
            if (!it.tracked() || it.local == null || it.remote == null) {
                continue;
            }
            if (it.localSelfMoved() && !it.remoteSelfMoved()) {
                if (!rights.sendEdit()) {
                    it.localMoveRejected = true;
                    hold(it.local.path(), SkipReason.Code.NO_RENAME,
                            "moved back: " + rights.whyNotSent() + " (renames and moves are not sent)");
                } else if (rights.refusedBefore(it.local.path(), "move")) {
                    it.localMoveRejected = true;
                    hold(it.local.path(), SkipReason.Code.REFUSED, "moved back: the server refused this move");
                }
            }
            if (!rights.applyRemote() && rights.sendEdit() && it.remoteSelfMoved()) {
                it.remoteMoveRejected = true;
            }
        }
    }

    /** On the decided fates, before conflicts are split into a copy and the server's version. */
    void beforeSplit(List<Item> items) {
        List<Item> deletes = new ArrayList<>();
        for (Item it : items) {
            switch (it.fate) {
                case KEEP -> keep(it);
                case DELETE_REMOTE -> deletes.add(it);
                case COPY_TO_LOCAL -> {
                    if (it.tracked() && !rights.applyRemote()) {
                        it.fate = Fate.FORGET; // deleted locally, changed on the server: the server's version stays
                    }
                }
                case DELETE_LOCAL -> {
                    if (!rights.applyRemote()) {
                        it.fate = Fate.COPY_TO_REMOTE; // a backup: what the server lost goes up again
                    }
                }
                default -> { }
            }
        }
        deletes.sort(Comparator.comparingInt(i -> RelativePaths.depth(i.remote.path())));
        for (Item it : deletes) {
            remoteDelete(it);
        }
    }

    private void keep(Item it) {
        if (it.isDir()) {
            return;
        }
        String path = it.finalPath;
        String fp = PairRights.fileFingerprint(it.localHash(), it.local.size());
        if (it.conflicted) {
            if (!rights.applyRemote()) { // upload-only: the local version is the backup's truth
                it.conflicted = false;
                if (rights.sendEdit() && !rights.refusedBefore(path, fp)) {
                    it.content = Content.UPLOAD;
                } else {
                    it.fate = Fate.SKIPPED;
                    hold(path, SkipReason.Code.NO_UPDATE, "changed on both sides, edit not uploaded: "
                            + rights.whyNotSent());
                }
            }
            return;
        }
        if (it.content == Content.UPLOAD) {
            if (rights.sendEdit() && rights.refusedBefore(path, fp)) {
                it.fate = Fate.SKIPPED;
                hold(path, SkipReason.Code.REFUSED, "edit not uploaded: the server refused it; sent again once"
                        + " the file changes");
            } else if (!rights.sendEdit()) {
                if (rights.applyRemote()) {
                    it.conflicted = true;
                    it.content = Content.SAME;
                    held.putIfAbsent(path, new SkipReason(SkipReason.Code.NO_UPDATE, "your edit is kept as a conflict"
                            + " copy beside the server's version: " + rights.whyNotSent() + " (edits are not sent)",
                            org.oxisync.core.reason.ReasonCode.HELD_BACK_EDIT_COPY));
                } else {
                    it.fate = Fate.SKIPPED;
                    hold(path, SkipReason.Code.NO_UPDATE, "edit not uploaded: " + rights.whyNotSent());
                }
            }
        } else if (it.content == Content.DOWNLOAD && !rights.applyRemote()) {
            it.content = Content.RECORD; // upload-only: the server's edit is noted, not brought down
        }
    }

    /** Parents before children: a refused folder delete holds back its subtree. */
    private void remoteDelete(Item it) {
        if (it.remoteParent != null && it.remoteParent.fate == Fate.SKIPPED) {
            it.fate = Fate.SKIPPED; // inside a folder whose delete the server refused: reported with the folder
            return;
        }
        if (rights.keepsRemoteDeletes()) {
            it.fate = Fate.FORGET; // the server keeps its copy; the pair no longer follows it
        } else if (!rights.sendDelete()) {
            it.fate = Fate.COPY_TO_LOCAL;
            hold(it.remote.path(), SkipReason.Code.NO_DELETE, "restored from the server: " + rights.whyNotSent()
                    + " (deletes are not sent)");
        } else if (rights.refusedBefore(it.remote.path(), "delete")) {
            it.fate = Fate.SKIPPED;
            hold(it.remote.path(), SkipReason.Code.REFUSED, "not deleted on the server: it refused the delete;"
                    + " restore the file or delete it there");
        }
    }

    /** Once conflict copies are named: what may not go up as new stays local (parents first: with its subtree). */
    void afterClaims(List<Item> items) {
        List<Item> byDepth = new ArrayList<>(items);
        byDepth.sort(Comparator.comparingInt(i -> i.finalPath == null ? 0 : RelativePaths.depth(i.finalPath)));
        for (Item it : byDepth) {
            if (it.fate == Fate.COPY_TO_REMOTE && it.localParent != null && it.localParent.fate == Fate.SKIPPED) {
                it.fate = Fate.SKIPPED; // inside a held-back folder: reported with it
                continue;
            }
            if (it.fate == Fate.COPY_TO_REMOTE) {
                String fp = it.isDir() ? "dir" : PairRights.fileFingerprint(it.localHash(), it.local.size());
                if (!rights.sendNew()) {
                    it.fate = Fate.SKIPPED;
                    hold(it.finalPath, SkipReason.Code.READ_ONLY, "not uploaded: read-only (" + rights.whyNotSent()
                            + ")");
                } else if (rights.refusedBefore(it.finalPath, fp)) {
                    it.fate = Fate.SKIPPED;
                    hold(it.finalPath, SkipReason.Code.REFUSED, "not uploaded: the server refused it; sent again"
                            + " once it changes");
                }
            } else if (it.fate == Fate.COPY_TO_LOCAL && !it.tracked() && !rights.applyRemote()) {
                it.fate = Fate.SKIPPED; // upload-only: new on the server, left there (not a held-back local change)
            }
        }
    }

    /** The held-back items, one per subtree (a folder's line covers what is inside it for the same reason). */
    List<SyncAction.Skip> skips() {
        List<SyncAction.Skip> out = new ArrayList<>();
        held.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            for (String p = RelativePaths.parent(e.getKey()); ; p = RelativePaths.parent(p)) {
                SkipReason above = held.get(p);
                if (above != null && above.code() == e.getValue().code()) {
                    return;
                }
                if (p.isEmpty()) {
                    break;
                }
            }
            out.add(new SyncAction.Skip(e.getKey(), e.getValue()));
        });
        return out;
    }

    private void hold(String path, SkipReason.Code code, String detail) {
        held.putIfAbsent(path, new SkipReason(code, detail));
    }
}
