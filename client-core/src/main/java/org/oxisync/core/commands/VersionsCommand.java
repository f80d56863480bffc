package org.oxisync.core.commands;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.oxisync.core.app.AppContext;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.versions.VersionInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code oxisync versions list|restore}: the local version store, where every file the sync replaced or removed
 * because of a remote change was kept first.
 */
@Command(name = "versions", mixinStandardHelpOptions = true,
        description = "List and restore earlier versions kept before the sync replaced or removed a file.",
        subcommands = {VersionsCommand.ListVersions.class, VersionsCommand.Restore.class})
public final class VersionsCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.CONFIG;
    }

    static Optional<FolderPair> pick(LocalStore store, String name, PrintWriter err) {
        if (name != null) {
            var p = store.accounts().pairByName(name);
            if (p.isEmpty()) {
                err.println("no pair named '" + name + "'");
            }
            return p;
        }
        List<FolderPair> pairs = store.accounts().pairs();
        if (pairs.size() != 1) {
            err.println(pairs.isEmpty() ? "no folder pairs" : "several pairs: choose one with --pair NAME");
            return Optional.empty();
        }
        return Optional.of(pairs.get(0));
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List kept versions (of PATH, or all).")
    static final class ListVersions implements Callable<Integer> {
        @Mixin HomeOption homeOption;
        @Spec CommandSpec spec;
        @Option(names = "--pair", paramLabel = "NAME") String pairName;
        @Parameters(index = "0", arity = "0..1", paramLabel = "PATH", description = "Path relative to the pair's folder.")
        String path;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            try (AppContext ctx = homeOption.open()) {
                if (!ctx.config().hasAccount()) {
                    spec.commandLine().getErr().println("not logged in");
                    return ExitCodes.CONFIG;
                }
                LocalStore store = ctx.store();
                var pair = pick(store, pairName, spec.commandLine().getErr());
                if (pair.isEmpty()) {
                    return ExitCodes.CONFIG;
                }
                List<VersionInfo> versions = path == null ? store.versions().listVersions(pair.get().id())
                        : store.versions().listVersions(pair.get().id(), RelPath.of(path));
                if (versions.isEmpty()) {
                    out.println("no versions kept" + (path == null ? "" : " of " + path));
                }
                for (VersionInfo v : versions) {
                    out.println(v.time() + "  " + Bytes.human(v.size()) + "  " + v.path() + "  (id " + v.id() + ")");
                }
                return ExitCodes.OK;
            }
        }
    }

    @Command(name = "restore", mixinStandardHelpOptions = true,
            description = "Restore PATH to its newest kept version (or the newest at or before --at).")
    static final class Restore implements Callable<Integer> {
        @Mixin HomeOption homeOption;
        @Spec CommandSpec spec;
        @Option(names = "--pair", paramLabel = "NAME") String pairName;
        @Option(names = "--at", paramLabel = "TIME", description = "ISO time, e.g. 2026-11-29T10:00:00Z")
        String at;
        @Parameters(index = "0", paramLabel = "PATH") String path;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            Instant limit;
            try {
                limit = at == null ? Instant.MAX : parse(at);
            } catch (DateTimeParseException e) {
                err.println("oxisync versions restore: --at needs an ISO time like 2026-11-29T10:00:00Z");
                return ExitCodes.CONFIG;
            }
            try (AppContext ctx = homeOption.open()) {
                if (!ctx.config().hasAccount()) {
                    err.println("not logged in");
                    return ExitCodes.CONFIG;
                }
                LocalStore store = ctx.store();
                var pair = pick(store, pairName, err);
                if (pair.isEmpty()) {
                    return ExitCodes.CONFIG;
                }
                String rel = RelPath.of(path);
                Optional<VersionInfo> version = store.versions().listVersions(pair.get().id(), rel).stream()
                        .filter(v -> !v.time().isAfter(limit)).max(Comparator.comparing(VersionInfo::time));
                if (version.isEmpty()) {
                    err.println("oxisync versions restore: no kept version of " + rel
                            + (at == null ? "" : " at or before " + at));
                    return ExitCodes.CONFIG;
                }
                Path root = Path.of(pair.get().localRoot()).toAbsolutePath().normalize();
                Path target = root.resolve(rel).normalize();
                if (!target.startsWith(root) || target.equals(root)) {
                    err.println("oxisync versions restore: the path leaves the pair's folder");
                    return ExitCodes.CONFIG;
                }
                if (Files.isRegularFile(target)) {
                    // The current content may exist nowhere else: keep it as a version before replacing it.
                    store.versions().saveVersion(pair.get().id(), rel, target, ctx.clock().instant());
                }
                Files.createDirectories(target.getParent());
                store.versions().restore(version.get().id(), target);
                out.println("Restored " + rel + " as of " + version.get().time() + " (" + Bytes.human(version.get().size())
                        + "); the next sync uploads it.");
                return ExitCodes.OK;
            }
        }

        private static Instant parse(String s) {
            try {
                return Instant.parse(s);
            } catch (DateTimeParseException e) {
                return OffsetDateTime.parse(s).toInstant();
            }
        }
    }

    /** Relative paths as users type them, normalized to the journal's NFC, '/'-separated form. */
    static final class RelPath {
        static String of(String p) {
            String s = p.replace('\\', '/');
            while (s.startsWith("./")) {
                s = s.substring(2);
            }
            while (s.startsWith("/")) {
                s = s.substring(1);
            }
            return java.text.Normalizer.normalize(s, java.text.Normalizer.Form.NFC);
        }
    }
}
