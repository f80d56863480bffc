package org.oxisync.core.plan;

import java.util.Objects;

/**
 * One entry found by the local scan. A value (equal when all fields are); the file key is held in {@link Compact}
 * form, shared with the journal's entry when equal.
 */
public final class LocalEntry {
    private final Object path;
    /**
     * Kind and hash in one field (an entry of 40 bytes instead of 48): an entry not hashed holds its
     * {@link EntryKind}, a hashed file its {@link LocalHash.Known}, anything else {@code Object[] {kind, hash}}.
     */
    private final Object kindAndHash;
    private final long size;
    private final long mtimeMillis;
    private final Object fileKey;

    /**
     * @param path relative, '/'-separated (normalized to NFC by the reconciler)
     * @param size bytes (0 for folders)
     * @param mtimeMillis modification time, epoch milliseconds
     * @param fileKey the file system's identity of the entry (inode and device), null when unavailable
     */
    public LocalEntry(String path, EntryKind kind, long size, long mtimeMillis, String fileKey, LocalHash hash) {
        this(path, kind, size, mtimeMillis, (Object) fileKey, hash);
    }

    private LocalEntry(Object path, EntryKind kind, long size, long mtimeMillis, Object fileKey, LocalHash hash) {
        this.path = Compact.of(Objects.requireNonNull(path, "path"));
        Objects.requireNonNull(kind, "kind");
        this.size = size;
        this.mtimeMillis = mtimeMillis;
        this.fileKey = Compact.of(fileKey);
        if (Objects.requireNonNull(hash, "hash") instanceof LocalHash.NotComputed) {
            this.kindAndHash = kind;
        } else if (kind == EntryKind.FILE) {
            this.kindAndHash = hash;
        } else {
            this.kindAndHash = new Object[] {kind, hash};
        }
    }

    /** An entry whose path and file key are given in {@link Compact} form (or as strings), to share the journal's. */
    public static LocalEntry withCompactKey(Object path, EntryKind kind, long size, long mtimeMillis,
                                            Object compactKey, LocalHash hash) {
        return new LocalEntry(path, kind, size, mtimeMillis, compactKey, hash);
    }

    public static LocalEntry file(String path, long size, long mtimeMillis, String fileKey, String hash) {
        return new LocalEntry(path, EntryKind.FILE, size, mtimeMillis, fileKey, LocalHash.known(hash));
    }

    /** A file the scanner did not hash because it matches the journal. */
    public static LocalEntry unhashedFile(String path, long size, long mtimeMillis, String fileKey) {
        return new LocalEntry(path, EntryKind.FILE, size, mtimeMillis, fileKey, LocalHash.NOT_COMPUTED);
    }

    public static LocalEntry dir(String path, String fileKey) {
        return new LocalEntry(path, EntryKind.DIR, 0, 0, fileKey, LocalHash.NOT_COMPUTED);
    }

    LocalEntry withPath(String p) {
        return new LocalEntry(p, kind(), size, mtimeMillis, fileKey, hash());
    }

    public String path() {
        return Compact.text(path);
    }

    /** The path in {@link Compact} form, for records that share it. */
    public Object compactPath() {
        return path;
    }

    public EntryKind kind() {
        return kindAndHash instanceof EntryKind k ? k
                : kindAndHash instanceof Object[] both ? (EntryKind) both[0] : EntryKind.FILE;
    }

    public long size() {
        return size;
    }

    public long mtimeMillis() {
        return mtimeMillis;
    }

    public String fileKey() {
        return Compact.text(fileKey);
    }

    public LocalHash hash() {
        return kindAndHash instanceof EntryKind ? LocalHash.NOT_COMPUTED
                : kindAndHash instanceof Object[] both ? (LocalHash) both[1] : (LocalHash) kindAndHash;
    }

    /** The file key in {@link Compact} form, for records that share it. */
    public Object compactFileKey() {
        return fileKey;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LocalEntry e && Compact.equal(path, e.path) && kind() == e.kind() && size == e.size
                && mtimeMillis == e.mtimeMillis && Compact.equal(fileKey, e.fileKey) && hash().equals(e.hash());
    }

    @Override
    public int hashCode() {
        return Objects.hash(Compact.hash(path), kind(), size, mtimeMillis, Compact.hash(fileKey), hash());
    }

    @Override
    public String toString() {
        return "LocalEntry[path=" + path() + ", kind=" + kind() + ", size=" + size + ", mtimeMillis=" + mtimeMillis
                + ", fileKey=" + fileKey() + ", hash=" + hash() + "]";
    }
}
