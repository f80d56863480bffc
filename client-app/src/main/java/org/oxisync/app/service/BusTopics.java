package org.oxisync.app.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which remote folders the real-time bus listens to, and which pairs an event about a folder concerns: for every
 * pair, the folders of its remote tree as the engine last listed them (the root at least, at most
 * {@link #MAX_TOPICS_PER_PAIR}). A pair's folders are read again only when its remote tree file changed. Thread-safe.
 */
final class BusTopics {
    private static final Logger LOG = LoggerFactory.getLogger(BusTopics.class);
    /** Topics per pair at most; a larger tree hears about its first folders and relies on polling for the rest. */
    static final int MAX_TOPICS_PER_PAIR = 10_000;

    private final Supplier<Path> storeDirectory;
    /** Remote folder id → the pairs under which it lies (for bus events). */
    private final Map<String, Set<PairWorker>> folderOwners = new HashMap<>();
    private final Map<PairWorker, Set<String>> pairFolders = new HashMap<>();
    /** Size and mtime of each pair's remote tree file when its folders were last read (skip unchanged files). */
    private final Map<PairWorker, String> treeFileStamps = new HashMap<>();

    /** {@code storeDirectory}: the account's data folder, where each pair's remote tree file is. */
    BusTopics(Supplier<Path> storeDirectory) {
        this.storeDirectory = storeDirectory;
    }

    /** Every folder some pair listens to. */
    synchronized Set<String> all() {
        return new HashSet<>(folderOwners.keySet());
    }

    /** The pairs under which the folder lies. */
    synchronized Set<PairWorker> owners(String folderId) {
        return new HashSet<>(folderOwners.getOrDefault(folderId, Set.of()));
    }

    /**
     * Reads the pair's folders again ({@code remove}: forgets the pair). Returns false when nothing was read because
     * the pair's remote tree file is the one read last time.
     */
    boolean refresh(PairWorker w, boolean remove) {
        if (!remove) {
            // after most runs the remote listing did not change: do not parse it again (100,000 entries: ~0.5 s)
            String stamp = treeFileStamp(w);
            synchronized (this) {
                if (stamp != null && stamp.equals(treeFileStamps.get(w)) && pairFolders.containsKey(w)) {
                    return false;
                }
                treeFileStamps.put(w, stamp);
            }
        } else {
            synchronized (this) {
                treeFileStamps.remove(w);
            }
        }
        Set<String> ids = remove ? Set.of() : foldersOf(w);
        synchronized (this) {
            Set<String> old = pairFolders.remove(w);
            if (old != null) {
                for (String id : old) {
                    Set<PairWorker> owners = folderOwners.get(id);
                    if (owners != null) {
                        owners.remove(w);
                        if (owners.isEmpty()) {
                            folderOwners.remove(id);
                        }
                    }
                }
            }
            if (!remove) {
                pairFolders.put(w, ids);
                for (String id : ids) {
                    folderOwners.computeIfAbsent(id, k -> new HashSet<>()).add(w);
                }
            }
        }
        return true;
    }

    /** Folders of the pair's remote tree as the engine last listed them (the root at least). */
    private Set<String> foldersOf(PairWorker w) {
        FolderPair p = w.pair();
        Set<String> ids = new LinkedHashSet<>();
        ids.add(p.remoteFolderId());
        try {
            var tree = RemoteTreeFile.forPair(storeDirectory.get(), p.id()).load(p.remoteFolderId());
            for (String id : tree.folders().keySet()) {
                if (ids.size() >= MAX_TOPICS_PER_PAIR) {
                    break;
                }
                ids.add(id);
            }
        } catch (RuntimeException e) {
            LOG.debug("{}: remote tree not readable yet", p.name());
        }
        return ids;
    }

    private String treeFileStamp(PairWorker w) {
        Path f = RemoteTreeFile.forPair(storeDirectory.get(), w.pair().id()).path();
        try {
            var a = Files.readAttributes(f, BasicFileAttributes.class);
            return a.size() + "/" + a.lastModifiedTime().toMillis() + "/" + a.fileKey() + "/" + w.pair().remoteFolderId();
        } catch (IOException e) {
            return null; // not written yet: read (the root at least) every time
        }
    }
}
