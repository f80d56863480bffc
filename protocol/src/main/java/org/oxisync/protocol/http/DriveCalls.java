package org.oxisync.protocol.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import okhttp3.HttpUrl;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.IncomingShareDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.OxiCloudException;

/**
 * {@code GET /api/drives} (server {@code interfaces/api/handlers/drive_handler.rs:45-56}, rows
 * {@code application/dtos/drive_dto.rs:36-86}) and {@code GET /api/grants/incoming/resources}
 * ({@code grant_handler.rs:808-960}, rows {@code grant_dto.rs:436-451}, the usual {@code {items, next_cursor?}}).
 */
final class DriveCalls {
    /** The server clamps {@code limit} to 1..200 (grant_dto.rs:407-411). */
    private static final int PAGE = 200;
    /** A server that keeps sending cursors is cut off here instead of looping for ever. */
    private static final int MAX_PAGES = 1000;
    private final Calls c;

    DriveCalls(Calls c) {
        this.c = c;
    }

    List<DriveDto> drives() {
        DriveDto[] drives = c.getJson(c.url("api/drives").build(), DriveDto[].class);
        for (DriveDto d : drives) {
            if (d == null || !Names.isSafeId(d.id()) || !Names.isSafeId(d.rootFolderId())) {
                throw new OxiCloudException.ProtocolViolation("server sent a drive with an invalid id");
            }
        }
        return List.of(drives);
    }

    /** Every page of incoming shares, in the server's order (newest grant first). */
    List<IncomingShareDto> incomingShares() {
        List<IncomingShareDto> out = new ArrayList<>();
        Set<String> cursors = new HashSet<>();
        String cursor = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            HttpUrl.Builder u = c.url("api/grants/incoming/resources").addQueryParameter("limit", Integer.toString(PAGE));
            if (cursor != null) {
                u.addQueryParameter("cursor", cursor);
            }
            JsonNode body = c.getJson(u.build(), JsonNode.class);
            if (body == null || !body.isObject() || !body.path("items").isArray()) {
                throw new OxiCloudException.ProtocolViolation("incoming shares page is not {items: [...]}");
            }
            for (JsonNode row : body.get("items")) {
                out.add(parse(row));
            }
            JsonNode next = body.get("next_cursor");
            if (next == null || next.isNull() || next.asText().isEmpty()) {
                return out;
            }
            cursor = next.asText();
            if (!cursors.add(cursor)) {
                throw new OxiCloudException.ProtocolViolation("incoming shares: the server repeated a cursor");
            }
        }
        throw new OxiCloudException.ProtocolViolation("incoming shares: more than " + MAX_PAGES + " pages");
    }

    private IncomingShareDto parse(JsonNode row) {
        if (row == null || !row.isObject() || !row.path("resource").isObject() || !row.path("permissions").isArray()) {
            throw new OxiCloudException.ProtocolViolation("malformed incoming share row");
        }
        String type = row.path("resource_type").asText("");
        List<String> permissions = new ArrayList<>();
        row.get("permissions").forEach(p -> permissions.add(p.asText()));
        JsonNode res = row.get("resource");
        Optional<DriveDto> drive = Optional.empty();
        Optional<FolderDto> folder = Optional.empty();
        Optional<FileDto> file = Optional.empty();
        String id;
        String name;
        switch (type) {
            case "drive" -> {
                DriveDto d = read(res, DriveDto.class);
                if (!Names.isSafeId(d.id()) || !Names.isSafeId(d.rootFolderId())) {
                    throw new OxiCloudException.ProtocolViolation("server sent a shared drive with an invalid id");
                }
                drive = Optional.of(d);
                id = d.id();
                name = d.name();
            }
            case "folder" -> {
                FolderDto f = read(res, FolderDto.class);
                Calls.checkFolderShape(f);
                folder = Optional.of(f);
                id = f.id();
                name = f.name();
            }
            case "file" -> {
                FileDto f = read(res, FileDto.class);
                Calls.checkFileShape(f);
                file = Optional.of(f);
                id = f.id();
                name = f.name();
            }
            default -> {
                id = res.path("id").asText("");
                name = res.path("name").asText("");
            }
        }
        if (!Names.isSafeId(id)) {
            throw new OxiCloudException.ProtocolViolation("server sent a shared item with an invalid id");
        }
        return new IncomingShareDto(type, id, name == null ? "" : name,
                IncomingShareDto.roleOf(permissions), permissions, text(row, "granted_at"), text(row, "granted_by"),
                drive, folder, file);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private <T> T read(JsonNode node, Class<T> type) {
        try {
            return c.json.parse(c.json.mapper().writeValueAsBytes(node), type);
        } catch (IOException e) {
            throw new OxiCloudException.ProtocolViolation("unreadable incoming share row");
        }
    }
}
