package org.oxisync.protocol.http;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import okhttp3.HttpUrl;
import okhttp3.Response;
import org.oxisync.protocol.BatchFailureDto;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.CreateFolderDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.FolderIdsDto;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.MoveFolderDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.RenameDto;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.ResourceItemDto;
import org.oxisync.protocol.ResourcePage;
import org.oxisync.protocol.ResourcePageDto;
import org.oxisync.protocol.SkippedResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /api/folders/*} and {@code POST /api/batch/folders/get} (server
 * {@code drive_handler.rs}, {@code folder_handler.rs}, {@code batch_handler.rs:582-635}). Folder create and rename do
 * not trim names on the server, so any safe segment goes as it is.
 */
final class FolderCalls {
    private static final Logger LOG = LoggerFactory.getLogger(FolderCalls.class);
    private final Calls c;

    FolderCalls(Calls c) {
        this.c = c;
    }

    FolderDto folder(String folderId) {
        return Calls.checkFolder(c.getJson(c.url("api/folders").addPathSegment(Calls.id(folderId)).build(), FolderDto.class));
    }

    ResourcePage resources(String folderId, int limit, String cursor) {
        if (limit < 1 || limit > Limits.MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("limit must be 1..200");
        }
        HttpUrl.Builder u = c.url("api/folders").addPathSegment(Calls.id(folderId)).addPathSegment("resources")
                .addQueryParameter("limit", Integer.toString(limit));
        if (cursor != null) {
            u.addQueryParameter("cursor", cursor);
        }
        ResourcePageDto page = c.getJson(u.build(), ResourcePageDto.class);
        List<Resource> items = new ArrayList<>();
        List<SkippedResource> skipped = new ArrayList<>();
        for (ResourceItemDto item : page.items() == null ? List.<ResourceItemDto>of() : page.items()) {
            if (item == null || item.resource() == null || item.resourceType() == null) {
                throw new OxiCloudException.ProtocolViolation("listing row without resource");
            }
            Resource r;
            switch (item.resourceType()) {
                case "file" -> {
                    FileDto f = c.json.parse(nodeBytes(item.resource()), FileDto.class);
                    Calls.checkFileShape(f);
                    r = f;
                }
                case "folder" -> {
                    FolderDto f = c.json.parse(nodeBytes(item.resource()), FolderDto.class);
                    Calls.checkFolderShape(f);
                    r = f;
                }
                default -> {
                    LOG.debug("ignoring listing row of unknown type {}", Names.printable(item.resourceType()));
                    continue;
                }
            }
            Optional<String> unsafe = Calls.unsafeName(r);
            if (unsafe.isPresent()) {
                skipped.add(new SkippedResource(item.resourceType(), r.id(), r.name(), unsafe.get()));
            } else {
                items.add(r);
            }
        }
        String next = page.nextCursor();
        return new ResourcePage(items, Optional.ofNullable(next == null || next.isEmpty() ? null : next), skipped);
    }

    byte[] nodeBytes(Object node) {
        try {
            return c.json.mapper().writeValueAsBytes(node);
        } catch (IOException e) {
            throw new OxiCloudException.ProtocolViolation("unreadable listing row");
        }
    }

    Iterator<Resource> allResources(String folderId, Consumer<SkippedResource> onSkipped) {
        Calls.id(folderId);
        return new Iterator<>() {
            private final Set<String> seenCursors = new HashSet<>();
            private Iterator<Resource> page = List.<Resource>of().iterator();
            private String cursor;
            private boolean last;

            @Override
            public boolean hasNext() {
                while (!page.hasNext() && !last) {
                    ResourcePage p = resources(folderId, Limits.MAX_PAGE_SIZE, cursor);
                    p.skipped().forEach(onSkipped);
                    page = p.items().iterator();
                    if (p.nextCursor().isEmpty()) {
                        last = true;
                    } else if (!seenCursors.add(p.nextCursor().get())) {
                        throw new OxiCloudException.ProtocolViolation("folder listing repeats a cursor (endless paging)");
                    } else {
                        cursor = p.nextCursor().get();
                    }
                }
                return page.hasNext();
            }

            @Override
            public Resource next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return page.next();
            }
        };
    }

    static void logSkipped(SkippedResource s) {
        LOG.warn("skipped a listing row ({}): {} {}", s.reason(), s.resourceType(), Names.printable(s.name()));
    }

    /**
     * {@code POST /api/batch/folders/get} in calls of at most 1000 ids. The server answers 200 (all found), 206
     * (some failed) and 400 with the same {@code {successful, failed, stats}} body when all failed: that is a
     * result, not a refused request. Folders with an unsafe name are reported as failed.
     */
    BatchFoldersDto folders(List<String> folderIds) {
        BatchParts<FolderDto> p = BatchParts.call(c, this, folderIds, new BatchParts.Endpoint<>("api/batch/folders/get",
                true, FolderIdsDto::new, BatchFoldersDto.class, BatchFoldersDto::successful, BatchFoldersDto::failed,
                BatchFoldersDto::stats, Calls::checkFolderShape));
        return new BatchFoldersDto(p.ok(), p.failed(), p.stats());
    }

    /** A batch reply: 200/206, or 400 whose body still carries a {@code failed} list (all failed). */
    <T> T batchResult(Response r, String what, Class<T> type, java.util.function.Function<T, List<BatchFailureDto>> failed)
            throws IOException {
        if (r.code() == 200 || r.code() == 206) {
            return c.json.read(r.body(), type);
        }
        if (r.code() == 400) {
            byte[] bytes = Json.readCapped(r.body(), c.config.limits().maxJsonBytes());
            try {
                T t = c.json.mapper().readValue(bytes, type);
                if (t != null && failed.apply(t) != null) {
                    return t;
                }
            } catch (IOException | RuntimeException ignored) {
                // not a batch result: a refused request
            }
            com.fasterxml.jackson.databind.JsonNode node = null;
            try {
                node = c.json.mapper().readTree(bytes);
            } catch (IOException ignored) {
                // no readable body
            }
            String text = node == null ? "" : node.path("error").asText(node.path("message").asText(""));
            throw new OxiCloudException.RequestRejected(400, what + ": HTTP 400" + (text.isEmpty() ? "" : " " + Names.printable(text)));
        }
        throw c.transport.errors().fromStatus(what, r, false, c.transport.readOnly());
    }

    FolderDto createFolder(String parentId, String name) {
        return Calls.checkFolder(c.sendJson("POST", c.url("api/folders").build(),
                new CreateFolderDto(Calls.newName(name), Calls.id(parentId)), FolderDto.class, false));
    }

    FolderDto renameFolder(String folderId, String newName) {
        return Calls.checkFolder(c.sendJson("PUT", c.url("api/folders").addPathSegment(Calls.id(folderId))
                .addPathSegment("rename").build(), new RenameDto(Calls.newName(newName)), FolderDto.class, true));
    }

    FolderDto moveFolder(String folderId, String newParentId) {
        return Calls.checkFolder(c.sendJson("PUT", c.url("api/folders").addPathSegment(Calls.id(folderId))
                .addPathSegment("move").build(), new MoveFolderDto(Calls.id(newParentId)), FolderDto.class, true));
    }

    /** Not idempotent: a second DELETE of a trashed folder deletes it permanently on 0.8.7. */
    void deleteFolder(String folderId) {
        c.sendNoContent("DELETE", c.url("api/folders").addPathSegment(Calls.id(folderId)).build(), false);
    }
}
