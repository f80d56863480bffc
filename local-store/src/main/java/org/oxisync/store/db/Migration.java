package org.oxisync.store.db;

import java.util.List;

/** One numbered, forward-only schema step: its statements run in one transaction. */
public record Migration(int version, String description, List<String> statements) {
    public Migration {
        if (version < 1) {
            throw new IllegalArgumentException("migration versions start at 1");
        }
        statements = List.copyOf(statements);
    }
}
