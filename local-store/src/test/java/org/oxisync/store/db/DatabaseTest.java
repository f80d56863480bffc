package org.oxisync.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.error.StoreException;
import org.oxisync.testing.ManualClock;

class DatabaseTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(Instant.parse("2026-01-02T03:04:05Z"));

    @Test
    void opensInWalModeAtTheLatestSchema() {
        try (Database db = Database.open(dir.resolve("j.db"), clock)) {
            assertEquals("wal", db.read(s -> s.queryOne("PRAGMA journal_mode", rs -> rs.getString(1)).orElseThrow()));
            assertEquals(Migrations.latestVersion(), db.schemaVersion());
            assertEquals("ok", db.quickCheck());
            assertFalse(db.needsRebuild());
        }
    }

    @Test
    void aFailureInsideANestedWriteRollsBackTheWholeOuterTransaction() {
        try (Database db = Database.open(dir.resolve("j.db"), clock)) {
            assertThrows(IllegalStateException.class, () -> db.write(s -> {
                s.update("INSERT INTO settings (key, value) VALUES ('a', '1')");
                db.write(inner -> inner.update("INSERT INTO settings (key, value) VALUES ('b', '2')"));
                throw new IllegalStateException("boom mid-batch");
            }));
            assertEquals(0L, (long) db.read(s -> s.queryLong("SELECT count(*) FROM settings")));
        }
    }

    @Test
    void aSwallowedNestedFailureStillRollsBackTheOuterTransaction() {
        try (Database db = Database.open(dir.resolve("j.db"), clock)) {
            StoreException e = assertThrows(StoreException.class, () -> db.write(s -> {
                s.update("INSERT INTO settings (key, value) VALUES ('a', '1')");
                try {
                    db.write(inner -> inner.update("INSERT INTO settings (key, value) VALUES ('a', '2')"));
                } catch (StoreException expected) {
                    // the inner step failed (duplicate key); the batch must not half-commit
                }
                return null;
            }));
            assertTrue(e.getMessage().contains("rolled back"));
            assertEquals(0L, (long) db.read(s -> s.queryLong("SELECT count(*) FROM settings")));
        }
    }

    @Test
    void readsInsideAWriteSeeItsUncommittedRowsAndOtherReadersDoNot() throws Exception {
        try (Database db = Database.open(dir.resolve("j.db"), clock)) {
            db.write(s -> {
                s.update("INSERT INTO settings (key, value) VALUES ('k', 'v')");
                assertEquals(1L, (long) db.read(r -> r.queryLong("SELECT count(*) FROM settings")));
                long[] seenByOtherThread = new long[1];
                Thread t = new Thread(() -> seenByOtherThread[0] = (long) db.read(r -> r.queryLong("SELECT count(*) FROM settings")));
                t.start();
                try {
                    t.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                assertEquals(0L, seenByOtherThread[0]);
                return null;
            });
            assertEquals(1L, (long) db.read(s -> s.queryLong("SELECT count(*) FROM settings")));
        }
    }

    @Test
    void aFileThatIsNotADatabaseIsMovedAsideAndReplacedWithAFreshOne() throws Exception {
        Path file = dir.resolve("journal.db");
        Files.write(file, "this is definitely not an sqlite database, just garbage bytes......".repeat(100)
                .getBytes(StandardCharsets.US_ASCII));
        byte[] garbage = Files.readAllBytes(file);
        try (Database db = Database.open(file, clock)) {
            assertTrue(db.needsRebuild());
            Database.CorruptionNotice n = db.corruption().orElseThrow();
            assertEquals(dir.resolve("journal.db.corrupt-20260102T030405Z"), n.movedTo());
            assertTrue(n.message().contains("damaged") && n.message().contains(n.movedTo().toString()), n.message());
            assertTrue(n.message().contains("rebuild"), n.message());
            assertArrayEquals(garbage, Files.readAllBytes(n.movedTo()));
            assertEquals("ok", db.quickCheck());
            assertEquals(Migrations.latestVersion(), db.schemaVersion());
            db.write(s -> s.update("INSERT INTO settings (key, value) VALUES ('usable', 'yes')"));
        }
        try (Database again = Database.open(file, clock)) {
            assertFalse(again.needsRebuild(), "the fresh database is healthy on the next open");
        }
    }

    @Test
    void aDatabaseWithDamagedPagesFailsQuickCheckAndIsKeptAside() throws Exception {
        Path file = dir.resolve("journal.db");
        fillAndDamage(file);
        Files.delete(dir.resolve("journal.db.health")); // nothing known about the file: it is checked
        try (Database db = Database.open(file, clock)) {
            assertTrue(db.needsRebuild());
            assertTrue(Files.exists(db.corruption().orElseThrow().movedTo()));
            assertEquals(0L, (long) db.read(s -> s.queryLong("SELECT count(*) FROM settings")));
        }
        assertEquals(2, Files.list(dir).filter(p -> p.getFileName().toString().startsWith("journal.db")
                && !p.getFileName().toString().matches(".*(-wal|-shm|\\.health)$")).count());
    }

    @Test
    void aCleanlyClosedDatabaseCheckedWithinADayIsOpenedWithoutTheFullCheck() throws Exception {
        Path file = dir.resolve("journal.db");
        fillAndDamage(file); // damage the check would find, made behind the store's back after a clean close
        clock.advance(Duration.ofHours(23));
        try (Database db = Database.open(file, clock)) {
            assertFalse(db.needsRebuild(), "no check ran, so nothing was moved aside");
        }
        assertEquals(List.of(), Files.list(dir).filter(p -> p.toString().contains("corrupt")).toList());
    }

    @Test
    void aDatabaseLastCheckedADayAgoIsCheckedAgainAtOpen() throws Exception {
        Path file = dir.resolve("journal.db");
        fillAndDamage(file);
        clock.advance(Duration.ofHours(24));
        try (Database db = Database.open(file, clock)) {
            assertTrue(db.needsRebuild());
        }
    }

    @Test
    void aDatabaseTheLastProcessDidNotCloseIsCheckedAtOpen() throws Exception {
        Path file = dir.resolve("journal.db");
        fillAndDamage(file);
        Database crashed = Database.open(file, clock); // "open" recorded; never closed, as after a kill
        try (Database db = Database.open(file, clock)) {
            assertTrue(db.needsRebuild(), "the unclosed database was checked and moved aside");
        } finally {
            crashed.close();
        }
    }

    @Test
    void aCorruptionMetInUseMakesTheNextOpenCheckAndKeepTheFileAside() throws Exception {
        Path file = dir.resolve("journal.db");
        fillAndDamage(file);
        try (Database db = Database.open(file, clock)) { // within the interval: not checked
            assertFalse(db.needsRebuild());
            StoreException e = assertThrows(StoreException.class,
                    () -> db.read(s -> s.query("SELECT value FROM settings", rs -> rs.getString(1))));
            assertTrue(e.getMessage().contains("malformed"), e.getMessage());
        }
        try (Database db = Database.open(file, clock)) {
            assertTrue(db.needsRebuild(), "the damage met in use made this open check the file");
            assertTrue(Files.exists(db.corruption().orElseThrow().movedTo()));
        }
    }

    @Test
    void aMissingOrGarbledHealthFileMeansACheck() throws Exception {
        Path file = dir.resolve("journal.db");
        fillAndDamage(file);
        Files.writeString(dir.resolve("journal.db.health"), "clean yesterday\n");
        try (Database db = Database.open(file, clock)) {
            assertTrue(db.needsRebuild());
        }
    }

    /** 2,000 rows, a clean close, then 8 KiB of junk over the middle pages (page 1 with the header stays intact). */
    private void fillAndDamage(Path file) throws Exception {
        try (Database db = Database.open(file, clock)) {
            db.write(s -> {
                for (int i = 0; i < 2000; i++) {
                    s.update("INSERT INTO settings (key, value) VALUES (?, ?)", "key-" + i, "value-".repeat(20) + i);
                }
                return null;
            });
        }
        checkpoint(file);
        long size = Files.size(file);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            byte[] junk = new byte[8192];
            java.util.Arrays.fill(junk, (byte) 0x5A);
            raf.seek(size / 2);
            raf.write(junk);
        }
    }

    @Test
    void aDatabaseFromANewerOxiSyncIsRefusedAndLeftUntouched() throws Exception {
        Path file = dir.resolve("journal.db");
        try (Database db = Database.open(file, clock)) {
            db.write(s -> s.update("INSERT INTO schema_migrations (version, description, applied_ms) VALUES (?, 'future', 0)",
                    Migrations.latestVersion() + 1));
        }
        StoreException e = assertThrows(StoreException.class, () -> Database.open(file, clock));
        assertTrue(e.getMessage().contains("newer"), e.getMessage());
        assertTrue(Files.exists(file));
        assertEquals(List.of(), Files.list(dir).filter(p -> p.toString().contains("corrupt")).toList());
    }

    private static void checkpoint(Path file) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = c.createStatement()) {
            st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        }
    }

    private static void assertArrayEquals(byte[] a, byte[] b) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(a, b);
    }
}
