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
 * <p>The paths are found without holding the seal. A walk lists every folder in the same order as long as it is
 * unchanged, so the sealed record is first streamed past the walk's entries in order: each sealed entry is looked for
 * at the walk's next positions (a few ahead, past entries new on the disk) and compared byte for byte; the few met
 * nowhere near are settled at the end against the walked entries left over. Edits in place
 * (the usual change: another size or mtime) are found that way with no index at all; at a million files that pass
 * costs a fraction of building the index (about 1.3 s of CPU). When the two orders part further than a few entries
 * (a new folder with many entries, a folder listed in another order), the walk's entries are indexed by a hash of their
 * path (an open-addressing table of their positions, with their offsets in the walk's record) and the sealed record is
 * streamed past the index: every candidate met in the table is compared byte for byte, so a change is never taken
 * for another path's entry. The index is about 20 MB beside the walk's own record (about 70 MB) at a million files.
 * Both passes tell exactly the same paths.
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
    public static final int MAX_LIMIT = 50_000;
    /** Most entries a walk may have for the index (a full run beyond). */
    private static final int MAX_ENTRIES = 1 << 23;
    /** How far past the walk's next position the in-order pass looks for a sealed entry's path. */
    static final int LOOKAHEAD = 16;
    /** Sealed entries not met near the walk's position that the in-order pass keeps aside before the index is used. */
    static final int MAX_OUT_OF_STEP = 256;

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
        private final WalkIndex walk;
        private final Set<String> paths;

        private Differs(WalkIndex walk, Set<String> paths) {
            this.walk = walk;
            this.paths = Set.copyOf(paths);
        }

        /** The NFC paths, relative to the root, whose entries differ (a folder's entry, not its content). */
        public Set<String> paths() {
            return paths;
        }

        /** The walk's entry at {@code path} in its record's form ({@link QuietRecord#bytesOf}); empty when none. */
        public Optional<byte[]> walked(String path) {
            byte[] p = path.getBytes(StandardCharsets.UTF_8);
            int i = walk.find(p, 0, p.length);
            return i < 0 ? Optional.empty() : Optional.of(walk.entry(i));
        }

        /** Whether the walk's entries had to be indexed by path to tell the paths (see the class comment). */
        boolean indexed() {
            return walk.indexed();
        }

        /** How many entries the walk presented. */
        public int entries() {
            return walk.offsets.length;
        }

        /** The walk's whole record: what a seal of the disk as walked holds. */
        public long recordLength() {
            return walk.record.length();
        }

        public void writeRecord(OutputStream out) throws IOException {
            walk.record.writeTo(out);
        }
    }

    /**
     * A walk's entries by position ({@code offsets}: chunk of the record in the high half, position in the low) and
     * by the hash of their path (open addressing: each slot an entry's position + 1, 0 when free).
     */
    private static final class WalkIndex {
        final QuietRecord record;
        final long[] offsets;
        /** The hash table, built the first time a path is looked up ({@link #find}); null until then. */
        private int[] slots;

        WalkIndex(QuietRecord record, long[] offsets) {
            this.record = record;
            this.offsets = offsets;
        }

        boolean indexed() {
            return slots != null;
        }

        private int[] slots() {
            if (slots == null) {
                int[] table = new int[Integer.highestOneBit(Math.max(offsets.length, 1)) * 4]; // at most half full
                int mask = table.length - 1;
                for (int i = 0; i < offsets.length; i++) {
                    byte[] c = chunk(i);
                    int at = at(i);
                    int slot = (int) hash(c, at + 5, QuietRecord.pathLength(c, at)) & mask;
                    while (table[slot] != 0) {
                        slot = (slot + 1) & mask;
                    }
                    table[slot] = i + 1;
                }
                slots = table;
            }
            return slots;
        }

        /** Whether entry {@code i}'s path is {@code path[from, from + length)}. */
        boolean hasPath(int i, byte[] path, int from, int length) {
            byte[] c = chunk(i);
            int at = at(i);
            return QuietRecord.pathLength(c, at) == length
                    && Arrays.equals(c, at + 5, at + 5 + length, path, from, from + length);
        }

        byte[] chunk(int i) {
            return record.chunk((int) (offsets[i] >>> 32));
        }

        int at(int i) {
            return (int) offsets[i];
        }

        int end(int i) {
            int c = (int) (offsets[i] >>> 32);
            return QuietRecord.entryEnd(record.chunk(c), at(i), record.chunkLength(c));
        }

        byte[] entry(int i) {
            return Arrays.copyOfRange(chunk(i), at(i), end(i));
        }

        String path(int i) {
            return new String(chunk(i), at(i) + 5, QuietRecord.pathLength(chunk(i), at(i)), StandardCharsets.UTF_8);
        }

        /** Whether entry {@code i} is exactly {@code e[0, length)}. */
        boolean same(int i, byte[] e, int length) {
            return Arrays.equals(chunk(i), at(i), end(i), e, 0, length);
        }

        /** The entry whose path is {@code path[from, from + length)}, by position; -1 when none. */
        int find(byte[] path, int from, int length) {
            int[] table = slots();
            int mask = table.length - 1;
            for (int slot = (int) hash(path, from, length) & mask; table[slot] != 0; slot = (slot + 1) & mask) {
                int i = table[slot] - 1;
                if (hasPath(i, path, from, length)) {
                    return i;
                }
            }
            return -1;
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
        long[] offsets = offsets(seen);
        if (offsets == null) {
            return new Unknown("the walk's record is too large to compare entry by entry");
        }
        WalkIndex walk = new WalkIndex(seen, offsets);
        Optional<Outcome> inOrder = diffInOrder(walk, sealed);
        return inOrder.isPresent() ? inOrder.get() : diffByIndex(walk, sealed);
    }

    /**
     * The paths found by streaming the seal past the walk's entries in order (see the class comment): a sealed entry
     * not met at the walk's next positions is kept aside, and at the end compared with the walked entries no sealed
     * one met (by path, through a map of those few), so an entry listed elsewhere in its folder is still no change.
     * Empty when more than {@link #MAX_OUT_OF_STEP} sealed entries are out of step or too many walked ones are left:
     * the index then tells.
     */
    private static Optional<Outcome> diffInOrder(WalkIndex walk, SealedRecord sealed) throws IOException {
        int n = walk.offsets.length;
        int limit = limit(n);
        BitSet matched = new BitSet(n);
        Set<String> paths = new HashSet<>();
        java.util.List<byte[]> aside = new java.util.ArrayList<>();
        int[] next = {0};
        boolean[] giveUp = {false};
        boolean whole = sealed.test(in -> {
            SealedEntries entries = new SealedEntries(in, sealed.length());
            while (entries.next()) {
                byte[] e = entries.bytes;
                int pathLength = QuietRecord.pathLength(e, 0);
                int i = -1;
                for (int k = next[0]; k < Math.min(n, next[0] + LOOKAHEAD); k++) {
                    if (!matched.get(k) && walk.hasPath(k, e, 5, pathLength)) {
                        i = k;
                        break;
                    }
                }
                if (i < 0) {
                    aside.add(Arrays.copyOf(e, entries.length)); // gone, or listed elsewhere: told at the end
                    if (aside.size() > MAX_OUT_OF_STEP) {
                        giveUp[0] = true;
                        return false;
                    }
                    continue;
                }
                next[0] = i + 1; // the walked entries stepped over are told at the end
                matched.set(i);
                if (!walk.same(i, e, entries.length)) {
                    paths.add(new String(e, 5, pathLength, StandardCharsets.UTF_8));
                    if (paths.size() > limit) {
                        giveUp[0] = true;
                        return false;
                    }
                }
            }
            return true;
        });
        if (giveUp[0]) {
            return Optional.empty();
        }
        if (!whole) {
            return Optional.of(new Unknown("the seal could not be read whole"));
        }
        java.util.Map<String, Integer> unmet = new java.util.HashMap<>();
        for (int i = matched.nextClearBit(0); i < n; i = matched.nextClearBit(i + 1)) {
            unmet.put(walk.path(i), i);
            if (unmet.size() > limit + MAX_OUT_OF_STEP) {
                return Optional.empty();
            }
        }
        for (byte[] e : aside) {
            String path = new String(e, 5, QuietRecord.pathLength(e, 0), StandardCharsets.UTF_8);
            Integer i = unmet.remove(path);
            if (i == null || !walk.same(i, e, e.length)) {
                paths.add(path); // gone from the disk, or changed where it is now listed
            }
        }
        paths.addAll(unmet.keySet()); // new on the disk
        return paths.size() > limit ? Optional.empty() : Optional.of(new Differs(walk, paths));
    }

    /** The paths found by streaming the seal past the walk's index (see the class comment). */
    private static Outcome diffByIndex(WalkIndex walk, SealedRecord sealed) throws IOException {
        int n = walk.offsets.length;
        int limit = limit(n);
        BitSet matched = new BitSet(n);
        Set<String> paths = new HashSet<>();
        boolean[] tooMany = {false};
        boolean whole = sealed.test(in -> {
            SealedEntries entries = new SealedEntries(in, sealed.length());
            while (entries.next()) {
                byte[] e = entries.bytes;
                int pathLength = QuietRecord.pathLength(e, 0);
                int i = walk.find(e, 5, pathLength);
                if (i >= 0) {
                    matched.set(i);
                    if (walk.same(i, e, entries.length)) {
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
            paths.add(walk.path(i));
            if (paths.size() > limit) {
                return new Unknown("more than " + limit + " paths differ from the seal");
            }
        }
        return new Differs(walk, paths);
    }

    /** Where each entry of a record starts (see {@link WalkIndex}); null when it has too many for the index. */
    private static long[] offsets(QuietRecord record) throws IOException {
        long[] out = new long[1024];
        int n = 0;
        for (int c = 0; c < record.chunks(); c++) {
            byte[] chunk = record.chunk(c);
            int length = record.chunkLength(c);
            for (int at = 0; at < length; ) {
                int end = QuietRecord.entryEnd(chunk, at, length);
                if (end < 0) {
                    throw new IOException("a quiet record ends inside an entry at " + at + " of chunk " + c);
                }
                if (n == out.length) {
                    if (n >= MAX_ENTRIES) {
                        return null;
                    }
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = (long) c << 32 | at;
                at = end;
            }
        }
        return Arrays.copyOf(out, n);
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
