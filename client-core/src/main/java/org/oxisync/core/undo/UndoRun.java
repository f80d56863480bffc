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
    public UndoPlan preview(FolderPair pair, List<RunChange> changes) throws IOException {
        return new UndoPlanner(store.journal(), store.versions()).plan(pair.id(), Path.of(pair.localRoot()), changes);
    }

    public Result apply(FolderPair pair, List<RunChange> changes, SyncOptions options) throws IOException {
        SyncReport before = engine.runOnce(pair, options);
        UndoPlan plan = preview(pair, changes);
        List<UndoPlan.Left> failed = new ArrayList<>();
        Path root = Path.of(pair.localRoot());
        List<TrashItemDto> trash = null;
        java.util.Set<String> restoredIn = new java.util.HashSet<>();
        for (UndoPlan.Step step : plan.steps()) {
            try {
                switch (step) {
                    case UndoPlan.RestoreContent r -> restoreContent(pair, root, r.path(), r.versionId());
                    case UndoPlan.RemoveCreated r -> removeCreated(pair, root, r.path());
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
                return Optional.ofNullable(back instanceof FolderDto f ? f.parentId() : ((FileDto) back).folderId());
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
