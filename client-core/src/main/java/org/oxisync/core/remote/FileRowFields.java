package org.oxisync.core.remote;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * The fields of one file row of the listing cache ({@link RemoteTreeFile}), gathered as a parser passes them: the
 * one place that knows the row's field names, for both readers of the file (the whole read through Jackson, and
 * {@link CachedListing}'s direct one).
 */
final class FileRowFields {
    private String id;
    private String name;
    private String etag;
    private String hash;
    private long size;
    private long modifiedAt;

    /** Takes the value the parser is on as field {@code field}; false for a field a row does not have. */
    boolean take(String field, JsonParser p) throws IOException {
        switch (field) {
            case "id" -> id = p.getValueAsString();
            case "name" -> name = p.getValueAsString();
            case "etag" -> etag = p.getValueAsString();
            case "contentHash" -> hash = p.getValueAsString();
            case "size" -> size = p.getValueAsLong();
            case "modifiedAt" -> modifiedAt = p.getValueAsLong();
            default -> {
                return false;
            }
        }
        return true;
    }

    /** Whether the row has what every row needs: its id and its name. */
    boolean complete() {
        return id != null && name != null;
    }

    /** The row, its strings shared with the journal's where equal. */
    RemoteTree.File toFile(SharedStrings shared) {
        return shared.file(id, name, etag, hash, size, modifiedAt);
    }
}
