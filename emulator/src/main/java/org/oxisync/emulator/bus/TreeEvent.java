package org.oxisync.emulator.bus;

import java.util.List;

/**
 * One change of a user's tree, as the real-time bus announces it.
 *
 * @param userId the owner
 * @param event the verb: {@code file_created}, {@code file_updated}, {@code file_renamed}, {@code file_moved},
 *              {@code file_deleted}, {@code file_restored}, {@code folder_created}, {@code folder_renamed},
 *              {@code folder_moved}, {@code folder_deleted}, {@code folder_restored}
 * @param resourceId the file's or folder's id
 * @param folderIds the folders whose direct content changed (the parent; both parents for a move); each is
 *                  announced on topic {@code folder:{id}}
 */
public record TreeEvent(String userId, String event, String resourceId, List<String> folderIds) {
    public TreeEvent {
        folderIds = List.copyOf(folderIds);
    }
}
