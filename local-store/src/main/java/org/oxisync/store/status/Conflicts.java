package org.oxisync.store.status;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.oxisync.store.db.Database;
import org.oxisync.store.db.Session;
import org.oxisync.store.journal.RelativePaths;

/** Conflicts recorded by the engine, listed for the UI and CLI until resolved. */
public final class Conflicts {
    private final Database db;
    private final Clock clock;

    public Conflicts(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public Conflict record(long pairId, String path, String conflictCopyPath) {
        String p = RelativePaths.normalize(path);
        String c = RelativePaths.normalize(conflictCopyPath);
        long now = clock.millis();
        long id = db.write(s -> s.insert("INSERT INTO conflicts (pair_id, path, conflict_path, created_ms) VALUES (?, ?, ?, ?)",
                pairId, p, c, now));
        return new Conflict(id, pairId, p, c, Instant.ofEpochMilli(now), Optional.empty());
    }

    public boolean resolve(long id) {
        return db.write(s -> s.update("UPDATE conflicts SET resolved_ms = ? WHERE id = ? AND resolved_ms IS NULL", clock.millis(), id)) > 0;
    }

    public List<Conflict> unresolved(long pairId) {
        return db.read(s -> s.query("SELECT * FROM conflicts WHERE pair_id = ? AND resolved_ms IS NULL ORDER BY id", Conflicts::map, pairId));
    }

    public List<Conflict> all(long pairId) {
        return db.read(s -> s.query("SELECT * FROM conflicts WHERE pair_id = ? ORDER BY id", Conflicts::map, pairId));
    }

    private static Conflict map(ResultSet rs) throws SQLException {
        Long resolved = Session.getLong(rs, "resolved_ms");
        return new Conflict(rs.getLong("id"), rs.getLong("pair_id"), rs.getString("path"), rs.getString("conflict_path"),
                Instant.ofEpochMilli(rs.getLong("created_ms")), Optional.ofNullable(resolved).map(Instant::ofEpochMilli));
    }
}
