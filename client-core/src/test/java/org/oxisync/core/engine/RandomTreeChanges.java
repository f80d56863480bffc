package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.oxisync.store.journal.JournalEntry;

/**
 * What the seeded random-change tests of the incremental runs share ({@link ScopedRunTest}, {@link QuietFromSealTest}):
 * the pair's files and folders as they are on disk, one random change on the server as another device makes it,
 * a journal row planted behind the engine's back, and the plan's lines.
 */
final class RandomTreeChanges {
    private final SyncHarness h;

    RandomTreeChanges(SyncHarness h) {
        this.h = h;
    }

    /** The pair's files on disk, '/'-separated and sorted, without the client's own dot-names. */
    List<String> files() throws IOException {
        try (var s = Files.walk(h.local)) {
            return s.filter(Files::isRegularFile).map(p -> h.local.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith(".")).sorted().toList();
        }
    }

    /** The pair's folders on disk (not its root), as {@link #files}. */
    List<String> folders() throws IOException {
        try (var s = Files.walk(h.local)) {
            return s.filter(Files::isDirectory).filter(p -> !p.equals(h.local))
                    .map(p -> h.local.relativize(p).toString().replace('\\', '/')).filter(p -> !p.startsWith("."))
                    .sorted().toList();
        }
    }

    /** One random change on the server (an edit, a new file, a delete or a move), logged unless it could not be made. */
    void remoteChange(Random rnd, List<String> log) throws IOException {
        List<String> files = files();
        List<String> folders = folders();
        if (files.isEmpty() || folders.isEmpty()) {
            return;
        }
        String file = files.get(rnd.nextInt(files.size()));
        String folder = folders.get(rnd.nextInt(folders.size()));
        int what = rnd.nextInt(4);
        try {
            switch (what) {
                case 0 -> h.remote().putFile("/" + file, ("remote edit " + rnd.nextLong()).getBytes(StandardCharsets.UTF_8));
                case 1 -> h.remote().putFile("/" + folder + "/remote" + rnd.nextInt(1000) + ".txt",
                        "remote new".getBytes(StandardCharsets.UTF_8));
                case 2 -> h.remote().delete("/" + file);
                default -> h.remote().move("/" + file, "/" + folder + "/rmoved" + rnd.nextInt(1000) + ".txt");
            }
        } catch (RuntimeException e) {
            return; // a path an earlier change of the seed took away, on either side
        }
        log.add("remote " + what + ":" + file + "|" + folder);
    }

    /** A journal row that no longer agrees with the server: only a run that reads it plans something for it. */
    void journalDisagreesAbout(String path) {
        JournalEntry row = h.store.journal().get(h.pair.id(), path).orElseThrow();
        h.store.journal().upsert(row.withRemote(row.remoteId(), row.remoteEtag(), "0".repeat(64)));
    }

    static boolean mentions(SyncReport r, String path) {
        return r.plan().stream().anyMatch(line -> line.contains(path));
    }

    /** A conflict copy's time in its name ("conflicted copy 2026-12-02 165718"): to the second, the run's clock. */
    private static final java.util.regex.Pattern COPY_TIME =
            java.util.regex.Pattern.compile("(conflicted copy )\\d{4}-\\d{2}-\\d{2} \\d{6}");

    /**
     * The plan's lines sorted, with the time in conflict copies' names masked: two runs that plan the same steps in
     * another order, or a second apart, compare equal (the scoped and the full dry run of one round may straddle a
     * second: seed 107 of {@link ScopedRunTest} did, under load).
     */
    static List<String> sorted(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            out.add(COPY_TIME.matcher(line).replaceAll("$1<time>"));
        }
        out.sort(null);
        return out;
    }
}
