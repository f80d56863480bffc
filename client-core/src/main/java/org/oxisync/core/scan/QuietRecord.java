package org.oxisync.core.scan;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.LocalEntry;

/**
 * The bytes by which a quiet check compares the disk with a seal: each entry a full scan presents, in walk order, as
 * kind, NFC path, (for a file) size and mtime, and file key. Written once from a full scan's entries (the seal) and
 * again by every quiet walk, so "unchanged" is one array comparison: no entry is parsed back or looked up.
 */
public final class QuietRecord {
    private static final byte DIR = 0;
    private static final byte FILE = 1;

    /** Most bytes a chunk grows to before a new one is started. */
    static final int CHUNK = 1 << 20;

    /** The chunks written full (each trimmed to its entries), before {@link #buf}. */
    private final java.util.List<byte[]> full = new java.util.ArrayList<>();
    /** Their bytes. */
    private long done;
    /** The chunk being written, {@link #len} bytes of it. */
    private byte[] buf;
    private int len;

    QuietRecord(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    /** The record of a full scan's entries; empty when one of them is neither a folder nor an unhashed file. */
    public static java.util.Optional<byte[]> of(List<LocalEntry> entries) {
        QuietRecord r = new QuietRecord(entries.size() * 64);
        for (LocalEntry e : entries) {
            if (!r.entry(e)) {
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of(r.toByteArray());
    }

    /**
     * The length in bytes of the record of {@code entries} ({@link #of}), made entry by entry and never held whole;
     * -1 when one of them is neither a folder nor an unhashed file (no record).
     */
    public static long length(List<LocalEntry> entries) {
        QuietRecord r = new QuietRecord(256);
        long total = 0;
        for (LocalEntry e : entries) {
            r.len = 0;
            if (!r.entry(e)) {
                return -1;
            }
            total += r.len;
        }
        return total;
    }

    /**
     * Writes the record of {@code entries} ({@link #of}, which must have one: see {@link #length}) to {@code out}
     * entry by entry: at a million files the whole record (about 70 MB, plus the copies of a growing array) would
     * otherwise be made at the end of a full run, beside everything the run still holds (bench/README.md "A million
     * files").
     */
    public static void writeTo(List<LocalEntry> entries, java.io.OutputStream out) throws java.io.IOException {
        QuietRecord r = new QuietRecord(256);
        for (LocalEntry e : entries) {
            r.len = 0;
            if (!r.entry(e)) {
                throw new IllegalArgumentException("no quiet record for " + e.path() + " (" + e.kind() + ")");
            }
            out.write(r.buf, 0, r.len);
        }
    }

    /** Appends one entry of a full scan; false (nothing appended) when it is neither a folder nor an unhashed file. */
    private boolean entry(LocalEntry e) {
        if (e.kind() == EntryKind.DIR) {
            dir(e.path(), e.fileKey());
        } else if (e.kind() == EntryKind.FILE && e.hash().value().isEmpty()) {
            file(e.path(), e.size(), e.mtimeMillis(), e.fileKey());
        } else {
            return false;
        }
        return true;
    }

    /**
     * The record of one entry of a scan ({@link #of}'s bytes for it alone); empty when it is neither a folder nor an
     * unhashed file.
     */
    public static java.util.Optional<byte[]> bytesOf(LocalEntry e) {
        QuietRecord r = new QuietRecord(64);
        return r.entry(e) ? java.util.Optional.of(r.toByteArray()) : java.util.Optional.empty();
    }

    /**
     * Where the entry that starts at {@code at} of {@code b} ends (its bytes are {@code [at, end)}); -1 when the
     * bytes before {@code limit} do not hold a whole entry.
     */
    static int entryEnd(byte[] b, int at, int limit) {
        if (at + 5 > limit) {
            return -1;
        }
        byte kind = b[at];
        int pathLength = int4(b, at + 1);
        long end = (long) at + 5 + pathLength;
        if (kind == FILE) {
            end += 16;
        } else if (kind != DIR) {
            return -1;
        }
        if (pathLength < 0 || end + 1 > limit) {
            return -1;
        }
        if (b[(int) end] == 0) {
            return (int) end + 1;
        }
        if (b[(int) end] != 1 || end + 5 > limit) {
            return -1;
        }
        int keyLength = int4(b, (int) end + 1);
        long keyEnd = end + 5 + keyLength;
        return keyLength < 0 || keyEnd > limit ? -1 : (int) keyEnd;
    }

    /** The length of the path of the entry that starts at {@code at} (its UTF-8 bytes follow at {@code at + 5}). */
    static int pathLength(byte[] b, int at) {
        return int4(b, at + 1);
    }

    private static int int4(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }

    /** How many chunks hold the record: the full ones, then the one being written. */
    int chunks() {
        return full.size() + 1;
    }

    /** The bytes of chunk {@code i} (shared, not copied: a walk's record is not changed after the walk). */
    byte[] chunk(int i) {
        return i < full.size() ? full.get(i) : buf;
    }

    /** How many bytes of chunk {@code i} are the record's. */
    int chunkLength(int i) {
        return i < full.size() ? full.get(i).length : len;
    }

    /** The record's length in bytes. */
    long length() {
        return done + len;
    }

    /** Writes the record's bytes to {@code out}. */
    void writeTo(java.io.OutputStream out) throws java.io.IOException {
        for (int i = 0; i < chunks(); i++) {
            out.write(chunk(i), 0, chunkLength(i));
        }
    }

    void dir(String path, String fileKey) {
        byte[] p = path.getBytes(StandardCharsets.UTF_8);
        byte[] k = fileKey == null ? null : fileKey.getBytes(StandardCharsets.UTF_8);
        ensure(1 + 4 + p.length + keySize(k)); // an entry never spans two chunks
        byte1(DIR);
        string(p);
        key(k);
    }

    void file(String path, long size, long mtimeMillis, String fileKey) {
        byte[] p = path.getBytes(StandardCharsets.UTF_8);
        byte[] k = fileKey == null ? null : fileKey.getBytes(StandardCharsets.UTF_8);
        ensure(1 + 4 + p.length + 16 + keySize(k));
        byte1(FILE);
        string(p);
        long8(size);
        long8(mtimeMillis);
        key(k);
    }

    /** Appends another record's entries (each chunk of it whole: entries never span two chunks). */
    void append(QuietRecord other) {
        for (int i = 0; i < other.chunks(); i++) {
            int n = other.chunkLength(i);
            ensure(n);
            System.arraycopy(other.chunk(i), 0, buf, len, n);
            len += n;
        }
    }

    /** True when these bytes equal {@code length} bytes of {@code other} from {@code offset}. */
    boolean sameAs(byte[] other, int offset, int length) {
        if (length() != length) {
            return false;
        }
        int at = offset;
        for (int i = 0; i < chunks(); i++) {
            int n = chunkLength(i);
            if (!Arrays.equals(chunk(i), 0, n, other, at, at + n)) {
                return false;
            }
            at += n;
        }
        return true;
    }

    /** True when these bytes are the next {@code length} bytes of {@code other} (read a block at a time). */
    boolean sameAs(java.io.InputStream other, int length) throws java.io.IOException {
        if (length() != length) {
            return false;
        }
        byte[] block = new byte[1 << 16];
        for (int i = 0; i < chunks(); i++) {
            byte[] c = chunk(i);
            int n = chunkLength(i);
            for (int at = 0; at < n; ) {
                int read = other.readNBytes(block, 0, Math.min(block.length, n - at));
                if (read <= 0 || !Arrays.equals(c, at, at + read, block, 0, read)) {
                    return false;
                }
                at += read;
            }
        }
        return true;
    }

    byte[] toByteArray() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream((int) Math.min(Integer.MAX_VALUE - 8,
                length()));
        try {
            writeTo(out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static int keySize(byte[] key) {
        return key == null ? 1 : 1 + 4 + key.length;
    }

    private void key(byte[] fileKey) {
        if (fileKey == null) {
            byte1((byte) 0);
        } else {
            byte1((byte) 1);
            string(fileKey);
        }
    }

    private void string(byte[] b) {
        int n = b.length;
        buf[len++] = (byte) (n >>> 24);
        buf[len++] = (byte) (n >>> 16);
        buf[len++] = (byte) (n >>> 8);
        buf[len++] = (byte) n;
        System.arraycopy(b, 0, buf, len, n);
        len += n;
    }

    private void long8(long v) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            buf[len++] = (byte) (v >>> shift);
        }
    }

    private void byte1(byte b) {
        buf[len++] = b;
    }

    /**
     * Room for {@code more} bytes together in the chunk being written: it grows up to {@value #CHUNK} bytes, then is
     * trimmed and kept, and a new one started. A walk's record of a million files is about 70 MB: in one doubling
     * array it was a 128 MB array, and 192 MB while it grew from 64 MB (bench/README.md "A million files").
     */
    private void ensure(int more) {
        if (len + more <= buf.length) {
            return;
        }
        if (len + more <= CHUNK || len == 0) {
            buf = Arrays.copyOf(buf, Math.max(Math.min(buf.length * 2, CHUNK), len + more));
            return;
        }
        full.add(Arrays.copyOf(buf, len));
        done += len;
        buf = new byte[Math.max(CHUNK, more)];
        len = 0;
    }
}
