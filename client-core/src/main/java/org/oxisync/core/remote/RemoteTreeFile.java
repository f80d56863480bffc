package org.oxisync.core.remote;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.oxisync.store.io.DurableFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a pair's {@link RemoteTree} in one JSON file, written to a temp name, fsynced and renamed into place. The
 * file is only a cache: a missing, unreadable or foreign one (another remote root) means a full listing, never a
 * wrong sync, so it is safe to delete at any time.
 */
public final class RemoteTreeFile {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteTreeFile.class);
    private final ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final Path file;

    public RemoteTreeFile(Path file) {
        this.file = file;
    }

    /** The cache of one folder pair, kept in the account's store directory. */
    public static RemoteTreeFile forPair(Path storeDirectory, long pairId) {
        return new RemoteTreeFile(storeDirectory.resolve("remote-tree-" + pairId + ".json"));
    }

    public Path path() {
        return file;
    }

    public RemoteTree load(String rootId) {
        if (!Files.isRegularFile(file)) {
            return RemoteTree.empty(rootId);
        }
        try {
            RemoteTree tree = json.readValue(file.toFile(), RemoteTree.class);
            if (tree.rootId() == null || !tree.rootId().equals(rootId) || tree.folders() == null) {
                return RemoteTree.empty(rootId);
            }
            return tree;
        } catch (IOException | RuntimeException e) {
            LOG.warn("remote listing cache {} unreadable ({}); listing the server in full", file, e.toString());
            return RemoteTree.empty(rootId);
        }
    }

    public void save(RemoteTree tree) throws IOException {
        DurableFiles.replace(file, out -> json.writeValue(out, tree));
    }

    public void delete() throws IOException {
        Files.deleteIfExists(file);
    }
}
