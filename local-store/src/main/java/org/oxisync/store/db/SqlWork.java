package org.oxisync.store.db;

import java.sql.SQLException;

/** Work done with a {@link Session}, inside a transaction (writes) or on the read connection. */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Session session) throws SQLException;
}
