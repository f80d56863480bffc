package org.oxisync.store.status;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.oxisync.store.db.Database;
import org.oxisync.store.db.Session;

/** A bounded activity log: each append trims it to the newest {@code capacity} rows. */
public final class ActivityLog {
    public static final int DEFAULT_CAPACITY = 10_000;

    private final Database db;
    private final Clock clock;
    private final int capacity;

    public ActivityLog(Database db, Clock clock, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.db = db;
        this.clock = clock;
        this.capacity = capacity;
    }

    public void append(Long pairId, String kind, String path, String message) {
        append(pairId, kind, path, message, null, java.util.Map.of());
    }

    /** A line of the kind {@code code} (client-core's ActivityCode name) with its values and its English sentence. */
    public void append(Long pairId, String kind, String path, String message, String code,
                       java.util.Map<String, String> args) {
        long now = clock.millis();
        String storedArgs = StoredArgs.encode(args);
        db.write(s -> {
            long id = s.insert("INSERT INTO activity (time_ms, pair_id, kind, path, message, code, args) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?)", now, pairId, kind, path, message, code, storedArgs);
            s.update("DELETE FROM activity WHERE id <= ?", id - capacity);
            return null;
        });
    }

    /** The newest {@code limit} entries, newest first. */
    public List<Activity> recent(int limit) {
        return db.read(s -> s.query("SELECT * FROM activity ORDER BY id DESC LIMIT ?", ActivityLog::map, limit));
    }

    /** The line {@code id}, if the log still holds it. */
    public java.util.Optional<Activity> get(long id) {
        return db.read(s -> s.queryOne("SELECT * FROM activity WHERE id = ?", ActivityLog::map, id));
    }

    /** The newest {@code limit} lines of kind {@code code} (of one pair, or of all when null), newest first. */
    public List<Activity> recentOf(String code, Long pairId, int limit) {
        return pairId == null
                ? db.read(s -> s.query("SELECT * FROM activity WHERE code = ? ORDER BY id DESC LIMIT ?",
                        ActivityLog::map, code, limit))
                : db.read(s -> s.query("SELECT * FROM activity WHERE code = ? AND pair_id = ? ORDER BY id DESC LIMIT ?",
                        ActivityLog::map, code, pairId, limit));
    }

    /**
     * The lines of a pair after the newest line of kind {@code code} before {@code id}, up to and with {@code id},
     * oldest first: a run's item lines and its own closing line, when {@code code} is the run line's kind.
     */
    public List<Activity> sinceLastOf(String code, long pairId, long id) {
        return db.read(s -> {
            long from = s.queryOne("SELECT max(id) AS m FROM activity WHERE pair_id = ? AND code = ? AND id < ?",
                    rs -> rs.getLong("m"), pairId, code, id).orElse(0L);
            return s.query("SELECT * FROM activity WHERE pair_id = ? AND id > ? AND id <= ? ORDER BY id",
                    ActivityLog::map, pairId, from, id);
        });
    }

    public long size() {
        return db.read(s -> s.queryLong("SELECT count(*) FROM activity"));
    }

    private static Activity map(ResultSet rs) throws SQLException {
        return new Activity(rs.getLong("id"), Instant.ofEpochMilli(rs.getLong("time_ms")), Session.getLong(rs, "pair_id"),
                rs.getString("kind"), rs.getString("path"), rs.getString("message"), rs.getString("code"),
                StoredArgs.decode(rs.getString("args")));
    }
}
