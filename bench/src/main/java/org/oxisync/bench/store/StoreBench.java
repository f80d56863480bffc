package org.oxisync.bench.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.chunks.ChunkStore;
import org.oxisync.store.db.Database;
import org.oxisync.store.journal.EntryKind;
import org.oxisync.store.journal.JournalEntry;
import org.oxisync.store.journal.RelativePaths;
import org.sqlite.SQLiteConfig;

/**
 * Local store benchmark (a plain main, not JMH: each figure is a whole 100,000-row or 128 MiB run).
 * <ol>
 *   <li>100,000 journal upserts through {@code Journal.upsertAll} (batches of 10,000, one transaction each)
 *       and 100,000 {@code Journal.get} lookups, against the same rows inserted and looked up with raw JDBC
 *       batches on an identical schema and identical pragmas (WAL, synchronous=FULL), in the same run;</li>
 *   <li>chunk store put (hash + temp file + fsync + rename, one directory fsync per batch of 100) and get
 *       throughput for 64 KiB chunks, plus 4 KiB range reads.</li>
 * </ol>
 * Each measurement is the median of {@code -Drounds} (default 3) after one warm-up round.
 * Arguments: optional working folder (default: a temp folder, deleted afterwards).
 */
public final class StoreBench {
    private static final int ROWS = 100_000;
    private static final int BATCH = 10_000;
    private static final int CHUNKS = 1_024;
    private static final int CHUNK_SIZE = 64 * 1024;

    public static void main(String[] args) throws Exception {
        Path work = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("oxisync-store-bench");
        int rounds = Integer.getInteger("rounds", 3);
        try {
            System.out.printf("java %s, %d cpus, %s%n", System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors(), work);
            journal(work, rounds);
            chunks(work, rounds);
        } finally {
            if (args.length == 0) {
                deleteTree(work);
            }
        }
    }

    private static List<JournalEntry> entries(long pairId) {
        List<JournalEntry> out = new ArrayList<>(ROWS);
        Instant mtime = Instant.ofEpochSecond(1_700_000_000L, 123_456_789);
        for (int i = 0; i < ROWS; i++) {
            String path = "folder-" + (i / 500) + "/sub-" + (i / 50 % 10) + "/file-" + i + ".txt";
            out.add(new JournalEntry(pairId, path, EntryKind.FILE, 1000L + i, mtime, "ino:" + i,
                    String.format("%064x", i), "rid-" + i, "etag-" + i, String.format("%064x", i + 1), mtime));
        }
        return out;
    }

    private static void journal(Path work, int rounds) throws Exception {
        long[] upsert = new long[rounds];
        long[] lookup = new long[rounds];
        long[] rawInsert = new long[rounds];
        long[] rawLookup = new long[rounds];
        for (int r = -1; r < rounds; r++) {
            Path dir = work.resolve("journal-" + (r + 1));
            // the store
            try (LocalStore store = LocalStore.open(dir, "bench", Clock.systemUTC())) {
                long pair = store.accounts().savePair(FolderPair.create("bench", "/tmp/bench", "f", "/B")).id();
                List<JournalEntry> rows = entries(pair);
                long t0 = System.nanoTime();
                for (int i = 0; i < ROWS; i += BATCH) {
                    store.journal().upsertAll(rows.subList(i, i + BATCH));
                }
                long t1 = System.nanoTime();
                long found = 0;
                for (JournalEntry e : rows) {
                    found += store.journal().get(pair, e.path()).isPresent() ? 1 : 0;
                }
                long t2 = System.nanoTime();
                check(found == ROWS, "store lookups found " + found);
                if (r >= 0) {
                    upsert[r] = t1 - t0;
                    lookup[r] = t2 - t1;
                }
            }
            // raw JDBC on the same schema and pragmas
            Path rawFile = dir.resolve("raw.db");
            Database.open(rawFile, Clock.systemUTC()).close();
            SQLiteConfig cfg = new SQLiteConfig();
            cfg.setJournalMode(SQLiteConfig.JournalMode.WAL);
            cfg.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
            cfg.enforceForeignKeys(true);
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + rawFile, cfg.toProperties())) {
                try (var st = c.createStatement()) {
                    st.execute("INSERT INTO folder_pairs (id, name, local_root, remote_path) VALUES (1, 'bench', '/tmp/bench', '/B')");
                }
                List<JournalEntry> rows = entries(1);
                List<String[]> derived = new ArrayList<>(ROWS);
                for (JournalEntry e : rows) { // precomputed: the raw baseline does no path work at all
                    derived.add(new String[] {RelativePaths.parent(e.path()), RelativePaths.fold(RelativePaths.name(e.path()))});
                }
                long t0 = System.nanoTime();
                c.setAutoCommit(false);
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO journal (pair_id, path, parent, name_fold, kind, size, "
                        + "mtime_ns, file_key, local_hash, remote_id, remote_etag, remote_hash, last_sync_ms) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
                    for (int i = 0; i < ROWS; i++) {
                        JournalEntry e = rows.get(i);
                        ps.setLong(1, 1);
                        ps.setString(2, e.path());
                        ps.setString(3, derived.get(i)[0]);
                        ps.setString(4, derived.get(i)[1]);
                        ps.setString(5, "FILE");
                        ps.setLong(6, e.size());
                        ps.setLong(7, e.mtime().getEpochSecond() * 1_000_000_000L + e.mtime().getNano());
                        ps.setString(8, e.fileKey());
                        ps.setString(9, e.localHash());
                        ps.setString(10, e.remoteId());
                        ps.setString(11, e.remoteEtag());
                        ps.setString(12, e.remoteHash());
                        ps.setLong(13, e.lastSync().toEpochMilli());
                        ps.addBatch();
                        if ((i + 1) % BATCH == 0) {
                            ps.executeBatch();
                            c.commit();
                        }
                    }
                }
                c.setAutoCommit(true);
                long t1 = System.nanoTime();
                long found = 0;
                try (PreparedStatement ps = c.prepareStatement("SELECT pair_id, path, kind, size, mtime_ns, file_key, local_hash, "
                        + "remote_id, remote_etag, remote_hash, last_sync_ms FROM journal WHERE pair_id = ? AND path = ?")) {
                    for (JournalEntry e : rows) {
                        ps.setLong(1, 1);
                        ps.setString(2, e.path());
                        try (ResultSet rs = ps.executeQuery()) {
                            if (rs.next()) { // the same work as the store: build the entry from the row
                                long mt = rs.getLong(5);
                                JournalEntry got = new JournalEntry(rs.getLong(1), rs.getString(2), EntryKind.valueOf(rs.getString(3)),
                                        rs.getLong(4), Instant.ofEpochSecond(mt / 1_000_000_000L, mt % 1_000_000_000L), rs.getString(6),
                                        rs.getString(7), rs.getString(8), rs.getString(9), rs.getString(10),
                                        Instant.ofEpochMilli(rs.getLong(11)));
                                found += got.size() > 0 ? 1 : 0;
                            }
                        }
                    }
                }
                long t2 = System.nanoTime();
                check(found == ROWS, "raw lookups found " + found);
                if (r >= 0) {
                    rawInsert[r] = t1 - t0;
                    rawLookup[r] = t2 - t1;
                }
            }
            deleteTree(dir);
        }
        long u = median(upsert);
        long ru = median(rawInsert);
        long l = median(lookup);
        long rl = median(rawLookup);
        System.out.printf("journal upsertAll 100,000: %7.0f ms   raw JDBC batch insert: %7.0f ms   ratio %.2f%n", ms(u), ms(ru), (double) u / ru);
        System.out.printf("journal get       100,000: %7.0f ms   raw JDBC select:       %7.0f ms   ratio %.2f%n", ms(l), ms(rl), (double) l / rl);
    }

    private static void chunks(Path work, int rounds) {
        byte[][] data = new byte[CHUNKS][];
        Random rnd = new Random(42);
        for (int i = 0; i < CHUNKS; i++) {
            data[i] = new byte[CHUNK_SIZE];
            rnd.nextBytes(data[i]);
        }
        double mib = (double) CHUNKS * CHUNK_SIZE / (1 << 20);
        long[] put = new long[rounds];
        long[] get = new long[rounds];
        long[] range = new long[rounds];
        for (int r = -1; r < rounds; r++) {
            Path dir = work.resolve("chunks-" + (r + 1));
            ChunkStore store = ChunkStore.open(dir, Clock.systemUTC());
            String[] hashes = new String[CHUNKS];
            long t0 = System.nanoTime();
            for (int i = 0; i < CHUNKS; i += 100) {
                try (ChunkStore.Batch b = store.batch()) {
                    for (int j = i; j < Math.min(CHUNKS, i + 100); j++) {
                        hashes[j] = b.put(data[j]);
                    }
                    b.commit();
                }
            }
            long t1 = System.nanoTime();
            long bytes = 0;
            for (String h : hashes) {
                bytes += store.read(h).length;
            }
            long t2 = System.nanoTime();
            for (int i = 0; i < CHUNKS; i++) {
                bytes += store.read(hashes[i], (i * 4096L) % (CHUNK_SIZE - 4096), (i * 4096L) % (CHUNK_SIZE - 4096) + 4096).length;
            }
            long t3 = System.nanoTime();
            check(bytes == (long) CHUNKS * (CHUNK_SIZE + 4096), "read " + bytes);
            if (r >= 0) {
                put[r] = t1 - t0;
                get[r] = t2 - t1;
                range[r] = t3 - t2;
            }
            deleteTree(dir);
        }
        System.out.printf("chunk put  %d x 64 KiB (batches of 100): %7.0f ms  %6.1f MiB/s  %7.0f chunks/s%n", CHUNKS, ms(median(put)),
                mib / (median(put) / 1e9), CHUNKS / (median(put) / 1e9));
        System.out.printf("chunk get  %d x 64 KiB:                  %7.0f ms  %6.1f MiB/s  %7.0f chunks/s%n", CHUNKS, ms(median(get)),
                mib / (median(get) / 1e9), CHUNKS / (median(get) / 1e9));
        System.out.printf("range read %d x 4 KiB [start, end):       %7.0f ms  %7.0f reads/s%n", CHUNKS, ms(median(range)),
                CHUNKS / (median(range) / 1e9));
    }

    private static long median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("benchmark self-check failed: " + what);
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
