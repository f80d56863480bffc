package org.oxisync.store.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One connection plus its prepared-statement cache. A session is confined to the thread that holds the
 * database lock for its connection; results are materialised before a method returns, so a cached
 * statement is never in use twice at once.
 */
public final class Session {
    private final Connection connection;
    private final Map<String, PreparedStatement> statements = new HashMap<>();

    Session(Connection connection) {
        this.connection = connection;
    }

    public Connection connection() {
        return connection;
    }

    /** A cached prepared statement for {@code sql}, with its parameters cleared. */
    public PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement ps = statements.get(sql);
        if (ps == null || ps.isClosed()) {
            ps = connection.prepareStatement(sql);
            statements.put(sql, ps);
        } else {
            ps.clearParameters();
        }
        return ps;
    }

    public int update(String sql, Object... args) throws SQLException {
        PreparedStatement ps = prepare(sql);
        bind(ps, args);
        return ps.executeUpdate();
    }

    /** Runs an INSERT and returns the rowid it created. */
    public long insert(String sql, Object... args) throws SQLException {
        update(sql, args);
        return queryOne("SELECT last_insert_rowid()", rs -> rs.getLong(1)).orElseThrow();
    }

    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... args) throws SQLException {
        PreparedStatement ps = prepare(sql);
        bind(ps, args);
        List<T> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(mapper.map(rs));
            }
        }
        return out;
    }

    public <T> Optional<T> queryOne(String sql, RowMapper<T> mapper, Object... args) throws SQLException {
        PreparedStatement ps = prepare(sql);
        bind(ps, args);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.ofNullable(mapper.map(rs)) : Optional.empty();
        }
    }

    public long queryLong(String sql, Object... args) throws SQLException {
        return queryOne(sql, rs -> rs.getLong(1), args).orElse(0L);
    }

    public static void bind(PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a == null) {
                ps.setNull(i + 1, java.sql.Types.NULL);
            } else if (a instanceof Boolean b) {
                ps.setInt(i + 1, b ? 1 : 0);
            } else {
                ps.setObject(i + 1, a);
            }
        }
    }

    /** Reads a nullable INTEGER column. */
    public static Long getLong(ResultSet rs, String column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    void closeStatements() {
        for (PreparedStatement ps : statements.values()) {
            try {
                ps.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
        }
        statements.clear();
    }
}
