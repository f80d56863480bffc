package org.oxisync.core.scan;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * What a quiet walk found against a seal ({@link QuietRecord}, {@link SealedRecord}): the same entries (the run is
 * quiet on the disk's side), the paths whose entries differ (added, gone, or with another kind, size, mtime or file
 * key: the disk's changes since the seal, exactly, whatever order the folders were listed in), or no answer (the walk
 * met something only a full scan may judge, the seal could not be read whole, or more paths differ than a run
 * around them would be worth).
 *
 * <p>The paths are found without holding the seal: the walk's entries are indexed by a hash of their path (an
 * open-addressing table of their positions, with their offsets in the walk's record), the sealed record is streamed
 * past the index entry by entry, and every candidate met in the table is compared byte for byte, so a change is never
 * taken for another path's entry. At a million files that is about 20 MB beside the walk's own record (about 70 MB).
 */
public final class QuietDiff {
    /** The outcome of a quiet walk compared with a seal. */
    public sealed interface Outcome permits Same, Differs, Unknown {}

    /** The disk presents exactly the sealed entries, in the same order. */
    public static final class Same implements Outcome {
        private final QuietRecord seen;
        private final SealedRecord sealed;

        private Same(QuietRecord seen, SealedRecord sealed) {
            this.seen = seen;
            this.sealed = sealed;
        }

        /**
         * The same walk as {@link Differs} with no path (its entries indexed, for a seal of the disk as walked when
         * only the server changed), or {@link Unknown} when the seal can no longer be read whole.
         */
        public Outcome entryByEntry() throws IOException {
            return diff(seen, sealed);
        }
    }

    /** Only a full scan can tell ({@code why}, for the log). */
    public record Unknown(String why) implements Outcome {}

    /** Fewest paths that may differ before a run reads everything instead of the folders around them. */
    static final int MIN_LIMIT = 1_000;
    /** Most paths that may differ before a run reads everything instead of the folders around them. */
    static final int MAX_LIMIT = 50_000;
    /** Most entries a walk may have for the index (a full run beyond). */
    private static final int MAX_ENTRIES = 1 << 23;

    private QuietDiff() {
    }

    /** At most this many paths may differ for {@code entries} walked: a tenth of them, within the bounds above. */
    public static int limit(int entries) {
        return Math.max(MIN_LIMIT, Math.min(MAX_LIMIT, entries / 10));
    }

    /**
     * The disk's entries that differ from a seal's: their paths, the walk's record (the next seal, when the run finds
     * nothing to do), and each path's entry as walked.
     */
    public static final class Differs implements Outcome {
        private final byte[] walk;
        private final int walkLength;
        /** Open addressing by the path's hash: each slot the entry's position + 1, 0 when free. */
        private final int[] slots;
        private final int[] offsets;
        private final Set<String> paths;

        private Differs(byte[] walk, int walkLength, int[] slots, int[] offsets, Set<String> paths) {
            this.walk = walk;
            this.walkLength = walkLength;
            this.slots = slots;
            this.offsets = offsets;
            this.paths = Set.copyOf(paths);
        }

        /** The NFC paths, relative to the root, whose entries differ (a folder's entry, not its content). */
        public Set<String> paths() {
            return paths;
        }

        /** The walk's entry at {@code path} in its record's form ({@link QuietRecord#bytesOf}); empty when none. */
        public Optional<byte[]> walked(String path) {
            byte[] p = path.getBytes(StandardCharsets.UTF_8);
            int i = find(walk, slots, offsets, p, 0, p.length);
            if (i < 0) {
                return Optional.empty();
            }
            int at = offsets[i];
            return Optional.of(Arrays.copyOfRange(walk, at, QuietRecord.entryEnd(walk, at, walkLength)));
        }

        /** How many entries the walk presented. */
        public int entries() {
            return offsets.length;
        }

        /** The walk's whole record: what a seal of the disk as walked holds. */
        public int recordLength() {
            return walkLength;
        }

        public void writeRecord(OutputStream out) throws IOException {
            out.write(walk, 0, walkLength);
        }
    }

    /** Compares a walk's record with a sealed one (see the class comment); {@code special}: the walk met one. */
    static Outcome compare(QuietRecord seen, boolean special, SealedRecord sealed) throws IOException {
        if (special) {
            return new Unknown("the walk met an entry only a full scan judges");
        }
        if (sealed.test(in -> seen.sameAs(in, sealed.length()))) {
            return new Same(seen, sealed);
        }
        return diff(seen, sealed);
    }

    private static Outcome diff(QuietRecord seen, SealedRecord sealed) throws IOException {
        byte[] walk = seen.buffer();
        int length = seen.length();
        int[] offsets = offsets(walk, length);
        if (offsets == null) {
            return new Unknown("the walk's record is too large to compare entry by entry");
        }
        int n = offsets.length;
        int[] slots = new int[Integer.highestOneBit(Math.max(n, 1)) * 4]; // at most half full
        int mask = slots.length - 1;
        for (int i = 0; i < n; i++) {
            int at = offsets[i];
            int slot = (int) hash(walk, at + 5, QuietRecord.pathLength(walk, at)) & mask;
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = i + 1;
        }
        int limit = limit(n);
        BitSet matched = new BitSet(n);
        Set<String> paths = new HashSet<>();
        boolean[] tooMany = {false};
        boolean whole = sealed.test(in -> {
            SealedEntries entries = new SealedEntries(in, sealed.length());
            while (entries.next()) {
                byte[] e = entries.bytes;
                int pathLength = QuietRecord.pathLength(e, 0);
                int i = find(walk, slots, offsets, e, 5, pathLength);
                if (i >= 0) {
                    matched.set(i);
                    int at = offsets[i];
                    int end = QuietRecord.entryEnd(walk, at, length);
                    if (Arrays.equals(walk, at, end, e, 0, entries.length)) {
                        continue;
                    }
                }
                paths.add(new String(e, 5, pathLength, StandardCharsets.UTF_8));
                if (paths.size() > limit) {
                    tooMany[0] = true;
                    return false;
                }
            }
            return true;
        });
        if (tooMany[0]) {
            return new Unknown("more than " + limit + " paths differ from the seal");
        }
        if (!whole) {
            return new Unknown("the seal could not be read whole");
        }
        for (int i = matched.nextClearBit(0); i < n; i = matched.nextClearBit(i + 1)) {
            int at = offsets[i];
            paths.add(new String(walk, at + 5, QuietRecord.pathLength(walk, at), StandardCharsets.UTF_8));
            if (paths.size() > limit) {
                return new Unknown("more than " + limit + " paths differ from the seal");
            }
        }
        return new Differs(walk, length, slots, offsets, paths);
    }

    /** Where each entry of a record starts; null when the record has too many entries for the index. */
    private static int[] offsets(byte[] record, int length) throws IOException {
        int[] out = new int[1024];
        int n = 0;
        for (int at = 0; at < length; ) {
            int end = QuietRecord.entryEnd(record, at, length);
            if (end < 0) {
                throw new IOException("a quiet record ends inside an entry at " + at);
            }
            if (n == out.length) {
                if (n >= MAX_ENTRIES) {
                    return null;
                }
                out = Arrays.copyOf(out, n * 2);
            }
            out[n++] = at;
            at = end;
        }
        return Arrays.copyOf(out, n);
    }

    /** The walk's entry whose path is {@code path[from, from + length)}, by position; -1 when none. */
    private static int find(byte[] walk, int[] slots, int[] offsets, byte[] path, int from, int length) {
        int mask = slots.length - 1;
        for (int slot = (int) hash(path, from, length) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
            int i = slots[slot] - 1;
            int at = offsets[i];
            if (QuietRecord.pathLength(walk, at) == length
                    && Arrays.equals(walk, at + 5, at + 5 + length, path, from, from + length)) {
                return i;
            }
        }
        return -1;
    }

    /** FNV-1a over the bytes, then mixed (the index takes its low bits). */
    private static long hash(byte[] b, int from, int length) {
        long h = 0xcbf29ce484222325L;
        for (int i = from; i < from + length; i++) {
            h ^= b[i] & 0xff;
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }

    /** The entries of a sealed record read one at a time from its stream. */
    private static final class SealedEntries {
        private final DataInputStream in;
        private long left;
        byte[] bytes = new byte[256];
        int length;

        SealedEntries(InputStream in, int length) {
            this.in = new DataInputStream(in);
            this.left = length;
        }

        boolean next() throws IOException {
            if (left == 0) {
                return false;
            }
            length = 0;
            byte kind = in.readByte();
            int pathLength = in.readInt();
            if (pathLength < 0 || pathLength > left) {
                throw new EOFException("a sealed entry's path runs past the record");
            }
            put(kind);
            putInt(pathLength);
            read(pathLength + (kind == 1 ? 16 : 0));
            byte hasKey = in.readByte();
            put(hasKey);
            if (hasKey == 1) {
                int keyLength = in.readInt();
                if (keyLength < 0 || keyLength > left) {
                    throw new EOFException("a sealed entry's file key runs past the record");
                }
                putInt(keyLength);
                read(keyLength);
            }
            left -= length;
            if (left < 0 || QuietRecord.entryEnd(bytes, 0, length) != length) {
                throw new IOException("a sealed entry is malformed");
            }
            return true;
        }

        private void put(byte b) {
            ensure(1);
            bytes[length++] = b;
        }

        private void putInt(int v) {
            ensure(4);
            bytes[length++] = (byte) (v >>> 24);
            bytes[length++] = (byte) (v >>> 16);
            bytes[length++] = (byte) (v >>> 8);
            bytes[length++] = (byte) v;
        }

        private void read(int n) throws IOException {
            ensure(n);
            in.readFully(bytes, length, n);
            length += n;
        }

        private void ensure(int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
            }
        }
    }
}
