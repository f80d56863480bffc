package org.oxisync.core.pair;

import java.nio.file.Path;

/**
 * The one place that names the files a pair remembers beside its journal rows, all in the account's store directory:
 * the server listing cache ({@code remote-tree-N.json}, with its {@code .index} and {@code .stale} beside it), the
 * folders of that cache that may hold changes the journal lacks ({@code .pending}), the quiet seal and the journal
 * paths changed since it ({@code quiet-seal-N.bin}, {@code .touched}), and what the last runs left out of syncing
 * ({@code left-out-N}). Each file's format and durability belong to the class that reads and writes it; removing a
 * pair removes them all ({@code PairRemoval}).
 */
public record PairFiles(Path storeDirectory, long pairId) {
    /** The file name pattern of every pair's quiet seal, for finding seals before any pair is known. */
    public static final String SEAL_GLOB = "quiet-seal-*.bin";

    public Path listing() {
        return storeDirectory.resolve("remote-tree-" + pairId + ".json");
    }

    public Path pendingFolders() {
        return storeDirectory.resolve("remote-tree-" + pairId + ".pending");
    }

    public Path seal() {
        return storeDirectory.resolve("quiet-seal-" + pairId + ".bin");
    }

    public Path sealTouches() {
        return storeDirectory.resolve("quiet-seal-" + pairId + ".touched");
    }

    public Path leftOut() {
        return storeDirectory.resolve("left-out-" + pairId);
    }
}
