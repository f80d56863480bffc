package org.oxisync.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.testing.ManualClock;

/** Every migration is applied to a database at the schema before it, holding data that must survive. */
class MigrationsTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(Instant.parse("2026-03-01T00:00:00Z"));

    static IntStream earlierVersions() {
        return IntStream.range(0, Migrations.latestVersion());
    }

    @ParameterizedTest(name = "from schema {0}")
    @MethodSource("earlierVersions")
    void migratingFromAnEarlierSchemaKeepsItsDataAndReachesTheLatest(int from) {
        Path file = dir.resolve("j.db");
        try (Database old = Database.open(file, clock, from)) {
            assertEquals(from, old.schemaVersion());
            seed(old, from);
        }
        try (Database db = Database.open(file, clock)) {
            assertEquals(Migrations.latestVersion(), db.schemaVersion());
            List<Integer> recorded = db.read(s -> s.query("SELECT version FROM schema_migrations ORDER BY version", rs -> rs.getInt(1)));
            assertEquals(IntStream.rangeClosed(1, Migrations.latestVersion()).boxed().toList(), recorded);
            verifySeed(db, from);
            exerciseLatest(db);
            assertEquals("ok", db.quickCheck());
        }
    }

    @Test
    void eachMigrationStepAppliesExactlyOnceFromThePreviousSchema() {
        Path file = dir.resolve("steps.db");
        for (int v = 1; v <= Migrations.latestVersion(); v++) {
            try (Database db = Database.open(file, clock, v)) {
                assertEquals(v, db.schemaVersion());
            }
        }
        try (Database db = Database.open(file, clock)) {
            assertEquals((long) Migrations.latestVersion(), (long) db.read(s -> s.queryLong("SELECT count(*) FROM schema_migrations")));
        }
    }

    private static void seed(Database db, int version) {
        db.write(s -> {
            if (version >= 1) {
                s.update("INSERT INTO account (id, server_url, user_name) VALUES (1, 'https://cloud.example', 'ann')");
                s.update("INSERT INTO folder_pairs (id, name, local_root, remote_path) VALUES (7, 'docs', '/home/ann/Docs', '/Docs')");
                s.update("INSERT INTO journal (pair_id, path, parent, name_fold, kind, size, remote_id) VALUES (7, 'a/b.txt', 'a', 'b.txt', 'FILE', 3, 'r1')");
            }
            if (version >= 2) {
                s.update("INSERT INTO chunks (hash, size) VALUES (?, 3)", "c".repeat(64));
                s.update("INSERT INTO manifests (file_hash, size, chunk_count, created_ms) VALUES (?, 3, 1, 0)", "f".repeat(64));
                s.update("INSERT INTO manifest_chunks (file_hash, seq, chunk_hash, offset, length) VALUES (?, 0, ?, 0, 3)", "f".repeat(64), "c".repeat(64));
                s.update("INSERT INTO transfers (direction, pair_id, path, file_hash, size, created_ms, updated_ms) VALUES ('UPLOAD', 7, 'a/b.txt', ?, 3, 0, 0)", "f".repeat(64));
            }
            if (version >= 3) {
                s.update("INSERT INTO versions (pair_id, path, file_hash, size, created_ms) VALUES (7, 'a/b.txt', ?, 3, 5)", "f".repeat(64));
                s.update("INSERT INTO activity (time_ms, kind, message) VALUES (1, 'sync', 'hello')");
            }
            return null;
        });
    }

    private static void verifySeed(Database db, int version) {
        db.read(s -> {
            if (version >= 1) {
                assertEquals("ann", s.queryOne("SELECT user_name FROM account", rs -> rs.getString(1)).orElseThrow());
                assertEquals("r1", s.queryOne("SELECT remote_id FROM journal WHERE pair_id = 7 AND path = 'a/b.txt'", rs -> rs.getString(1)).orElseThrow());
            }
            if (version >= 2) {
                // the transfer pins its manifest, which pins the chunk
                assertEquals(version >= 3 ? 2 : 1, s.queryLong("SELECT ref_count FROM manifests"));
                assertEquals(1, s.queryLong("SELECT ref_count FROM chunks"));
            }
            if (version >= 3) {
                assertEquals(1, s.queryLong("SELECT count(*) FROM versions"));
                assertEquals(1, s.queryLong("SELECT count(*) FROM activity"));
            }
            return null;
        });
    }

    /** Uses a table or index from each migration on the migrated database. */
    private static void exerciseLatest(Database db) {
        db.write(s -> {
            s.update("INSERT OR IGNORE INTO folder_pairs (id, name, local_root, remote_path) VALUES (9, 'pics', '/p', '/P')");
            s.update("INSERT INTO journal (pair_id, path, parent, name_fold, kind, size, remote_id) VALUES (9, 'x', '', 'x', 'FILE', 1, 'rid-9')");
            s.update("INSERT INTO chunks (hash, size) VALUES (?, 1) ON CONFLICT DO NOTHING", "d".repeat(64));
            s.update("INSERT INTO item_errors (pair_id, path, message, attempts, first_ms, last_ms, next_retry_ms) VALUES (9, 'x', 'm', 1, 0, 0, 0)");
            return null;
        });
        String plan = db.read(s -> String.join(" ", s.query(
                "EXPLAIN QUERY PLAN SELECT path FROM journal WHERE pair_id = 9 AND remote_id = 'rid-9'", rs -> rs.getString(4))));
        assertTrue(plan.contains("journal_by_remote_id"), plan);
    }
}
