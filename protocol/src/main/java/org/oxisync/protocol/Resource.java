package org.oxisync.protocol;

/** One row of a folder listing: a file or a folder (§5.1 {@code resource_type}). */
public sealed interface Resource permits FileDto, FolderDto {
    String id();

    String name();
}
