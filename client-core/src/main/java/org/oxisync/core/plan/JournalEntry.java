package org.oxisync.core.plan;

import java.util.Objects;

/**
 * The last state both sides agreed on for one path. A value (equal when all fields are); its strings other than
 * the path are held in {@link Compact} form (a full run holds one entry per file of the tree) and read back by the
 * accessors as equal strings.
 */
public final class JournalEntry {
    private final Object path;
    /**
     * Kind and hashes in one field (an entry of 48 bytes instead of 56): a file whose two hashes agree holds the
     * one hash form; an entry without hashes its {@link EntryKind}; anything else {@code Object[] {kind, local
     * hash form, remote hash form}}.
     */
    private final Object kindAndHashes;
    private final long size;
    private final long mtimeMillis;
    private final Object fileKey;
    private final Object remoteId;
    private final Object remoteEtag;

    /**
     * @param localHash the content hash of the local file at that time (null for folders)
     * @param remoteHash the server's content hash at that time (null for folders)
     */
    public JournalEntry(String path, EntryKind kind, long size, long mtimeMillis, String fileKey, String localHash,
                        String remoteId, String remoteEtag, String remoteHash) {
        this(path, kind, size, mtimeMillis, (Object) fileKey, localHash, remoteId, remoteEtag, remoteHash);
    }

    private JournalEntry(Object path, EntryKind kind, long size, long mtimeMillis, Object fileKey, Object localHash,
                         Object remoteId, Object remoteEtag, Object remoteHash) {
        this.path = Compact.of(Objects.requireNonNull(path, "path"));
        Objects.requireNonNull(kind, "kind");
        this.size = size;
        this.mtimeMillis = mtimeMillis;
        this.fileKey = Compact.of(fileKey);
        Object remote = Compact.of(remoteHash);
        Object local = Compact.same(localHash, remote); // in sync: the listing's form for both
        if (local == remote && remote == null) {
            this.kindAndHashes = kind;
        } else if (local == remote && kind == EntryKind.FILE) {
            this.kindAndHashes = remote;
        } else {
            this.kindAndHashes = new Object[] {kind, local, remote};
        }
        this.remoteId = Compact.of(remoteId);
        this.remoteEtag = Compact.of(remoteEtag);
    }

    public static JournalEntry file(String path, long size, long mtimeMillis, String fileKey, String hash,
                                    String remoteId, String remoteEtag) {
        return new JournalEntry(path, EntryKind.FILE, size, mtimeMillis, fileKey, hash, remoteId, remoteEtag, hash);
    }

    public static JournalEntry dir(String path, String fileKey, String remoteId) {
        return new JournalEntry(path, EntryKind.DIR, 0, 0, fileKey, null, remoteId, null, null);
    }

    /** The journal entry recording that {@code local} and {@code remote} agree (sharing their compact strings). */
    public static JournalEntry agreed(String path, LocalEntry local, RemoteEntry remote, String localHash) {
        return new JournalEntry(Compact.same(path, local.compactPath()), local.kind(), local.size(),
                local.mtimeMillis(), local.compactFileKey(),
                localHash, remote.compactId(), remote.compactEtag(), remote.compactContentHash());
    }

    public String path() {
        return Compact.text(path);
    }

    /** The path in {@link Compact} form, for records that share it. */
    public Object compactPath() {
        return path;
    }

    public EntryKind kind() {
        return kindAndHashes instanceof EntryKind k ? k
                : kindAndHashes instanceof Object[] all ? (EntryKind) all[0] : EntryKind.FILE;
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

    public String localHash() {
        return Compact.text(localHashForm());
    }

    public String remoteId() {
        return Compact.text(remoteId);
    }

    public String remoteEtag() {
        return Compact.text(remoteEtag);
    }

    public String remoteHash() {
        return Compact.text(compactRemoteHash());
    }

    /** The file key in {@link Compact} form, for records that share it. */
    public Object compactFileKey() {
        return fileKey;
    }

    /** The remote id in {@link Compact} form, for records that share it. */
    public Object compactRemoteId() {
        return remoteId;
    }

    /** The ETag in {@link Compact} form, for records that share it. */
    public Object compactRemoteEtag() {
        return remoteEtag;
    }

    /** The server's hash in {@link Compact} form, for records that share it. */
    public Object compactRemoteHash() {
        return kindAndHashes instanceof EntryKind ? null
                : kindAndHashes instanceof Object[] all ? all[2] : kindAndHashes;
    }

    private Object localHashForm() {
        return kindAndHashes instanceof EntryKind ? null
                : kindAndHashes instanceof Object[] all ? all[1] : kindAndHashes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JournalEntry e && Compact.equal(path, e.path) && kind() == e.kind() && size == e.size
                && mtimeMillis == e.mtimeMillis && Compact.equal(fileKey, e.fileKey)
                && Compact.equal(localHashForm(), e.localHashForm()) && Compact.equal(remoteId, e.remoteId)
                && Compact.equal(remoteEtag, e.remoteEtag)
                && Compact.equal(compactRemoteHash(), e.compactRemoteHash());
    }

    @Override
    public int hashCode() {
        return Objects.hash(Compact.hash(path), kind(), size, mtimeMillis, Compact.hash(fileKey), Compact.hash(localHashForm()),
                Compact.hash(remoteId), Compact.hash(remoteEtag), Compact.hash(compactRemoteHash()));
    }

    @Override
    public String toString() {
        return "JournalEntry[path=" + path() + ", kind=" + kind() + ", size=" + size + ", mtimeMillis=" + mtimeMillis
                + ", fileKey=" + fileKey() + ", localHash=" + localHash() + ", remoteId=" + remoteId()
                + ", remoteEtag=" + remoteEtag() + ", remoteHash=" + remoteHash() + "]";
    }
}
