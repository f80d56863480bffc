package org.oxisync.protocol.http;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import org.oxisync.protocol.BatchFailureDto;
import org.oxisync.protocol.BatchFilesDto;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.BatchStatsDto;
import org.oxisync.protocol.BatchTrashResult;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.OxiCloudException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /api/batch/trash}, {@code /api/batch/files/move}, {@code /api/batch/folders/move} (server
 * {@code batch_handler.rs}: at most 1000 ids per request, 200 all done, 206 some failed, 400 with the same body when
 * all failed). None of them is idempotent: never re-sent after an ambiguous failure, never replayed by OkHttp.
 */
final class BatchCalls {
    private static final Logger LOG = LoggerFactory.getLogger(BatchCalls.class);
    private final Calls c;
    private final FolderCalls folders;

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record TrashRequest(List<String> fileIds, List<String> folderIds) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonIgnoreProperties(ignoreUnknown = true)
    record TrashReply(List<String> successful, List<BatchFailureDto> failed, BatchStatsDto stats) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record MoveFilesRequest(List<String> fileIds, String targetFolderId) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record FileIdsRequest(List<String> fileIds) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record MoveFoldersRequest(List<String> folderIds, String targetFolderId) {}

    BatchCalls(Calls c, FolderCalls folders) {
        this.c = c;
        this.folders = folders;
    }

    /**
     * {@code POST /api/batch/trash} {@code {file_ids, folder_ids}}: trash-only (never a permanent delete), split so
     * that each request carries at most 1000 ids in all.
     */
    BatchTrashResult trashBatch(Collection<String> fileIds, Collection<String> folderIds) {
        List<String> files = new ArrayList<>(new LinkedHashSet<>(fileIds));
        List<String> dirs = new ArrayList<>(new LinkedHashSet<>(folderIds));
        files.forEach(Calls::id);
        dirs.forEach(Calls::id);
        List<String> trashed = new ArrayList<>();
        List<BatchFailureDto> failed = new ArrayList<>();
        int fi = 0;
        int di = 0;
        while (fi < files.size() || di < dirs.size()) {
            List<String> f = files.subList(fi, Math.min(files.size(), fi + Limits.MAX_BATCH_IDS));
            fi += f.size();
            List<String> d = dirs.subList(di, Math.min(dirs.size(), di + Limits.MAX_BATCH_IDS - f.size()));
            di += d.size();
            TrashReply r = c.transport.call(Transport.Spec.of("POST", c.url("api/batch/trash").build(),
                    c.json.body(new TrashRequest(List.copyOf(f), List.copyOf(d)))).idempotent(false).passingErrors(),
                    resp -> folders.batchResult(resp, "POST /api/batch/trash", TrashReply.class, TrashReply::failed));
            for (String id : r.successful() == null ? List.<String>of() : r.successful()) {
                if (!Names.isSafeId(id)) {
                    throw new OxiCloudException.ProtocolViolation("batch trash answered an invalid id");
                }
                trashed.add(id);
            }
            if (r.failed() != null) {
                failed.addAll(r.failed());
            }
        }
        return new BatchTrashResult(trashed, failed);
    }

    /** Moves to the trash, logging instead of failing (clean-up). */
    void trashQuietly(String fileId) {
        try {
            BatchTrashResult r = trashBatch(List.of(fileId), List.of());
            if (!r.failed().isEmpty()) {
                LOG.warn("could not trash a temporary upload: {}", Names.printable(r.failed().get(0).error()));
            }
        } catch (RuntimeException e) {
            LOG.warn("could not trash a temporary upload ({})", e.getClass().getSimpleName());
        }
    }

    /**
     * {@code POST /api/batch/files/get} {@code {file_ids}} in calls of at most 1000 ids: the files as the server has
     * them now (content hash, ETag, name). Not delta-limited, so the cheap way to re-check many files. A file whose
     * row fails the server's checks, or carries an unsafe name, is a failed id.
     */
    BatchFilesDto files(List<String> fileIds) {
        BatchParts<FileDto> p = BatchParts.call(c, folders, fileIds, new BatchParts.Endpoint<>("api/batch/files/get",
                true, FileIdsRequest::new, BatchFilesDto.class, BatchFilesDto::successful, BatchFilesDto::failed,
                BatchFilesDto::stats, Calls::checkFileShape));
        return new BatchFilesDto(p.ok(), p.failed(), p.stats());
    }

    /** {@code POST /api/batch/files/move} {@code {file_ids, target_folder_id}} in calls of at most 1000 ids. */
    BatchFilesDto moveFiles(List<String> fileIds, String targetFolderId) {
        Calls.id(targetFolderId);
        BatchParts<FileDto> p = BatchParts.call(c, folders, fileIds, new BatchParts.Endpoint<>("api/batch/files/move",
                false, part -> new MoveFilesRequest(part, targetFolderId), BatchFilesDto.class,
                BatchFilesDto::successful, BatchFilesDto::failed, BatchFilesDto::stats, Calls::checkFileShape));
        return new BatchFilesDto(p.ok(), p.failed(), p.stats());
    }

    /** {@code POST /api/batch/folders/move} {@code {folder_ids, target_folder_id}} in calls of at most 1000 ids. */
    BatchFoldersDto moveFolders(List<String> folderIds, String targetFolderId) {
        Calls.id(targetFolderId);
        BatchParts<FolderDto> p = BatchParts.call(c, folders, folderIds, new BatchParts.Endpoint<>(
                "api/batch/folders/move", false, part -> new MoveFoldersRequest(part, targetFolderId),
                BatchFoldersDto.class, BatchFoldersDto::successful, BatchFoldersDto::failed, BatchFoldersDto::stats,
                Calls::checkFolderShape));
        return new BatchFoldersDto(p.ok(), p.failed(), p.stats());
    }

}
