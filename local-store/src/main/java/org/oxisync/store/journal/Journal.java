package org.oxisync.store.journal;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.store.db.Database;
import org.oxisync.store.db.Session;
import org.oxisync.store.db.Times;

/**
 * The sync journal: one row per (pair, path), case-sensitive and NFC like the server's names.
 * {@link #upsertAll} writes a whole batch in one transaction with one JDBC batch.
 */
public final class Journal {
    private static final String COLUMNS = "pair_id, path, parent, name_fold, kind, size, mtime_ns, file_key, "
            + "local_hash, remote_id, remote_etag, remote_hash, last_sync_ms";
    static final String UPSERT = "INSERT INTO journal (" + COLUMNS + ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) "
            + "ON CONFLICT (pair_id, path) DO UPDATE SET kind = excluded.kind, size = excluded.size, "
            + "mtime_ns = excluded.mtime_ns, file_key = excluded.file_key, local_hash = excluded.local_hash, "
            + "remote_id = excluded.remote_id, remote_etag = excluded.remote_etag, "
            + "remote_hash = excluded.remote_hash, last_sync_ms = excluded.last_sync_ms";
    private static final String SELECTED = "SELECT pair_id, path, kind, size, mtime_ns, file_key, local_hash, "
            + "remote_id, remote_etag, remote_hash, last_sync_ms ";
    private static final String SELECT = SELECTED + "FROM journal ";
    private static final String GET = SELECT + "WHERE pair_id = ? AND path = ?";
    /**
     * Without INDEXED BY, SQLite (no statistics) reads a pair's rows through the primary key for this query, one
     * full pass per lookup: the engine looks up every recorded row by remote id, so a first sync of N files cost
     * O(N²) (20,000 files: most of the run). The index comes from migration 4.
     */
    static final String BY_REMOTE_ID = SELECTED + "FROM journal INDEXED BY journal_by_remote_id "
            + "WHERE pair_id = ? AND remote_id = ? LIMIT 1";

    private static final String SELECT_BY_PARENT = SELECTED + "FROM journal INDEXED BY journal_by_parent "
            + "WHERE pair_id = ? AND parent = ?";

    private final Database db;

    public Journal(Database db) {
        this.db = db;
    }

    public void upsert(JournalEntry entry) {
        db.write(s -> {
            PreparedStatement ps = s.prepare(UPSERT);
            bind(ps, entry);
            ps.executeUpdate();
            return null;
        });
    }

    /** Inserts or replaces all entries atomically: either all are written or none. */
    public void upsertAll(Collection<JournalEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        db.write(s -> {
            PreparedStatement ps = s.prepare(UPSERT);
            for (JournalEntry e : entries) {
                bind(ps, e);
                ps.addBatch();
            }
            ps.executeBatch();
            return null;
        });
    }

    private static void bind(PreparedStatement ps, JournalEntry e) throws SQLException {
        String parent = RelativePaths.parent(e.path());
        Session.bind(ps, e.pairId(), e.path(), parent, RelativePaths.fold(RelativePaths.name(e.path())),
                e.kind().name(), e.size(), Times.toNanos(e.mtime()), e.fileKey(),
                e.localHash(), e.remoteId(), e.remoteEtag(), e.remoteHash(),
                e.lastSync() == null ? null : e.lastSync().toEpochMilli());
    }

    public Optional<JournalEntry> get(long pairId, String path) {
        String p = RelativePaths.normalize(path);
        return db.read(s -> s.queryOne(GET, Journal::map, pairId, p));
    }

    public Optional<JournalEntry> findByRemoteId(long pairId, String remoteId) {
        return db.read(s -> s.queryOne(BY_REMOTE_ID, Journal::map, pairId, remoteId));
    }

    /** The direct children of {@code parent} ("" for the pair's root), by path. */
    public List<JournalEntry> children(long pairId, String parent) {
        String p = parent.isEmpty() ? "" : RelativePaths.normalize(parent);
        return db.read(s -> s.query(SELECT + "WHERE pair_id = ? AND parent = ? ORDER BY path", Journal::map, pairId, p));
    }

    /** Every entry of a pair, ordered by path (parents before children). */
    public List<JournalEntry> all(long pairId) {
        return db.read(s -> s.query(SELECT + "WHERE pair_id = ? ORDER BY path", Journal::map, pairId));
    }

    /**
     * Every entry of a pair, ordered by path, each turned into the caller's form by {@code convert} as it is read:
     * only the converted values are held, never the whole tree twice (at 100,000 rows the store's own rows, with
     * their two {@code Instant}s and separate hash strings, were about 30 MB more at the run's peak).
     */
    public <T> List<T> all(long pairId, java.util.function.Function<JournalEntry, T> convert) {
        return db.read(s -> s.query(SELECT + "WHERE pair_id = ? ORDER BY path", rs -> convert.apply(map(rs)), pairId));
    }

    /** Paths of the pair's entries with file key {@code fileKey} (moves: where a file found elsewhere was), by path. */
    public List<String> pathsWithFileKey(long pairId, String fileKey) {
        return db.read(s -> s.query("SELECT path FROM journal INDEXED BY journal_by_file_key WHERE pair_id = ? "
                + "AND file_key = ? AND file_key IS NOT NULL ORDER BY path", rs -> rs.getString(1), pairId, fileKey));
    }

    /**
     * The entries of a part of the pair, ordered by path, each turned into the caller's form as it is read: the direct
     * children of each of {@code childrenOf} ("" for the root), each of {@code subtrees} with everything below it,
     * and each of {@code rows} alone; every entry once. For a run that reads only some folders of a large pair
     * (each part through an index: no pass over the pair's rows).
     */
    public <T> List<T> within(long pairId, Collection<String> childrenOf, Collection<String> subtrees,
                              Collection<String> rows, java.util.function.Function<JournalEntry, T> convert) {
        return db.read(s -> {
            // SQLite's BINARY order of UTF-8 text, which is code point order (ORDER BY path, as all() reads)
            java.util.TreeMap<String, T> out = new java.util.TreeMap<>(Journal::byCodePoints);
            java.util.function.Function<JournalEntry, T> keep = convert;
            for (String f : childrenOf) {
                String p = f.isEmpty() ? "" : RelativePaths.normalize(f);
                for (JournalEntry e : s.query(SELECT_BY_PARENT, Journal::map, pairId, p)) {
                    out.computeIfAbsent(e.path(), k -> keep.apply(e));
                }
            }
            for (String t : subtrees) {
                String p = RelativePaths.normalize(t);
                for (JournalEntry e : s.query(SELECT + "WHERE pair_id = ? AND path >= ? AND path < ?", Journal::map,
                        pairId, p + "/", p + "0")) {
                    out.computeIfAbsent(e.path(), k -> keep.apply(e));
                }
            }
            java.util.Set<String> single = new java.util.HashSet<>(rows);
            for (String t : subtrees) {
                single.add(t);
            }
            for (String r : single) {
                String p = r.isEmpty() ? "" : RelativePaths.normalize(r);
                if (!out.containsKey(p)) {
                    s.queryOne(GET, Journal::map, pairId, p).ifPresent(e -> out.put(e.path(), keep.apply(e)));
                }
            }
            return new ArrayList<>(out.values());
        });
    }

    private static int byCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** How many file entries (not folders or links) the pair has. */
    public long countFiles(long pairId) {
        return db.read(s -> s.queryLong("SELECT count(*) FROM journal WHERE pair_id = ? AND kind = 'FILE'", pairId));
    }

    /** Whether the pair has no entry (one row read, not a count). */
    public boolean isEmpty(long pairId) {
        return db.read(s -> s.queryOne("SELECT 1 FROM journal WHERE pair_id = ? LIMIT 1", rs -> rs.getInt(1), pairId))
                .isEmpty();
    }

    public long count(long pairId) {
        return db.read(s -> s.queryLong("SELECT count(*) FROM journal WHERE pair_id = ?", pairId));
    }

    public boolean delete(long pairId, String path) {
        String p = RelativePaths.normalize(path);
        return db.write(s -> s.update("DELETE FROM journal WHERE pair_id = ? AND path = ?", pairId, p)) > 0;
    }

    /** Everything strictly below {@code path}, by path (a range of the primary key, not a scan of the pair). */
    public List<JournalEntry> descendants(long pairId, String path) {
        String p = RelativePaths.normalize(path);
        return db.read(s -> s.query(SELECT + "WHERE pair_id = ? AND path >= ? AND path < ? ORDER BY path", Journal::map,
                pairId, p + "/", p + "0"));
    }

    /** Deletes {@code path} and everything below it; returns the number of rows removed. */
    public int deleteTree(long pairId, String path) {
        String p = RelativePaths.normalize(path);
        // descendants sort in [p + "/", p + "0") because '0' follows '/' in code-point order. Two statements: with
        // "path = ? OR (range)" SQLite searched the index by pair_id only, a scan of the pair's rows per call.
        return db.write(s -> s.update("DELETE FROM journal WHERE pair_id = ? AND path = ?", pairId, p)
                + s.update("DELETE FROM journal WHERE pair_id = ? AND path >= ? AND path < ?", pairId, p + "/", p + "0"));
    }

    /** Entries in the same folder whose names equal {@code path}'s name ignoring case, excluding itself. */
    public List<JournalEntry> caseVariantsOf(long pairId, String path) {
        String p = RelativePaths.normalize(path);
        return db.read(s -> s.query(SELECT + "WHERE pair_id = ? AND parent = ? AND name_fold = ? AND path <> ? ORDER BY path",
                Journal::map, pairId, RelativePaths.parent(p), RelativePaths.fold(RelativePaths.name(p)), p));
    }

    /** Groups of names in one folder that collide case-insensitively. */
    public List<CaseCollision> caseCollisions(long pairId, String parent) {
        String par = parent.isEmpty() ? "" : RelativePaths.normalize(parent);
        return collisions(pairId, "AND parent = ?", par);
    }

    /** All case-insensitive collisions in a pair. */
    public List<CaseCollision> caseCollisions(long pairId) {
        return collisions(pairId, "", null);
    }

    private List<CaseCollision> collisions(long pairId, String filter, String parent) {
        String sql = "SELECT j.parent, j.path FROM journal j JOIN (SELECT parent, name_fold FROM journal "
                + "WHERE pair_id = ? " + filter + " GROUP BY parent, name_fold HAVING count(*) > 1) d "
                + "ON j.parent = d.parent AND j.name_fold = d.name_fold WHERE j.pair_id = ? "
                + "ORDER BY j.parent, j.name_fold, j.path";
        Object[] args = parent == null ? new Object[] {pairId, pairId} : new Object[] {pairId, parent, pairId};
        return db.read(s -> {
            Map<String, List<String>> groups = new LinkedHashMap<>();
            Map<String, String> parents = new LinkedHashMap<>();
            for (String[] row : s.query(sql, rs -> new String[] {rs.getString(1), rs.getString(2)}, args)) {
                String key = row[0] + "/" + RelativePaths.fold(RelativePaths.name(row[1]));
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(row[1]);
                parents.put(key, row[0]);
            }
            List<CaseCollision> out = new ArrayList<>();
            groups.forEach((k, paths) -> out.add(new CaseCollision(pairId, parents.get(k), paths)));
            return out;
        });
    }

    private static JournalEntry map(ResultSet rs) throws SQLException {
        // by column index, in SELECT's order: name lookups cost more than the row itself
        long mtime = rs.getLong(5);
        Long mtimeNs = rs.wasNull() ? null : mtime;
        long sync = rs.getLong(11);
        Long syncMs = rs.wasNull() ? null : sync;
        return new JournalEntry(rs.getLong(1), rs.getString(2), EntryKind.valueOf(rs.getString(3)), rs.getLong(4),
                Times.fromNanos(mtimeNs), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
                rs.getString(10), Times.fromMillis(syncMs));
    }
}
