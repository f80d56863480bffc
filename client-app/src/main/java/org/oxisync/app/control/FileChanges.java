package org.oxisync.app.control;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.oxisync.app.AppContext;
import org.oxisync.app.ConflictResolution;
import org.oxisync.app.state.Bytes;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.status.Conflict;
import org.oxisync.store.versions.VersionInfo;

/**
 * {@code oxisync versions restore} and {@code conflicts resolve}, for {@link StoreChanges}: file operations inside a
 * pair's folder, where whatever is replaced or removed is first kept in the version store.
 */
final class FileChanges {
    private FileChanges() {}

    static int restore(AppContext ctx, LocalStore store, StoreRequest.VersionRestore r, PrintWriter out,
                       PrintWriter err) throws IOException {
        String cmd = r.command();
        Instant limit;
        try {
            limit = r.at() == null ? Instant.MAX : parseTime(r.at());
        } catch (DateTimeParseException e) {
            err.println(cmd + ": --at needs an ISO time like 2026-11-29T10:00:00Z");
            return ExitCodes.CONFIG;
        }
        List<FolderPair> pairs = store.accounts().pairs();
        Optional<FolderPair> chosen = chosen(store, pairs, r.pair());
        var where = Show.locate(r.path(), pairs, Path.of(r.cwd()), chosen);
        if (where.isEmpty()) {
            err.println(r.pair() != null && chosen.isEmpty() ? "no pair named '" + r.pair() + "'"
                    : pairs.isEmpty() ? "no folder pairs" : "several pairs: choose one with --pair NAME");
            return ExitCodes.CONFIG;
        }
        FolderPair pair = where.get().pair();
        String rel = where.get().relative();
        Optional<VersionInfo> version = store.versions().listVersions(pair.id(), rel).stream()
                .filter(v -> !v.time().isAfter(limit)).max(Comparator.comparing(VersionInfo::time));
        if (version.isEmpty()) {
            err.println(cmd + ": no kept version of " + rel + (r.at() == null ? "" : " at or before " + r.at()));
            return ExitCodes.CONFIG;
        }
        Path root = Path.of(pair.localRoot()).toAbsolutePath().normalize();
        Path target = root.resolve(rel).normalize();
        if (!target.startsWith(root) || target.equals(root)) {
            err.println(cmd + ": the path leaves the pair's folder");
            return ExitCodes.CONFIG;
        }
        if (Files.isRegularFile(target)) {
            // The current content may exist nowhere else: keep it as a version before replacing it.
            store.versions().saveVersion(pair.id(), rel, target, ctx.clock().instant());
        }
        Files.createDirectories(target.getParent());
        store.versions().restore(version.get().id(), target);
        out.println("Restored " + rel + " as of " + Show.time(version.get().time()) + " ("
                + Bytes.human(version.get().size()) + "); the next sync uploads it.");
        return ExitCodes.OK;
    }

    static int resolve(AppContext ctx, LocalStore store, StoreRequest.ConflictResolve r, PrintWriter out,
                       PrintWriter err) throws IOException {
        String cmd = r.command();
        List<FolderPair> pairs = store.accounts().pairs();
        Optional<FolderPair> only = chosen(store, pairs, r.pair());
        if (r.pair() != null && only.isEmpty()) {
            err.println(cmd + ": no pair named '" + r.pair() + "'");
            return ExitCodes.CONFIG;
        }
        Optional<Show.PairPath> where = Show.locate(r.file(), pairs, Path.of(r.cwd()), only);
        if (where.isEmpty()) {
            err.println(cmd + ": " + r.file() + " is in no pair's folder (several pairs: give --pair NAME)");
            return ExitCodes.CONFIG;
        }
        FolderPair pair = where.get().pair();
        String rel = where.get().relative();
        ConflictResolution.clearDeletedCopies(store, pair);
        Optional<Conflict> conflict = store.conflicts().unresolved(pair.id()).stream()
                .filter(c -> c.path().equals(rel) || c.conflictCopyPath().equals(rel)).findFirst();
        if (conflict.isEmpty()) {
            err.println(cmd + ": no open conflict on " + rel + " in pair '" + pair.name() + "' (see oxisync conflicts list)");
            return ExitCodes.CONFIG;
        }
        ConflictResolution.resolve(store, ctx.clock(), pair, conflict.get(), r.keep());
        out.println("Resolved " + conflict.get().path() + ": " + r.keep().words() + ". The next sync carries it"
                + " to the server.");
        return ExitCodes.OK;
    }

    /** The pair named {@code name}, or the only pair when no name was given. */
    private static Optional<FolderPair> chosen(LocalStore store, List<FolderPair> pairs, String name) {
        return name != null ? store.accounts().pairByName(name)
                : pairs.size() == 1 ? Optional.of(pairs.get(0)) : Optional.empty();
    }

    /** {@code --at}: an ISO instant, an offset time, or local time as {@code versions list} prints it. */
    static Instant parseTime(String s) {
        return org.oxisync.app.control.Show.parseTime(s);
    }
}
