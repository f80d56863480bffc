package org.oxisync.core.plan;

import java.time.Instant;

/**
 * A listed file new to the journal, held flat by {@link ListingEntries}: its id, ETag and content hash as fields
 * instead of three {@link Compact} arrays beside a {@link RemoteEntry} (104 bytes a file instead of about 160). A join
 * (the first sync of a tree already on the server) lists every file as new, and a million of them held as records
 * were about a fifth of its peak (bench/README.md "A million files"). Read back as an equal {@link RemoteEntry}
 * (new forms, equal values) each time.
 *
 * <p>Only a file whose forms have the common shapes is held so ({@link #of}): an OxiCloud UUID id, an OxiCloud file
 * ETag, a BLAKE3 hash and a time in whole seconds; anything else stays a record.
 */
final class ListedFile {
    private final Object path;
    private final Object parentId;
    private final long id0;
    private final long id1;
    private final long hash0;
    private final long hash1;
    private final long hash2;
    private final long hash3;
    private final int etag0;
    private final int etag1;
    private final int etag2;
    private final int etag3;
    private final long size;
    /** Epoch seconds, or {@link #NO_TIME}. */
    private final long modified;

    static final long NO_TIME = Long.MIN_VALUE;

    private ListedFile(RemoteEntry e, long[] id, int[] etag, long[] hash, long modified) {
        this.path = e.compactPath();
        this.parentId = e.compactParentId();
        this.id0 = id[0];
        this.id1 = id[1];
        this.hash0 = hash[0];
        this.hash1 = hash[1];
        this.hash2 = hash[2];
        this.hash3 = hash[3];
        this.etag0 = etag[0];
        this.etag1 = etag[1];
        this.etag2 = etag[2];
        this.etag3 = etag[3];
        this.size = e.size();
        this.modified = modified;
    }

    /** {@code e} held flat, or null when it is not a file whose forms have the common shapes (see the class comment). */
    static ListedFile of(RemoteEntry e) {
        if (e.kind() != EntryKind.FILE || !(e.compactId() instanceof long[] id) || id.length != 2
                || !(e.compactEtag() instanceof int[] etag) || etag.length != 4
                || !(e.compactContentHash() instanceof long[] hash) || hash.length != 4) {
            return null;
        }
        Instant at = e.modifiedAt();
        if (at != null && (at.getNano() != 0 || at.getEpochSecond() == NO_TIME)) {
            return null;
        }
        return new ListedFile(e, id, etag, hash, at == null ? NO_TIME : at.getEpochSecond());
    }

    /** The entry held, equal to the one given to {@link #of}. */
    RemoteEntry entry() {
        return RemoteEntry.compactFile(path, new long[] {id0, id1}, parentId, new int[] {etag0, etag1, etag2, etag3},
                new long[] {hash0, hash1, hash2, hash3}, size, modified == NO_TIME ? null
                        : Instant.ofEpochSecond(modified));
    }

    /** The path in {@link Compact} form (without making the entry). */
    Object compactPath() {
        return path;
    }
}
