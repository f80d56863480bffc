package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.Tree;

/**
 * Batch operations of src/interfaces/api/handlers/batch_handler.rs: {@code POST /api/batch/trash} (trash-only, never a
 * permanent delete), {@code POST /api/batch/files/move}, {@code POST /api/batch/files/copy}, {@code POST /api/batch/folders/move} and {@code POST /api/batch/files/get}. Response
 * {@code {successful, failed:[{id,error}], stats:{total,successful,failed,execution_time_ms}}}: 200 when all succeed,
 * 206 when some fail, 400 (same body) when all fail; an empty or over-1000 request is 400 {@code {"error": ...}}.
 */
public final class BatchApi {
    private final Tree tree;

    public BatchApi(Tree tree) {
        this.tree = tree;
    }

    public void register(Router r) {
        r.add("POST", "/api/batch/trash", true, this::trash);
        r.add("POST", "/api/batch/files/move", true, this::moveFiles);
        r.add("POST", "/api/batch/files/copy", true, this::copyFiles);
        r.add("POST", "/api/batch/folders/move", true, this::moveFolders);
        r.add("POST", "/api/batch/files/get", true, this::getFiles);
    }

    private static List<String> ids(ObjectNode b, String field, boolean required) {
        JsonNode n = b.get(field);
        if (n == null || n.isNull()) {
            if (required) {
                throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: missing field `"
                        + field + "`");
            }
            return List.of();
        }
        if (!n.isArray()) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: " + field
                    + ": invalid type");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode x : n) {
            if (!x.isTextual()) {
                throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: " + field
                        + ": invalid type");
            }
            out.add(x.asText());
        }
        return out;
    }

    private static void checkSize(int n, String emptyMessage) {
        if (n == 0) {
            throw ApiError.body(400, Map.of("error", emptyMessage));
        }
        if (n > FolderApi.MAX_BATCH) {
            throw ApiError.body(400, Map.of("error", "Batch size " + n + " exceeds maximum of " + FolderApi.MAX_BATCH));
        }
    }

    /** batch_handler.rs trash_batch (:690-800), batch_operations.rs:437-500: each id through move_to_trash. */
    private Response trash(Request r) {
        ObjectNode b = r.json();
        List<String> fileIds = ids(b, "file_ids", false);
        List<String> folderIds = ids(b, "folder_ids", false);
        if (fileIds.isEmpty() && folderIds.isEmpty()) {
            throw ApiError.body(400, Map.of("error", "No file or folder IDs provided"));
        }
        checkSize(fileIds.size() + folderIds.size(), "No file or folder IDs provided");
        long start = System.nanoTime();
        List<Object> ok = new ArrayList<>();
        List<Object> failed = new ArrayList<>();
        for (String id : fileIds) {
            run(id, ok, failed, x -> {
                tree.trashOnly(r.userId(), x, false);
                return x;
            });
        }
        for (String id : folderIds) {
            run(id, ok, failed, x -> {
                tree.trashOnly(r.userId(), x, true);
                return x;
            });
        }
        return result(ok, failed, fileIds.size() + folderIds.size(), start);
    }

    /**
     * batch_handler.rs get_files_batch (:514-567), batch_operations.rs get_multiple_files (:316-): each id through
     * file_retrieval_service.rs get_file_with_perms (:520-529), which reads the file row without looking at its
     * folders: a file trashed itself fails, a file inside a trashed folder is still answered. Not rate-limited.
     */
    private Response getFiles(Request r) {
        ObjectNode b = r.json();
        List<String> fileIds = ids(b, "file_ids", true);
        checkSize(fileIds.size(), "No file IDs provided");
        long start = System.nanoTime();
        List<Object> ok = new ArrayList<>();
        List<Object> failed = new ArrayList<>();
        for (String id : fileIds) {
            run(id, ok, failed, x -> {
                var f = tree.anyFile(r.userId(), x);
                if (f.trashed) {
                    throw ApiError.notFound("File", x);
                }
                return Dtos.file(tree, f, false);
            });
        }
        return result(ok, failed, fileIds.size(), start);
    }

    /** {@code {file_ids, target_folder_id}}; a missing target means the drive root (not verified on a live server). */
    private Response moveFiles(Request r) {
        return eachFileTo(r, tree::moveFile);
    }

    /**
     * {@code {file_ids, target_folder_id}} (batch_operations.rs:118-170, each through copy_file_with_perms): the copies
     * as FileDto; a refused one (a Shared drive over its quota) is a failed entry.
     */
    private Response copyFiles(Request r) {
        return eachFileTo(r, tree::copyFile);
    }

    /** One file operation of a user into a target folder. */
    @FunctionalInterface
    private interface FileToFolder {
        org.oxisync.emulator.store.Model.FileRow apply(String userId, String fileId, String targetFolderId);
    }

    /** {@code {file_ids, target_folder_id}}: {@code op} on each file, each answered as a FileDto or a failed entry. */
    private Response eachFileTo(Request r, FileToFolder op) {
        ObjectNode b = r.json();
        List<String> fileIds = ids(b, "file_ids", true);
        checkSize(fileIds.size(), "No file IDs provided");
        String target = target(r, b);
        long start = System.nanoTime();
        List<Object> ok = new ArrayList<>();
        List<Object> failed = new ArrayList<>();
        for (String id : fileIds) {
            run(id, ok, failed, x -> Dtos.file(tree, op.apply(r.userId(), x, target), false));
        }
        return result(ok, failed, fileIds.size(), start);
    }

    /** {@code {folder_ids, target_folder_id}}. */
    private Response moveFolders(Request r) {
        ObjectNode b = r.json();
        List<String> folderIds = ids(b, "folder_ids", true);
        checkSize(folderIds.size(), "No folder IDs provided");
        String target = target(r, b);
        long start = System.nanoTime();
        List<Object> ok = new ArrayList<>();
        List<Object> failed = new ArrayList<>();
        for (String id : folderIds) {
            run(id, ok, failed, x -> Dtos.folder(tree, tree.moveFolder(r.userId(), x, target), false));
        }
        return result(ok, failed, folderIds.size(), start);
    }

    private String target(Request r, ObjectNode b) {
        String t = Request.optString(b, "target_folder_id");
        return t != null ? t : tree.user(r.userId()).rootFolderId;
    }

    private static void run(String id, List<Object> ok, List<Object> failed, Function<String, Object> op) {
        try {
            ok.add(op.apply(id));
        } catch (ApiError e) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("id", id);
            // a refused role is a DomainError whose Display is "{kind}: {message}" (domain/errors.rs:79-80), which
            // batch_operations.rs:477-480 puts into the entry with to_string()
            f.put("error", e.domainDisplay());
            failed.add(f);
        }
    }

    private static Response result(List<Object> ok, List<Object> failed, int total, long startNanos) {
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("total", total);
        stats.put("successful", ok.size());
        stats.put("failed", failed.size());
        stats.put("execution_time_ms", (System.nanoTime() - startNanos) / 1_000_000);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("successful", ok);
        m.put("failed", failed);
        m.put("stats", stats);
        return Response.json(failed.isEmpty() ? 200 : ok.isEmpty() ? 400 : 206, m);
    }
}
