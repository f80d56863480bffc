package org.oxisync.protocol;

import java.util.List;

/**
 * Result of {@code POST /api/batch/trash} (merged over the calls of at most {@link Limits#MAX_BATCH_IDS} ids):
 * the ids now in the trash, and the ids the server did not trash with its reason (not found, already trashed, no
 * permission...). The endpoint never deletes permanently, so a failed entry after an ambiguous earlier attempt
 * usually means "already trashed".
 */
public record BatchTrashResult(List<String> trashed, List<BatchFailureDto> failed) {
    public BatchTrashResult {
        trashed = List.copyOf(trashed);
        failed = List.copyOf(failed);
    }
}
