package org.oxisync.core.engine;

import java.io.BufferedOutputStream;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;
import org.oxisync.core.scan.QuietRecord;
import org.oxisync.core.scan.SealedRecord;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.io.DurableFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.core.pair.PairFiles;

/**
 * What a full run found when local tree, server and journal all agreed: every local entry the scan presented (path,
 * kind, size, mtime, file key, in walk order) and the root folder's tree ETag. While this file exists, nothing has
 * changed since on this machine's side of the pair except what the disk itself shows, so a later full run may
 * compare the disk and the root's ETag with it, and stop there when both are the same (see
 * {@link SyncEngine}'s quiet check): a no-change run then reads neither the journal nor the listing cache.
 *
 * <p>Safety rests on two rules kept by the engine: the seal is written only by a full run that planned nothing
 * (no action, no error, nothing skipped, nothing hashed, no scan problem), from that run's own observations: the
 * reconciler being a pure function of disk, server and journal, and that run having changed none of them, a full
 * run on the same disk and server would plan nothing again; and every run that goes past the quiet check deletes it first, durably (unlinked and the folder
 * fsynced), before it changes anything. A missing, damaged or foreign seal (other pair settings, another format)
 * only means a full run.
 *
 * <p>The seal holds the pair's settings as they were (a seal made under other settings is never used), so that a
 * {@link QuietPrefetch} can start the walk before the store is even open.
 */
public final class QuietSeal {
    private static final Logger LOG = LoggerFactory.getLogger(QuietSeal.class);
    private static final int MAGIC = 0x4f585153; // "OXQS"
    private static final int FORMAT = 2;

    /**
     * The sealed state: the pair as it was configured, the root's tree ETag and the {@link QuietRecord} of the
     * entries, {@code length} bytes kept in {@code file} after its first bytes {@code head} (the format, the pair, the
     * ETag and the length), the file's checksum {@code crc}. The record is not held: a quiet walk compares it where it
     * is kept ({@link #test}), reading the file again, and it counts only when the file still has exactly this head,
     * a whole checksum and the record (at a million files the record is about 70 MB: a no-change run held it beside
     * the walk's own, bench/README.md "A million files").
     */
    record Sealed(FolderPair pair, String rootEtag, Path file, byte[] head, int length, long crc)
            implements SealedRecord {
        @Override
        public boolean test(Comparison compare) {
            try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
                CheckedInputStream in = new CheckedInputStream(raw, new CRC32());
                if (!Arrays.equals(in.readNBytes(head.length), head)) {
                    return false; // another seal since it was read: never its answer
                }
                Limited record = new Limited(in, length);
                if (!compare.sameAs(record)) {
                    return false;
                }
                record.drain();
                long body = in.getChecksum().getValue();
                byte[] trailer = raw.readNBytes(8);
                return trailer.length == 8 && ByteBuffer.wrap(trailer).getLong() == body && body == crc
                        && raw.read() == -1;
            } catch (IOException e) {
                LOG.debug("quiet seal {} could not be compared ({}); running a full sync", file, e.toString());
                return false;
            }
        }

        /** The record's bytes, read from the file (whole and the one sealed, else an IOException). */
        byte[] record() throws IOException {
            byte[][] out = new byte[1][];
            if (!test(in -> (out[0] = in.readNBytes(length)).length == length)) {
                throw new IOException("the quiet seal " + file + " changed since it was read");
            }
            return out[0];
        }
    }

    /** At most {@code left} bytes of a stream, then its end. */
    private static final class Limited extends FilterInputStream {
        private long left;

        Limited(InputStream in, long left) {
            super(in);
            this.left = left;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = super.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = super.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        /** Reads what is left (so that the checksum covers the whole record). */
        void drain() throws IOException {
            byte[] skip = new byte[1 << 16];
            while (read(skip, 0, skip.length) > 0) {
                // counted by the checksum of the stream below
            }
            if (left > 0) {
                throw new IOException("the record ends early");
            }
        }
    }

    /** A stream whose bytes are copied aside while {@code recording}. */
    private static final class Recording extends FilterInputStream {
        final java.io.ByteArrayOutputStream seen = new java.io.ByteArrayOutputStream();
        boolean recording = true;

        Recording(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0 && recording) {
                seen.write(b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0 && recording) {
                seen.write(b, off, n);
            }
            return n;
        }
    }

    private final Path file;

    QuietSeal(Path file) {
        this.file = file;
    }

    /** The seal of one folder pair, beside its remote listing cache in the account's store directory. */
    public static QuietSeal forPair(Path storeDirectory, long pairId) {
        return new QuietSeal(new PairFiles(storeDirectory, pairId).seal());
    }

    /** The seals in a store directory, by file name (no pair needs to be known: see {@link QuietPrefetch}). */
    static List<QuietSeal> allIn(Path storeDirectory) {
        List<QuietSeal> out = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(storeDirectory, PairFiles.SEAL_GLOB)) {
            for (Path p : s) {
                out.add(new QuietSeal(p));
            }
        } catch (IOException e) {
            return List.of(); // no store yet, or unreadable: nothing to start early
        }
        out.sort(Comparator.comparing(q -> q.file.getFileName().toString()));
        return out;
    }

    public Path path() {
        return file;
    }

    /**
     * Writes the seal atomically (temp file, fsync, rename): magic, format, the pair's settings, the root's tree
     * ETag, the record's length and bytes, then a CRC-32 of everything before it.
     */
    void write(FolderPair pair, String rootEtag, byte[] record) throws IOException {
        write(pair, rootEtag, record.length, out -> out.write(record));
    }

    /** Writes the bytes of a record to the seal's stream (see {@link #write(FolderPair, String, long, Record)}). */
    interface Record {
        void writeTo(java.io.OutputStream out) throws IOException;
    }

    /**
     * As {@link #write(FolderPair, String, byte[])}, the record streamed by {@code record} ({@code length} bytes, which
     * it must write exactly) instead of held whole; a record too long for the format is not sealed (an IOException).
     */
    void write(FolderPair pair, String rootEtag, long length, Record record) throws IOException {
        if (length < 0 || length > Integer.MAX_VALUE - 64) {
            throw new IOException("a quiet record of " + length + " bytes does not fit in a seal");
        }
        DurableFiles.replace(file, raw -> {
            CheckedOutputStream checked = new CheckedOutputStream(new BufferedOutputStream(raw, 1 << 16), new CRC32());
            DataOutputStream out = new DataOutputStream(checked);
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            out.writeLong(pair.id());
            string(out, pair.name());
            string(out, pair.localRoot());
            string(out, pair.remoteFolderId());
            string(out, pair.remotePath());
            strings(out, pair.exclusions());
            strings(out, pair.ignorePatterns());
            TreeMap<String, String> settings = new TreeMap<>(pair.settings());
            out.writeInt(settings.size());
            for (Map.Entry<String, String> e : settings.entrySet()) {
                string(out, e.getKey());
                string(out, e.getValue());
            }
            string(out, rootEtag);
            out.writeInt((int) length);
            int before = out.size();
            record.writeTo(out);
            if (out.size() - before != length) {
                throw new IOException("the quiet record wrote " + (out.size() - before) + " bytes, not " + length);
            }
            out.flush();
            out.writeLong(checked.getChecksum().getValue());
            out.flush();
        });
    }

    /** The seal when it exists, is whole and was made for exactly {@code pair}'s settings; empty otherwise. */
    Optional<Sealed> read(FolderPair pair) {
        return read().filter(s -> s.pair().equals(pair));
    }

    /**
     * The seal when it exists and is whole, whatever pair settings it was made for. Read as a stream (its checksum
     * checked), keeping its head and not its record (see {@link Sealed}).
     */
    Optional<Sealed> read() {
        long size;
        InputStream raw;
        try {
            size = Files.size(file);
            raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            LOG.info("quiet seal {} unreadable ({}); running a full sync", file, e.toString());
            return Optional.empty();
        }
        try (raw) {
            if (size < 16) {
                throw new IOException("too short");
            }
            Recording head = new Recording(raw);
            CheckedInputStream checked = new CheckedInputStream(head, new CRC32());
            DataInputStream in = new DataInputStream(checked);
            if (in.readInt() != MAGIC || in.readInt() != FORMAT) {
                return Optional.empty(); // another format: the next full run writes this one
            }
            long id = in.readLong();
            String name = string(in);
            String localRoot = string(in);
            String remoteFolderId = string(in);
            String remotePath = string(in);
            List<String> exclusions = strings(in);
            List<String> ignorePatterns = strings(in);
            int n = in.readInt();
            if (n < 0 || n > size) {
                throw new IOException("bad settings count " + n);
            }
            Map<String, String> settings = new TreeMap<>();
            for (int i = 0; i < n; i++) {
                settings.put(string(in), string(in));
            }
            String rootEtag = string(in);
            int length = in.readInt();
            head.recording = false;
            byte[] headBytes = head.seen.toByteArray();
            if (rootEtag == null || length < 0 || headBytes.length + (long) length + 8 != size) {
                throw new IOException("bad record length " + length);
            }
            Limited record = new Limited(checked, length);
            record.drain(); // through the checksum, a block at a time: the record is not held
            long crc = checked.getChecksum().getValue();
            byte[] trailer = raw.readNBytes(8);
            if (trailer.length != 8 || ByteBuffer.wrap(trailer).getLong() != crc || raw.read() != -1) {
                throw new IOException("checksum mismatch");
            }
            FolderPair sealedPair = new FolderPair(id, name, localRoot, remoteFolderId, remotePath, exclusions,
                    ignorePatterns, settings);
            return Optional.of(new Sealed(sealedPair, rootEtag, file, headBytes, length, crc));
        } catch (IOException | RuntimeException e) {
            LOG.info("quiet seal {} damaged ({}); running a full sync", file, e.toString());
            return Optional.empty();
        }
    }

    /**
     * Removes the seal durably: unlinked, then the folder fsynced, so that no crash can bring back a seal that a
     * changing run had already removed. Nothing to do (no fsync) when there is no seal.
     */
    public void delete() throws IOException {
        if (!Files.deleteIfExists(file)) {
            return;
        }
        try (FileChannel dir = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            // some systems cannot open or fsync a folder; the unlink itself has happened
            LOG.debug("could not fsync {} after removing the quiet seal: {}", file.getParent(), e.toString());
        }
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String string(DataInputStream in) throws IOException {
        int len = in.readInt();
        if (len == -1) {
            return null;
        }
        if (len < 0 || len > in.available()) {
            throw new IOException("bad string length " + len);
        }
        byte[] b = new byte[len];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static void strings(DataOutputStream out, List<String> list) throws IOException {
        out.writeInt(list.size());
        for (String s : list) {
            string(out, s);
        }
    }

    private static List<String> strings(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > in.available()) {
            throw new IOException("bad list length " + n);
        }
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(string(in));
        }
        return out;
    }
}
