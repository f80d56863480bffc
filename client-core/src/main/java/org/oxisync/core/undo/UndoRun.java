package org.oxisync.core.undo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.remote.VerifiedRestore;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.TrashItemDto;
import org.oxisync.protocol.TrashPageDto;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;

/**
 * Undoes recorded changes of a pair as a run: a sync first (so that the journal says what both sides hold now and
 * what changed since is seen), then the plan made from that, then a sync that carries each step to the other side.
 * That last sync is recorded like any run, with what it sent and received, so the undo can itself be undone. Nothing
 * is removed that is not kept first: a file undo removes or replaces goes to the version store before.
 */
public final class UndoRun {
    /** What an undo did: the plan it followed, the steps that could not be done (path and why), the final run. */
    public record Result(UndoPlan plan, List<UndoPlan.Left> failed, SyncReport before, SyncReport after) {}

    private final OxiCloudApi api;
    private final LocalStore store;
    private final SyncEngine engine;
    private final Clock clock;

    public UndoRun(OxiCloudApi api, LocalStore store, SyncEngine engine, Clock clock) {
        this.api = api;
        this.store = store;
        this.engine = engine;
        this.clock = clock;
    }

    /** The plan as things are recorded now (a dry run: reads only). */
    public UndoPlan preview(FolderPair pair, List<RunChange> changes, List<RunMove> moves) throws IOException {
        return new UndoPlanner(store.journal(), store.versions()).plan(pair.id(), Path.of(pair.localRoot()), changes,
                moves);
    }

    /** Undoes one recorded run. */
    public Result apply(FolderPair pair, RunRecord run, SyncOptions options) throws IOException {
        return apply(pair, run.changes(), run.moves(), options);
    }

    public Result apply(FolderPair pair, List<RunChange> changes, List<RunMove> moves, SyncOptions options)
            throws IOException {
        SyncReport before = engine.runOnce(pair, options);
        UndoPlan plan = preview(pair, changes, moves);
        List<UndoPlan.Left> failed = new ArrayList<>();
        Path root = Path.of(pair.localRoot());
        List<TrashItemDto> trash = null;
        java.util.Set<String> restoredIn = new java.util.HashSet<>();
        for (UndoPlan.Step step : plan.steps()) {
            try {
                switch (step) {
                    case UndoPlan.RestoreContent r -> restoreContent(pair, root, r.path(), r.versionId());
                    case UndoPlan.RemoveCreated r -> removeCreated(pair, root, r.path());
                    case UndoPlan.MoveBack r -> moveBack(root, r);
                    case UndoPlan.RestoreTrashed r -> {
                        if (trash == null) {
                            trash = trash();
                        }
                        restoreTrashed(pair, root, r, trash).ifPresent(restoredIn::add);
                    }
                }
            } catch (IOException | RuntimeException e) {
                failed.add(new UndoPlan.Left(step.path(), e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        }
        // the user confirmed the plan: removing what the run created is no mass delete to stop at; the folders items
        // came back to are listed whatever their tree ETags say (the server bumps those up to 500 ms later)
        SyncReport after = engine.runOnce(pair, options.withAllowMassDelete(true).withStaleRemoteFolders(restoredIn));
        return new Result(plan, failed, before, after);
    }

    private void restoreContent(FolderPair pair, Path root, String path, long versionId) throws IOException {
        Path target = root.resolve(path);
        if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            store.versions().saveVersion(pair.id(), path, target, clock.instant()); // the content undo replaces
        }
        Files.createDirectories(target.getParent());
        store.versions().restore(versionId, target);
    }

    /** Moved here (the same file, so the next run sees a move and moves it on the server too). */
    private static void moveBack(Path root, UndoPlan.MoveBack m) throws IOException {
        Path target = root.resolve(m.to());
        Files.createDirectories(target.getParent());
        Files.move(root.resolve(m.path()), target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private void removeCreated(FolderPair pair, Path root, String path) throws IOException {
        Path target = root.resolve(path);
        store.versions().saveVersion(pair.id(), path, target, clock.instant());
        Files.delete(target);
    }

    /** Restores the item from the server's trash (returns the folder it is back in) or from a kept version. */
    private Optional<String> restoreTrashed(FolderPair pair, Path root, UndoPlan.RestoreTrashed r,
                                            List<TrashItemDto> trash) throws IOException {
        Optional<TrashItemDto> item = trash.stream().filter(t -> r.remoteId().equals(t.id())).findFirst();
        String why = "it is no longer in the server's trash";
        if (item.isPresent()) {
            try {
                Resource back = VerifiedRestore.restore(api, item.get()); // a 200 alone does not mean it is back
                return Optional.of(putAt(pair, r.path(), back));
            } catch (VerifiedRestore.NotRestored | OxiCloudException e) {
                why = e.getMessage();
            }
        }
        if (r.fallbackVersion() > 0) {
            restoreContent(pair, root, r.path(), r.fallbackVersion());
            return Optional.empty();
        }
        throw new IOException(why);
    }

    /**
     * The restored item where the path says (it may have been trashed from a folder the run named for a moment, or
     * under another name): moved into the folder the journal has at the path's parent, renamed to the path's name.
     * Returns the folder it is in.
     */
    private String putAt(FolderPair pair, String path, Resource back) {
        boolean folder = back instanceof FolderDto;
        String parent = org.oxisync.core.naming.RelativePaths.parent(path);
        String parentId = parent.isEmpty() ? pair.remoteFolderId()
                : store.journal().get(pair.id(), parent).map(j -> j.remoteId()).orElse(null);
        String now = folder ? ((FolderDto) back).parentId() : ((FileDto) back).folderId();
        if (parentId != null && !parentId.equals(now)) {
            if (folder) {
                api.moveFolder(back.id(), parentId);
            } else {
                api.moveFile(back.id(), parentId);
            }
        }
        String name = org.oxisync.core.naming.RelativePaths.name(path);
        if (!back.name().equals(name)) {
            if (folder) {
                api.renameFolder(back.id(), name);
            } else {
                api.renameFile(back.id(), name);
            }
        }
        return parentId != null ? parentId : now;
    }

    private List<TrashItemDto> trash() {
        List<TrashItemDto> all = new ArrayList<>();
        String cursor = null;
        do {
            TrashPageDto page = api.trash(1000, cursor);
            all.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor != null && !cursor.isEmpty());
        return all;
    }
}
