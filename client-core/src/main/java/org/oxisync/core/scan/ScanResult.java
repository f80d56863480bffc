package org.oxisync.core.scan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.store.hash.FileDigest;

/**
 * What one local scan found.
 *
 * @param snapshot the entries for the reconciler (paths NFC)
 * @param digests chunks and hash of every file hashed in this scan, by the scan's entry (unchanged files are absent;
 *                {@link #digest} finds them by NFC path)
 * @param diskNames the actual on-disk relative path for every NFC path whose on-disk spelling differs (NFD names
 *                  written by macOS, for example); the executor must touch the disk through these
 * @param problems entries left out (symlinks, special files, unreadable, changing while read)
 * @param leftoverTemps the client's own temp files found (left by a crash); safe to delete
 * @param entriesRead how many entries the scan read from the disk (the rest came from the journal)
 * @param incremental whether only the hint's folders were read
 * @param reach what an incremental scan read from the disk ({@link Reach#NONE} for a full scan)
 */
public record ScanResult(LocalSnapshot snapshot, ScanDigests digests, Map<String, String> diskNames,
                         List<ScanProblem> problems, List<Path> leftoverTemps, long entriesRead,
                         boolean incremental, Reach reach) {
    /**
     * The folders an incremental scan listed (their direct children read from the disk) and the folders it walked
     * whole (new to the journal or replaced); every other entry it presents is the journal's.
     */
    public record Reach(java.util.Set<String> listed, java.util.Set<String> walkedWhole) {
        public static final Reach NONE = new Reach(java.util.Set.of(), java.util.Set.of());

        public Reach {
            listed = java.util.Set.copyOf(listed);
            walkedWhole = java.util.Set.copyOf(walkedWhole);
        }
    }

    public ScanResult {
        java.util.Objects.requireNonNull(digests, "digests");
        java.util.Objects.requireNonNull(reach, "reach");
        diskNames = Map.copyOf(diskNames);
        problems = List.copyOf(problems);
        leftoverTemps = List.copyOf(leftoverTemps);
    }

    public Optional<FileDigest> digest(String path) {
        return digests.of(snapshot, path);
    }

    /** The on-disk relative spelling of an NFC path. */
    public String diskName(String nfcPath) {
        return diskNames.getOrDefault(nfcPath, nfcPath);
    }
}
