package org.oxisync.protocol;

import java.util.Optional;

/**
 * One row of {@code GET /api/trash/resources} (OxiCloud 0.8.7 {@code TrashResourceItemDto}, {@code trash_dto.rs:176-193}):
 * {@code {resource_type, trashed_at, deletion_date, drive_id, resource:{FileDto|FolderDto}}}. Times are RFC 3339
 * strings. {@code resource} is the checked file or folder (its {@code path} is the original location); it is
 * empty for other resource types, whose raw type is in {@code resourceType}.
 */
public record TrashItemDto(String resourceType, String trashedAt, String deletionDate, String driveId,
        Optional<Resource> resource) {

    /** The trashed item's id (the id {@link OxiCloudApi#restoreFromTrash} takes), or null for unknown types. */
    public String id() {
        return resource.map(Resource::id).orElse(null);
    }

    /** The trashed item's name, or null for unknown types. */
    public String name() {
        return resource.map(Resource::name).orElse(null);
    }
}
