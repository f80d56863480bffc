package org.oxisync.ui.setup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.oxisync.app.AppContext;
import org.oxisync.core.engine.PairRemoval;
import org.oxisync.app.PairRules;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.plan.PairRights;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;

/**
 * Adding and removing folder pairs from the window, with the rules {@code oxisync pair add} uses too
 * ({@link PairRules}: no overlapping local folders, canonical remote paths; removing touches no file). Blocking; run in the background.
 */
public final class PairSetup {
    private final AppContext ctx;

    public PairSetup(AppContext ctx) {
        this.ctx = ctx;
    }

    /** Why {@code local} cannot become a new pair's folder, or null when it can (core's {@link PairRules}). */
    public String problemWith(Path local) {
        return PairRules.localProblem(local, ctx.store().accounts().pairs(), ctx.home().dir()).orElse(null);
    }

    /** Creates the local folder if needed and saves the pair; the name is made unique ("Docs", "Docs 2", ...). */
    public FolderPair create(Path local, RemoteFolder remote, List<String> exclusions) throws IOException {
        return create(local, remote, exclusions, null, PairRights.FULL);
    }

    /**
     * As {@link #create(Path, RemoteFolder, List)}, on {@code drive} ({@code remote} is a folder of it, its path from
     * the drive's root) with {@code rights}; the drive and the rights go into the pair's settings as
     * {@code oxisync pair add --drive --mode} puts them. A pair on the Personal drive with full rights stores
     * nothing more than before drives existed. Null {@code drive}: the Personal drive.
     */
    public FolderPair create(Path local, RemoteFolder remote, List<String> exclusions, DriveChoice drive,
                             PairRights rights) throws IOException {
        String problem = problemWith(local);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        Path dir = PairRules.localRoot(local);
        String remotePath = PairRules.normalizeRemotePath(remote.path());
        org.oxisync.store.io.OwnerOnly.createDirectories(dir); // a new sync root is 0700; an existing one is kept
        LocalStore store = ctx.store();
        String name = PairRules.uniqueName(PairRules.defaultName(dir), n -> store.accounts().pairByName(n).isPresent());
        FolderPair pair = FolderPair.create(name, dir.toString(), remote.id(), remotePath).withExclusions(exclusions);
        if (drive != null && !drive.personal()) {
            pair = pair.withSettings(drive.pairDrive().settings(pair.settings()));
        }
        return store.accounts().savePair(PairRightsSettings.write(pair, rights));
    }

    /** True when the folder exists and holds at least one regular file somewhere below it. */
    public static boolean holdsFiles(Path local) throws IOException {
        if (!Files.isDirectory(local)) {
            return false;
        }
        try (Stream<Path> s = Files.walk(local)) {
            return s.anyMatch(Files::isRegularFile);
        }
    }

    /** What the first sync will do: the engine's dry run (changes nothing). */
    public SyncReport preview(FolderPair pair) {
        return ctx.engine(SyncListener.NONE).runOnce(pair, SyncOptions.defaults(AppContext.hostName()).withDryRun(true));
    }

    /** Removes a pair and its journal; the files stay where they are, locally and on the server. */
    public void remove(FolderPair pair) throws IOException {
        PairRemoval.remove(ctx.store(), pair);
    }

    /** Saves new exclusions (selective sync) or ignore patterns for a pair. */
    public FolderPair update(FolderPair pair) {
        return ctx.store().accounts().savePair(pair);
    }
}
