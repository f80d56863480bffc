package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.scan.QuietDiff;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the quiet walks of a command's sealed pairs as soon as the command knows its store directory, on a thread
 * of their own, so that the disk is walked while the process is still starting (opening the store, building the
 * HTTP client): a no-change {@code sync-once} spent a third of its time on that start before it walked anything.
 *
 * <p>It only reads: the seals (each names its pair's folder and filter settings) and the disk. The engine uses a
 * walk's outcome only when, under the store's lock, the seal file is still the one read here (same file key,
 * size and modification time: a seal is only ever replaced by a rename or deleted) and was made for the pair's
 * current settings; otherwise, on a file system without file keys, or when the walk failed, it reads the seal and
 * walks on its own. Walks run one after another, in seal-file order.
 *
 * <p>Each seal read early is handed to the engine once ({@link #early}) and then let go: the seal's record (about 90
 * bytes a file) was held by the engine's prefetch for the whole run, and a run that found changes after a quiet
 * one (the first run after edits) carried it beside its journal and snapshots (bench/README.md "A million files").
 */
public final class QuietPrefetch {
    private static final Logger LOG = LoggerFactory.getLogger(QuietPrefetch.class);

    private record Started(QuietSeal seal, Stamp stamp, QuietSeal.Sealed sealed, CompletableFuture<QuietDiff.Outcome> walked) {}

    /** What identifies one version of a seal file. */
    private record Stamp(Object fileKey, long size, FileTime modified) {
        static Optional<Stamp> of(Path file) {
            try {
                BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                return a.fileKey() == null ? Optional.empty()
                        : Optional.of(new Stamp(a.fileKey(), a.size(), a.lastModifiedTime()));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }

    /** A seal read early and its walk's outcome. */
    record Early(QuietSeal.Sealed sealed, CompletableFuture<QuietDiff.Outcome> walked) {
        /** The walk's answer (waiting for it); empty when it failed. */
        Optional<QuietDiff.Outcome> outcome() {
            try {
                return Optional.of(walked.join());
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }
    }

    /** The seals read early and not yet handed to the engine (each is taken once, by {@link #early}). */
    private final java.util.concurrent.ConcurrentLinkedQueue<Started> started;

    private QuietPrefetch(List<Started> started) {
        this.started = new java.util.concurrent.ConcurrentLinkedQueue<>(started);
    }

    /** Starts nothing: the engine walks for itself. */
    public static QuietPrefetch none() {
        return new QuietPrefetch(List.of());
    }

    /**
     * Reads the seals in {@code storeDirectory} of the pairs {@code wanted} accepts and walks their folders, one
     * after another, on a daemon thread.
     */
    public static QuietPrefetch start(Path storeDirectory, LocalScanner scanner, Predicate<FolderPair> wanted) {
        List<Started> started = new ArrayList<>();
        for (QuietSeal seal : QuietSeal.allIn(storeDirectory)) {
            Optional<Stamp> before = Stamp.of(seal.path());
            if (before.isEmpty()) {
                continue;
            }
            Optional<QuietSeal.Sealed> sealed = seal.read().filter(s -> wanted.test(s.pair()));
            if (sealed.isPresent() && before.equals(Stamp.of(seal.path()))) { // not replaced while being read
                started.add(new Started(seal, before.get(), sealed.get(), new CompletableFuture<>()));
            }
        }
        if (started.isEmpty()) {
            return none();
        }
        Thread t = new Thread(() -> {
            for (Started s : started) {
                FolderPair p = s.sealed().pair();
                try {
                    PathFilter filter = new PathFilter(IgnoreRules.withDefaults(p.ignorePatterns()),
                            new SelectiveSync(new HashSet<>(p.exclusions())));
                    s.walked().complete(scanner.compareWithSeal(Path.of(p.localRoot()), filter, s.sealed()));
                } catch (Exception | Error e) {
                    LOG.debug("early quiet walk of {} failed ({}); the engine walks itself", p.name(), e.toString());
                    s.walked().completeExceptionally(e);
                }
            }
        }, "oxisync-quiet-walk");
        t.setDaemon(true);
        t.start();
        return new QuietPrefetch(started);
    }

    /**
     * The seal read early and its walk, when {@code seal} is still that very file and was made for {@code pair}'s
     * current settings; empty otherwise (the engine then reads the seal and walks itself). Taken once: this
     * prefetch lets the seal go, and asked again for it answers empty.
     */
    Optional<Early> early(QuietSeal seal, FolderPair pair) {
        for (Started s : started) {
            if (s.seal().path().equals(seal.path()) && started.remove(s)) {
                boolean same = s.sealed().pair().equals(pair) && Stamp.of(seal.path()).equals(Optional.of(s.stamp()));
                return same ? Optional.of(new Early(s.sealed(), s.walked())) : Optional.empty();
            }
        }
        return Optional.empty();
    }
}
