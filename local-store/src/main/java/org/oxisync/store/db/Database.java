package org.oxisync.store.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.oxisync.store.error.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * One SQLite database file in WAL mode with a single writer connection and one reader connection.
 *
 * <p>Writes go through {@link #write}: one transaction per outermost call; nested calls on the same thread
 * join it, so a caller can group several repository calls into one atomic batch. Any exception rolls the
 * whole outermost transaction back. Reads outside a write use the reader connection (WAL lets it run beside
 * the writer); reads on a thread inside a write use the writer, so they see its uncommitted rows.
 *
 * <p>At open, {@code PRAGMA quick_check} runs when there is reason to doubt the file (see {@link HealthFile}: the
 * last process did not close it, met a corruption error, or the last check is a day old); a database that fails
 * it (or is not a database at all) is moved aside as {@code <name>.corrupt-<timestamp>} (with its -wal/-shm files, never deleted) and a fresh
 * one is created; {@link #needsRebuild()} then tells the engine to rebuild from a scan plus the server listing.
 */
public final class Database implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Database.class);

    private final Path file;
    private final Session writer;
    private final Session reader;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ReentrantLock readLock = new ReentrantLock();
    private final Optional<CorruptionNotice> corruption;
    private final HealthFile health;
    private final Instant checkedAt;
    private volatile boolean corruptionSeen;
    private int depth;
    private boolean rollbackOnly;
    private volatile boolean closed;

    private Database(Path file, Connection writer, Connection reader, Optional<CorruptionNotice> corruption,
                     HealthFile health, Instant checkedAt) {
        this.file = file;
        this.writer = new Session(writer);
        this.reader = new Session(reader);
        this.corruption = corruption;
        this.health = health;
        this.checkedAt = checkedAt;
    }

    /** What happened to a corrupt database found at open. */
    public record CorruptionNotice(Path movedTo, String reason, String message) {
    }

    /** Opens (creating if absent) and migrates to the latest schema. */
    public static Database open(Path file, Clock clock) {
        return open(file, clock, Migrations.latestVersion());
    }

    /** Opens and migrates up to {@code targetVersion}; for migration tests. */
    public static Database open(Path file, Clock clock, int targetVersion) {
        try {
            org.oxisync.store.io.OwnerOnly.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new StoreException("cannot create the folder of database " + file, e);
        }
        Optional<CorruptionNotice> notice = Optional.empty();
        HealthFile health = new HealthFile(file);
        Instant now = clock.instant();
        Optional<HealthFile.State> last = health.read();
        boolean exists = Files.exists(file);
        boolean mustCheck = exists && last.map(st -> st.needsCheck(now)).orElse(true);
        Optional<String> problem = mustCheck ? check(file) : Optional.empty();
        Instant checkedAt = mustCheck || !exists ? now : last.orElseThrow().checkedAt();
        if (problem.isPresent()) {
            Path moved = moveAside(file, clock);
            String message = "The sync database " + file + " was damaged (" + problem.get() + "). It was kept as "
                    + moved + " and a new one was created; the next sync rebuilds it from a fresh scan of the "
                    + "local folders and the server listing. No files are touched by this.";
            log.warn(message);
            notice = Optional.of(new CorruptionNotice(moved, problem.get(), message));
        }
        Connection w = null;
        Connection r = null;
        try {
            // made 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database file's mode
            org.oxisync.store.io.OwnerOnly.createFile(file);
            org.oxisync.store.io.OwnerOnly.tighten(file); // one an older version made 0644
            w = connect(file);
            Migrations.migrate(new Session(w), targetVersion, clock);
            r = connect(file);
            try (Statement st = r.createStatement()) {
                st.execute("PRAGMA query_only = ON");
            }
            // durably "open" before any use: a crash from here on makes the next open check the file
            health.write(new HealthFile.State(false, checkedAt));
            return new Database(file, w, r, notice, health, checkedAt);
        } catch (IOException e) {
            closeQuietly(w);
            closeQuietly(r);
            throw new StoreException("cannot write " + health.path() + ": " + e.getMessage(), e);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(w);
            closeQuietly(r);
            if (e instanceof StoreException se) {
                throw se;
            }
            throw new StoreException("cannot open database " + file + ": " + e.getMessage(), e);
        }
    }

    private static Connection connect(Path file) throws SQLException {
        SQLiteConfig cfg = new SQLiteConfig();
        cfg.setJournalMode(SQLiteConfig.JournalMode.WAL);
        // FULL: a committed batch survives power loss too; batches are large, so one fsync each is cheap.
        cfg.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        cfg.enforceForeignKeys(true);
        cfg.setBusyTimeout(10_000);
        return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), cfg.toProperties());
    }

    /** Empty when the file is absent or passes quick_check; otherwise the reason. */
    static Optional<String> check(Path file) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try (Connection c = connect(file); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("PRAGMA quick_check")) {
            List<String> lines = new ArrayList<>();
            while (rs.next()) {
                lines.add(rs.getString(1));
            }
            if (lines.size() == 1 && "ok".equals(lines.get(0))) {
                return Optional.empty();
            }
            return Optional.of("quick_check: " + String.join("; ", lines.subList(0, Math.min(3, lines.size()))));
        } catch (SQLException e) {
            if (isCorruption(e)) {
                return Optional.of(e.getMessage());
            }
            throw new StoreException("cannot check database " + file + ": " + e.getMessage(), e);
        }
    }

    private static boolean isCorruption(SQLException e) {
        if (e instanceof SQLiteException se) {
            SQLiteErrorCode code = se.getResultCode();
            int primary = code.code & 0xff;
            return primary == SQLiteErrorCode.SQLITE_CORRUPT.code || primary == SQLiteErrorCode.SQLITE_NOTADB.code;
        }
        return false;
    }

    private static Path moveAside(Path file, Clock clock) {
        String stamp = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
                .withZone(java.time.ZoneOffset.UTC).format(clock.instant());
        String suffix = ".corrupt-" + stamp;
        int n = 1;
        while (Files.exists(file.resolveSibling(file.getFileName() + suffix))) {
            suffix = ".corrupt-" + stamp + "-" + (++n);
        }
        Path target = file.resolveSibling(file.getFileName() + suffix);
        try {
            Files.move(file, target);
            for (String side : List.of("-wal", "-shm")) {
                Path p = file.resolveSibling(file.getFileName() + side);
                if (Files.exists(p)) {
                    Files.move(p, file.resolveSibling(file.getFileName() + side + suffix));
                }
            }
        } catch (IOException e) {
            throw new StoreException("the database " + file + " is damaged and could not be moved aside", e);
        }
        return target;
    }

    public Path file() {
        return file;
    }

    /** True when the database was found corrupt at open and replaced by an empty one. */
    public boolean needsRebuild() {
        return corruption.isPresent();
    }

    public Optional<CorruptionNotice> corruption() {
        return corruption;
    }

    /**
     * Runs {@code work} in a write transaction. The outermost call commits; nested calls join. An exception
     * anywhere rolls back everything done since the outermost call began.
     */
    public <T> T write(SqlWork<T> work) {
        writeLock.lock();
        try {
            ensureOpen();
            Connection c = writer.connection();
            boolean outer = depth == 0;
            if (outer) {
                rollbackOnly = false;
                c.setAutoCommit(false);
            }
            depth++;
            boolean ok = false;
            try {
                T result = work.run(writer);
                ok = true;
                return result;
            } finally {
                depth--;
                if (!ok) {
                    rollbackOnly = true;
                }
                if (outer) {
                    finish(c, ok);
                }
            }
        } catch (SQLException e) {
            noteCorruption(e);
            throw new StoreException("database write failed: " + e.getMessage(), e);
        } finally {
            writeLock.unlock();
        }
    }

    private void finish(Connection c, boolean ok) throws SQLException {
        try {
            if (ok && !rollbackOnly) {
                c.commit();
            } else {
                c.rollback();
                if (ok) {
                    throw new StoreException("transaction rolled back: a nested step failed");
                }
            }
        } finally {
            c.setAutoCommit(true);
        }
    }

    /** Runs a read; inside a write on this thread it sees that write's uncommitted rows. */
    public <T> T read(SqlWork<T> work) {
        if (writeLock.isHeldByCurrentThread()) {
            try {
                return work.run(writer);
            } catch (SQLException e) {
                noteCorruption(e);
                throw new StoreException("database read failed: " + e.getMessage(), e);
            }
        }
        readLock.lock();
        try {
            ensureOpen();
            return work.run(reader);
        } catch (SQLException e) {
            noteCorruption(e);
            throw new StoreException("database read failed: " + e.getMessage(), e);
        } finally {
            readLock.unlock();
        }
    }

    /** A corruption error met in use: the file is checked (and moved aside if damaged) at the next open. */
    private void noteCorruption(SQLException e) {
        if (isCorruption(e) && !corruptionSeen) {
            corruptionSeen = true;
            log.warn("the sync database {} reported damage ({}); it is checked when next opened", file, e.getMessage());
        }
    }

    /** {@code PRAGMA quick_check} on the live database: "ok" or the problems found. */
    public String quickCheck() {
        return read(s -> String.join("; ", s.query("PRAGMA quick_check", rs -> rs.getString(1))));
    }

    public int schemaVersion() {
        return read(Migrations::currentVersion);
    }

    private void ensureOpen() {
        if (closed) {
            throw new StoreException("the database " + file + " is closed");
        }
    }

    @Override
    public void close() {
        writeLock.lock();
        readLock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            reader.closeStatements();
            writer.closeStatements();
            closeQuietly(reader.connection());
            closeQuietly(writer.connection());
            if (!corruptionSeen) {
                try {
                    health.write(new HealthFile.State(true, checkedAt));
                } catch (IOException e) {
                    log.warn("could not record the clean close of {} ({}); the next open checks it", file, e.toString());
                }
            }
        } finally {
            readLock.unlock();
            writeLock.unlock();
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                log.debug("closing a connection failed", e);
            }
        }
    }
}
