package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What this run put into a server folder, checked at its end against that folder being trashed meanwhile.
 *
 * <p>OxiCloud 0.8.7 accepts an upload, a by-hash or delta create, a folder create and a move into a folder that is in
 * the trash: the parent is looked up without an {@code is_trashed} filter ({@code file_blob_write_repository.rs:317},
 * {@code folder_db_repository.rs:274-282}; audit finding #3). The new item is then live but hidden inside the
 * trashed folder, and emptying the trash deletes it. Journaled as synced, the next run would see it gone from the
 * server and delete the local copy. So, after the run's changes, one batch get (up to 1,000 folders a request, not
 * rate-limited) asks whether every folder the run wrote into is still live. For one that is not, the journal rows of
 * what the run put there are dropped: the next run sees those local entries as new, re-creates the folder and
 * uploads them again (the rule "something inside changed or new / folder deleted"). The run reports each such item.
 */
final class TrashedParents {
    private static final Logger LOG = LoggerFactory.getLogger(TrashedParents.class);
    static final String REASON = "the server folder this was written into was deleted meanwhile (on another device or"
            + " in the web interface); it is kept here and uploaded again next run";

    private final String rootId;
    private final Map<String, List<String>> placed = new ConcurrentHashMap<>();
    /** The server folders this run created ({@link #made}). */
    private final Set<String> made = ConcurrentHashMap.newKeySet();
    /**
     * Server folders this run created, by id, with their paths, for the new files it put in them ({@link
     * #placedNew}): one path a folder, not one a file.
     */
    private final Map<String, String> created = new ConcurrentHashMap<>();

    TrashedParents(String rootId) {
        this.rootId = rootId;
    }

    /** This run created or moved {@code path} into the server folder {@code parentId}. */
    void placed(String parentId, String path) {
        if (parentId != null && !parentId.equals(rootId)) { // a trashed root ends the pair's runs (RemoteRoot)
            placed.computeIfAbsent(parentId, k -> java.util.Collections.synchronizedList(new ArrayList<>())).add(path);
        }
    }

    /** This run created the server folder {@code folderId} (or found it made meanwhile under the planned name). */
    void made(String folderId) {
        made.add(folderId);
    }

    /**
     * This run put the new file {@code path} into the server folder {@code folderId} at {@code folderPath}. When the
     * run created that folder, the folder is what is checked: if it is gone at the end, the journal rows of the folder
     * and all below it are dropped (rows this run wrote), so the next run creates it again and uploads what is
     * inside; one path is kept a folder, not one a file. Else the file is, as {@link #placed}.
     */
    void placedNew(String folderId, String folderPath, String path) {
        if (folderId != null && made.contains(folderId)) {
            created.putIfAbsent(folderId, folderPath);
        } else {
            placed(folderId, path);
        }
    }

    /** Checks the folders; returns the paths whose parent is gone, after dropping their journal rows. */
    List<String> verify(PlanExecutor.Session s) {
        if (placed.isEmpty() && created.isEmpty()) {
            return List.of();
        }
        Set<String> all = new java.util.LinkedHashSet<>(placed.keySet());
        all.addAll(created.keySet());
        List<String> ids = new ArrayList<>(all);
        Set<String> live;
        try {
            BatchFoldersDto batch = s.api().folders(ids);
            live = batch.successful().stream().map(FolderDto::id).collect(Collectors.toSet());
        } catch (OxiCloudException e) {
            LOG.info("could not check the folders this run wrote into ({}); the next run's listing settles them",
                    e.getMessage());
            return List.of();
        }
        List<String> lost = new ArrayList<>();
        for (String id : ids) {
            if (!live.contains(id)) {
                for (String path : placed.getOrDefault(id, List.of())) {
                    s.journal().deleteTree(path);
                    lost.add(path);
                }
                String folder = created.get(id);
                if (folder != null) {
                    s.journal().deleteTree(folder);
                    lost.add(folder);
                }
            }
        }
        return lost;
    }
}
