package org.oxisync.protocol;

import java.util.List;

/**
 * One checked page of {@code GET /api/trash/resources}; {@code nextCursor} is null on the last page. Rows whose
 * name the server should never have stored are in {@code skipped} instead of {@code items}.
 */
public record TrashPageDto(List<TrashItemDto> items, String nextCursor, List<SkippedResource> skipped) {
    public TrashPageDto {
        items = List.copyOf(items);
        skipped = List.copyOf(skipped);
    }

    public TrashPageDto(List<TrashItemDto> items, String nextCursor) {
        this(items, nextCursor, List.of());
    }
}
