package org.oxisync.core.plan;

/**
 * A file the scan hashed, held flat by {@link ScanEntries}: its BLAKE3 hash as four fields instead of a
 * {@link LocalHash.Known} and its {@code long[4]} beside a {@link LocalEntry}, and a file key of the form the JDK
 * gives on Unix ({@code (dev=HEX,ino=DECIMAL)}) as two fields instead of a {@code byte[]}: 88 bytes a file instead of
 * about 144. A join (the first sync of a tree already on the server) hashes every file, and a million of them held as
 * records were about a tenth of its peak (bench/README.md "A million files"). Read back as an equal
 * {@link LocalEntry} (new hash and key forms, the same path form) each time.
 *
 * <p>Only a hashed file whose hash has the common shape (64 lowercase hex characters) is held so ({@link #of});
 * anything else stays a record. A key of another form (Windows, none, or one that would not read back as the same
 * string) is kept as its form.
 */
final class HashedFile {
    private static final String DEV = "(dev=";
    private static final String INO = ",ino=";

    private final Object path;
    /** Marks a key held as {@link #dev} and {@link #ino}. */
    private static final Object UNIX = new Object();

    /** The key's form (null for none), or {@link #UNIX} when it is held as {@link #dev} and {@link #ino}. */
    private final Object fileKey;
    private final long dev;
    private final long ino;
    private final long size;
    private final long mtimeMillis;
    private final long hash0;
    private final long hash1;
    private final long hash2;
    private final long hash3;

    private HashedFile(LocalEntry e, long[] hash) {
        this.path = e.compactPath();
        long[] unix = unixKey(e.compactFileKey());
        this.fileKey = unix == null ? e.compactFileKey() : UNIX;
        this.dev = unix == null ? 0 : unix[0];
        this.ino = unix == null ? 0 : unix[1];
        this.size = e.size();
        this.mtimeMillis = e.mtimeMillis();
        this.hash0 = hash[0];
        this.hash1 = hash[1];
        this.hash2 = hash[2];
        this.hash3 = hash[3];
    }

    /** {@code e} held flat, or null when it is not a hashed file with a BLAKE3 hash form. */
    static HashedFile of(LocalEntry e) {
        if (e.kind() != EntryKind.FILE || !(e.hash() instanceof LocalHash.Known k)
                || !(k.form() instanceof long[] hash) || hash.length != 4) {
            return null;
        }
        return new HashedFile(e, hash);
    }

    /** The entry held, equal to the one given to {@link #of}. */
    LocalEntry entry() {
        return LocalEntry.withCompactKey(path, EntryKind.FILE, size, mtimeMillis,
                fileKey == UNIX ? Compact.of(unixKey(dev, ino)) : fileKey,
                LocalHash.Known.ofForm(new long[] {hash0, hash1, hash2, hash3}));
    }

    /** The key as written by the JDK's Unix file key ({@code UnixFileKey.toString}). */
    static String unixKey(long dev, long ino) {
        return DEV + Long.toHexString(dev) + INO + ino + ")";
    }

    /** {@code {dev, ino}} of a key form that {@link #unixKey(long, long)} writes back exactly, else null. */
    static long[] unixKey(Object form) {
        if (!(form instanceof byte[])) {
            return null;
        }
        String key = Compact.text(form);
        int comma = key.indexOf(INO);
        if (!key.startsWith(DEV) || comma < 0 || !key.endsWith(")")) {
            return null;
        }
        try {
            long dev = Long.parseUnsignedLong(key, DEV.length(), comma, 16);
            long ino = Long.parseLong(key, comma + INO.length(), key.length() - 1, 10);
            return unixKey(dev, ino).equals(key) ? new long[] {dev, ino} : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
