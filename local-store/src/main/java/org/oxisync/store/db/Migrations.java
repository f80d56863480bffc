package org.oxisync.store.db;

import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import org.oxisync.store.error.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the numbered, forward-only migrations of {@link Schema}, recording each in
 * {@code schema_migrations}. Each migration runs in its own transaction; a database whose schema is newer
 * than this build knows is refused and left untouched.
 */
public final class Migrations {
    private static final Logger log = LoggerFactory.getLogger(Migrations.class);

    private Migrations() {
    }

    public static List<Migration> all() {
        return Schema.MIGRATIONS;
    }

    public static int latestVersion() {
        return Schema.MIGRATIONS.get(Schema.MIGRATIONS.size() - 1).version();
    }

    /** The highest applied migration, 0 for an empty database. */
    public static int currentVersion(Session session) throws SQLException {
        ensureTable(session);
        return (int) session.queryLong("SELECT coalesce(max(version), 0) FROM schema_migrations");
    }

    /** Migrates up to and including {@code target} (tests use this to build every earlier schema). */
    public static void migrate(Session session, int target, Clock clock) throws SQLException {
        int current = currentVersion(session);
        if (current > latestVersion()) {
            throw new StoreException("the database has schema version " + current
                    + ", newer than this OxiSync supports (" + latestVersion() + "); it was not changed");
        }
        var conn = session.connection();
        for (Migration m : Schema.MIGRATIONS) {
            if (m.version() <= current || m.version() > target) {
                continue;
            }
            boolean auto = conn.getAutoCommit();
            conn.setAutoCommit(false);
            try (Statement st = conn.createStatement()) {
                for (String sql : m.statements()) {
                    st.execute(sql);
                }
                session.update("INSERT INTO schema_migrations (version, description, applied_ms) VALUES (?, ?, ?)",
                        m.version(), m.description(), clock.millis());
                conn.commit();
                log.info("applied database migration {} ({})", m.version(), m.description());
            } catch (SQLException | RuntimeException e) {
                conn.rollback();
                throw e;
            } finally {
                conn.setAutoCommit(auto);
            }
        }
    }

    private static void ensureTable(Session session) throws SQLException {
        try (Statement st = session.connection().createStatement()) {
            st.execute("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                      version INTEGER PRIMARY KEY,
                      description TEXT NOT NULL,
                      applied_ms INTEGER NOT NULL)""");
        }
    }
}
