package org.oxisync.protocol.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import okhttp3.HttpUrl;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.SkippedResource;
import org.oxisync.protocol.TrashItemDto;
import org.oxisync.protocol.TrashPageDto;

/**
 * {@code /api/trash/*} (server {@code trash_handler.rs}; page shape {@code trash_dto.rs:176-193},
 * {@code trash_service.rs:869-950}): items are {@code {resource_type, trashed_at, deletion_date, drive_id,
 * resource:{FileDto|FolderDto}}} in the usual cursor envelope {@code {items, next_cursor?}}.
 */
final class TrashCalls {
    private final Calls c;

    TrashCalls(Calls c) {
        this.c = c;
    }

    TrashPageDto trash(int limit, String cursor) {
        HttpUrl.Builder u = c.url("api/trash/resources").addQueryParameter("limit", Integer.toString(limit));
        if (cursor != null) {
            u.addQueryParameter("cursor", cursor);
        }
        JsonNode page = c.transport.call(Transport.Spec.of("GET", u.build(), null),
                r -> c.json.read(r.body(), JsonNode.class));
        return parsePage(page);
    }

    TrashPageDto parsePage(JsonNode page) {
        if (page == null || !page.isObject()) {
            throw new OxiCloudException.ProtocolViolation("trash page is not a JSON object");
        }
        List<TrashItemDto> items = new ArrayList<>();
        List<SkippedResource> skipped = new ArrayList<>();
        JsonNode rows = page.path("items");
        if (!rows.isMissingNode() && !rows.isNull() && !rows.isArray()) {
            throw new OxiCloudException.ProtocolViolation("trash page items is not an array");
        }
        for (JsonNode row : rows.isArray() ? rows : c.json.mapper().createArrayNode()) {
            if (row == null || !row.isObject()) {
                throw new OxiCloudException.ProtocolViolation("null trash row");
            }
            String type = text(row, "resource_type");
            JsonNode res = row.path("resource");
            Optional<Resource> resource = Optional.empty();
            if (("file".equals(type) || "folder".equals(type)) && !res.isObject()) {
                throw new OxiCloudException.ProtocolViolation("trash row without resource");
            }
            if ("file".equals(type)) {
                FileDto f = parse(res, FileDto.class);
                Calls.checkFileShape(f);
                resource = Optional.of(f);
            } else if ("folder".equals(type)) {
                FolderDto f = parse(res, FolderDto.class);
                Calls.checkFolderShape(f);
                resource = Optional.of(f);
            }
            if (resource.isPresent()) {
                Optional<String> unsafe = Calls.unsafeName(resource.get());
                if (unsafe.isPresent()) {
                    skipped.add(new SkippedResource(type, resource.get().id(), resource.get().name(), unsafe.get()));
                    continue;
                }
            }
            String drive = text(row, "drive_id");
            if (drive != null && !Names.isSafeId(drive)) {
                throw new OxiCloudException.ProtocolViolation("trash row with an invalid drive id");
            }
            items.add(new TrashItemDto(type, text(row, "trashed_at"), text(row, "deletion_date"), drive, resource));
        }
        String next = text(page, "next_cursor");
        return new TrashPageDto(items, next == null || next.isEmpty() ? null : next, skipped);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private <T> T parse(JsonNode node, Class<T> type) {
        try {
            return c.json.parse(c.json.mapper().writeValueAsBytes(node), type);
        } catch (IOException e) {
            throw new OxiCloudException.ProtocolViolation("unreadable trash row");
        }
    }

    /** {@code POST /api/trash/{id}/restore}; the id is the trashed item's id ({@link TrashItemDto#id()}). */
    void restoreFromTrash(String trashId) {
        c.sendNoContent("POST", c.url("api/trash").addPathSegment(Calls.id(trashId)).addPathSegment("restore").build(), false);
    }
}
