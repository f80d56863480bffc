package org.oxisync.store.account;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.oxisync.store.journal.RelativePaths;

/**
 * A local folder synced with a remote folder. {@code id} is 0 until saved. Exclusions are relative paths
 * (selective sync); ignore patterns are kept in order, as the user wrote them; settings are free key/values.
 */
public record FolderPair(long id, String name, String localRoot, String remoteFolderId, String remotePath,
                         List<String> exclusions, List<String> ignorePatterns, Map<String, String> settings) {
    public FolderPair {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(localRoot, "localRoot");
        Objects.requireNonNull(remotePath, "remotePath");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a folder pair needs a name");
        }
        exclusions = exclusions.stream().map(RelativePaths::normalize).distinct().sorted().toList();
        ignorePatterns = List.copyOf(ignorePatterns);
        settings = Map.copyOf(settings);
    }

    public static FolderPair create(String name, String localRoot, String remoteFolderId, String remotePath) {
        return new FolderPair(0, name, localRoot, remoteFolderId, remotePath, List.of(), List.of(), Map.of());
    }

    public FolderPair withId(long newId) {
        return new FolderPair(newId, name, localRoot, remoteFolderId, remotePath, exclusions, ignorePatterns, settings);
    }

    public FolderPair withExclusions(List<String> list) {
        return new FolderPair(id, name, localRoot, remoteFolderId, remotePath, list, ignorePatterns, settings);
    }

    public FolderPair withIgnorePatterns(List<String> list) {
        return new FolderPair(id, name, localRoot, remoteFolderId, remotePath, exclusions, list, settings);
    }

    public FolderPair withSettings(Map<String, String> map) {
        return new FolderPair(id, name, localRoot, remoteFolderId, remotePath, exclusions, ignorePatterns, map);
    }
}
