package org.oxisync.store.status;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.oxisync.store.db.Database;
import org.oxisync.store.journal.RelativePaths;

/** Per-item errors with attempt counts and exponential backoff; a success clears the item. */
public final class ItemErrors {
    private final Database db;
    private final Clock clock;
    private final Backoff backoff;

    public ItemErrors(Database db, Clock clock, Backoff backoff) {
        this.db = db;
        this.clock = clock;
        this.backoff = backoff;
    }

    /** Records a failure: one more attempt, next retry after the backoff delay. */
    public ItemError recordFailure(long pairId, String path, String message) {
        return recordFailure(pairId, path, message, null, java.util.Map.of());
    }

    /** Records a failure of the kind {@code code} (with its values), as {@link #recordFailure(long, String, String)}. */
    public ItemError recordFailure(long pairId, String path, String message, String code,
                                   java.util.Map<String, String> args) {
        String p = RelativePaths.normalize(path);
        String storedArgs = StoredArgs.encode(args);
        long now = clock.millis();
        return db.write(s -> {
            int attempts = (int) s.queryLong("SELECT attempts FROM item_errors WHERE pair_id = ? AND path = ?", pairId, p) + 1;
            long next = now + backoff.delayAfter(attempts).toMillis();
            s.update("INSERT INTO item_errors (pair_id, path, message, attempts, first_ms, last_ms, next_retry_ms, code, "
                    + "args) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (pair_id, path) DO UPDATE SET "
                    + "message = excluded.message, attempts = excluded.attempts, last_ms = excluded.last_ms, "
                    + "next_retry_ms = excluded.next_retry_ms, code = excluded.code, args = excluded.args",
                    pairId, p, message, attempts, now, now, next, code, storedArgs);
            return s.queryOne("SELECT * FROM item_errors WHERE pair_id = ? AND path = ?", ItemErrors::map, pairId, p).orElseThrow();
        });
    }

    public boolean clear(long pairId, String path) {
        String p = RelativePaths.normalize(path);
        return db.write(s -> s.update("DELETE FROM item_errors WHERE pair_id = ? AND path = ?", pairId, p)) > 0;
    }

    public Optional<ItemError> get(long pairId, String path) {
        String p = RelativePaths.normalize(path);
        return db.read(s -> s.queryOne("SELECT * FROM item_errors WHERE pair_id = ? AND path = ?", ItemErrors::map, pairId, p));
    }

    /** True when the item failed before and its backoff has not yet elapsed. */
    public boolean isBackingOff(long pairId, String path) {
        return get(pairId, path).map(e -> e.nextRetry().isAfter(clock.instant())).orElse(false);
    }

    public List<ItemError> list(long pairId) {
        return db.read(s -> s.query("SELECT * FROM item_errors WHERE pair_id = ? ORDER BY path", ItemErrors::map, pairId));
    }

    /** Items whose retry time has come. */
    public List<ItemError> due(long pairId) {
        return db.read(s -> s.query("SELECT * FROM item_errors WHERE pair_id = ? AND next_retry_ms <= ? ORDER BY next_retry_ms",
                ItemErrors::map, pairId, clock.millis()));
    }

    private static ItemError map(ResultSet rs) throws SQLException {
        return new ItemError(rs.getLong("pair_id"), rs.getString("path"), rs.getString("message"), rs.getInt("attempts"),
                Instant.ofEpochMilli(rs.getLong("first_ms")), Instant.ofEpochMilli(rs.getLong("last_ms")),
                Instant.ofEpochMilli(rs.getLong("next_retry_ms")), rs.getString("code"),
                StoredArgs.decode(rs.getString("args")));
    }
}
