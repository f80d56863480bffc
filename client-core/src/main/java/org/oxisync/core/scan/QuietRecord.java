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

    private byte[] buf;
    private int len;

    QuietRecord(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    /** The record of a full scan's entries; empty when one of them is neither a folder nor an unhashed file. */
    public static java.util.Optional<byte[]> of(List<LocalEntry> entries) {
        QuietRecord r = new QuietRecord(entries.size() * 64);
        for (LocalEntry e : entries) {
            if (e.kind() == EntryKind.DIR) {
                r.dir(e.path(), e.fileKey());
            } else if (e.kind() == EntryKind.FILE && e.hash().value().isEmpty()) {
                r.file(e.path(), e.size(), e.mtimeMillis(), e.fileKey());
            } else {
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of(r.toByteArray());
    }

    void dir(String path, String fileKey) {
        byte1(DIR);
        string(path);
        key(fileKey);
    }

    void file(String path, long size, long mtimeMillis, String fileKey) {
        byte1(FILE);
        string(path);
        long8(size);
        long8(mtimeMillis);
        key(fileKey);
    }

    void append(QuietRecord other) {
        ensure(other.len);
        System.arraycopy(other.buf, 0, buf, len, other.len);
        len += other.len;
    }

    /** True when these bytes equal {@code length} bytes of {@code other} from {@code offset}. */
    boolean sameAs(byte[] other, int offset, int length) {
        return len == length && Arrays.equals(buf, 0, len, other, offset, offset + length);
    }

    byte[] toByteArray() {
        return Arrays.copyOf(buf, len);
    }

    private void key(String fileKey) {
        if (fileKey == null) {
            byte1((byte) 0);
        } else {
            byte1((byte) 1);
            string(fileKey);
        }
    }

    private void string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        int n = b.length;
        ensure(4 + n);
        buf[len++] = (byte) (n >>> 24);
        buf[len++] = (byte) (n >>> 16);
        buf[len++] = (byte) (n >>> 8);
        buf[len++] = (byte) n;
        System.arraycopy(b, 0, buf, len, n);
        len += n;
    }

    private void long8(long v) {
        ensure(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            buf[len++] = (byte) (v >>> shift);
        }
    }

    private void byte1(byte b) {
        ensure(1);
        buf[len++] = b;
    }

    private void ensure(int more) {
        if (len + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
        }
    }
}
