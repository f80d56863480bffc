package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.core.pair.PairFiles;

/**
 * The journal paths changed since the pair's seal was written ({@link QuietSeal}), one a line in a file beside it:
 * what lets a run that found the disk changed since the seal read only the folders around the changes
 * ({@link QuietCheck.FromSeal}) and keep the seal instead of dropping it.
 *
 * <p>Why that is sound: when the seal was written, disk and journal agreed on every sealed entry. Since then the disk
 * changed exactly where the quiet walk differs from the seal ({@link org.oxisync.core.scan.QuietDiff}), and the
 * journal exactly at the paths in this file: every journal write of a run that kept the seal goes through a
 * {@link JournalWriter} that adds its paths here, fsynced, before the batch that makes them commits. Everywhere
 * else disk and journal still agree, which is what a run reading only some folders assumes ({@link RunScope}).
 * A missing file is an empty list (the seal is as written; a run that does not keep the seal removes both); a
 * damaged or foreign one, a path that cannot be one line, or a list too long to be worth reading around, means
 * "unknown": a full run.
 */
public final class SealTouches {
    private static final Logger LOG = LoggerFactory.getLogger(SealTouches.class);
    private static final String HEADER = "oxisync seal touches 1";

    private final LineListFile file;

    SealTouches(Path file) {
        this.file = new LineListFile(file, HEADER);
    }

    public static SealTouches forPair(Path storeDirectory, long pairId) {
        return new SealTouches(new PairFiles(storeDirectory, pairId).sealTouches());
    }

    Path path() {
        return file.path();
    }

    /** The paths changed in the journal since the seal; empty when unknown (or more than {@code limit}). */
    Optional<Set<String>> read(int limit) {
        Optional<List<String>> lines;
        try {
            lines = file.entries();
        } catch (IOException e) {
            LOG.debug("seal touches unreadable ({}): a full run", e.toString());
            return Optional.empty();
        }
        if (lines.isEmpty()) {
            return Optional.of(Set.of()); // no file: nothing changed since the seal
        }
        Set<String> paths = new HashSet<>();
        // the last line may be cut by a crash: its batch never committed (the fsync comes before the commit)
        for (String line : lines.get()) {
            paths.add(line);
            if (paths.size() > limit) {
                return Optional.empty();
            }
        }
        return Optional.of(paths);
    }

    /** Removes the file durably (a run that does not keep the seal, or a new seal). */
    public void delete() throws IOException {
        file.delete();
    }

    /**
     * What a run that keeps {@code seal} gives its journal writers: each batch's paths appended and fsynced before the
     * batch commits. A path that cannot be one line removes the seal instead (durably: the next run is a full one).
     */
    JournalTouches recorder(QuietSeal seal) {
        return new JournalTouches() {
            private final Set<String> kept = new HashSet<>();
            private final List<String> fresh = new ArrayList<>();
            private boolean sealGone;

            @Override
            public synchronized void touched(String path) {
                if (!sealGone && kept.add(path)) {
                    fresh.add(path);
                }
            }

            @Override
            public synchronized void persist() throws IOException {
                if (sealGone || fresh.isEmpty()) {
                    return;
                }
                for (String p : fresh) {
                    if (!LineListFile.isOneLine(p)) {
                        LOG.debug("a journal path that cannot be one line: the seal is removed, the next run is full");
                        seal.delete();
                        sealGone = true;
                        fresh.clear();
                        return;
                    }
                }
                file.append(fresh);
                fresh.clear();
            }
        };
    }
}
