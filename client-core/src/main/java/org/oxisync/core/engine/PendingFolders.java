package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.core.pair.PairFiles;

/**
 * Which folders of a pair's listing cache may hold server changes the journal does not have yet: the condition for
 * a run started by the watcher to read only the folders around its paths ({@link RunScope}). A file beside the
 * listing cache with one folder id a line; <em>no file means unknown</em> (every folder may), which is what a store
 * written before this file existed has, and what a damaged file reads as.
 *
 * <p>The rules, kept by {@link SyncEngine}: a run that may save a changed listing (any run that does not read only
 * its scope) forgets the file before it discovers; a run that ends without an error or a stop writes it empty (it
 * planned every difference it saw, and saw every pending folder: a scoped run adds them to its scope); the relisting
 * after a run ({@link ListingRefresh}) adds the folders whose own rows it changed before it saves the listing, or
 * forgets the file when it cannot tell (a folder renamed, moved or gone). Each write is durable before the listing
 * it describes is saved, so a crash leaves the file saying "unknown" or naming too many folders, never too few.
 */
public final class PendingFolders {
    private static final Logger LOG = LoggerFactory.getLogger(PendingFolders.class);
    private static final String HEADER = "oxisync pending folders 1";

    private final LineListFile file;

    PendingFolders(Path file) {
        this.file = new LineListFile(file, HEADER);
    }

    public static PendingFolders forPair(Path storeDirectory, long pairId) {
        return new PendingFolders(new PairFiles(storeDirectory, pairId).pendingFolders());
    }

    /** The folder ids that may hold changes the journal lacks; empty when that is unknown (every folder may). */
    Optional<Set<String>> read() {
        Optional<List<String>> lines;
        try {
            lines = file.entries();
        } catch (IOException e) {
            LOG.debug("pending folders unreadable ({}): every folder may hold changes", e.toString());
            return Optional.empty();
        }
        if (lines.isEmpty()) {
            return Optional.empty(); // no file: unknown
        }
        Set<String> ids = new TreeSet<>();
        for (String line : lines.get()) {
            if (!line.isEmpty()) {
                ids.add(line);
            }
        }
        return Optional.of(ids);
    }

    /** Every folder may hold changes (before a listing whose changes nobody compared is saved). */
    public void forget() throws IOException {
        file.delete(); // the unlink durable before the listing it no longer describes is saved
    }

    /** Exactly these folders may (empty: the journal has every change of the listing). */
    void write(Collection<String> folderIds) throws IOException {
        Set<String> ids = new TreeSet<>(folderIds);
        for (String id : ids) {
            if (!LineListFile.isOneLine(id)) {
                forget(); // an id that cannot be one line: say "unknown" rather than name a wrong folder
                return;
            }
        }
        file.replace(ids);
    }

    /** Adds {@code folderIds} to what is pending; nothing when that is already unknown. */
    void add(Collection<String> folderIds) throws IOException {
        Optional<Set<String>> now = read();
        if (now.isEmpty() || now.get().containsAll(folderIds)) {
            return;
        }
        Set<String> all = new TreeSet<>(now.get());
        all.addAll(folderIds);
        write(all);
    }
}
