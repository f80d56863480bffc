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

    public long size() {
        return db.read(s -> s.queryLong("SELECT count(*) FROM activity"));
    }

    private static Activity map(ResultSet rs) throws SQLException {
        return new Activity(rs.getLong("id"), Instant.ofEpochMilli(rs.getLong("time_ms")), Session.getLong(rs, "pair_id"),
                rs.getString("kind"), rs.getString("path"), rs.getString("message"), rs.getString("code"),
                StoredArgs.decode(rs.getString("args")));
    }
}
