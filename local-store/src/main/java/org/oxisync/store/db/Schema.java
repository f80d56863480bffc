package org.oxisync.store.db;

import java.util.List;

/**
 * The schema, as numbered forward-only migrations. A released migration is never edited: changes are new
 * migrations appended here. The schema was staged in four steps from the start so every step is tested
 * from the schema before it (see MigrationsTest).
 *
 * <p>Conventions: paths are relative, '/'-separated and NFC; times are epoch milliseconds ({@code *_ms}),
 * file mtimes epoch nanoseconds ({@code mtime_ns}); hashes lowercase BLAKE3 hex. TEXT comparisons use
 * SQLite's BINARY collation, so the (pair, path) key is case-sensitive like the server's.
 */
final class Schema {
    private Schema() {
    }

    static final List<Migration> MIGRATIONS = List.of(
            new Migration(1, "accounts, folder pairs, settings, journal", List.of(
                    """
                    CREATE TABLE account (
                      id INTEGER PRIMARY KEY CHECK (id = 1),
                      server_url TEXT NOT NULL,
                      user_name TEXT NOT NULL,
                      drive_id TEXT,
                      root_folder_id TEXT)""",
                    """
                    CREATE TABLE folder_pairs (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      name TEXT NOT NULL UNIQUE,
                      local_root TEXT NOT NULL,
                      remote_folder_id TEXT,
                      remote_path TEXT NOT NULL)""",
                    """
                    CREATE TABLE pair_exclusions (
                      pair_id INTEGER NOT NULL REFERENCES folder_pairs(id) ON DELETE CASCADE,
                      path TEXT NOT NULL,
                      PRIMARY KEY (pair_id, path)) WITHOUT ROWID""",
                    """
                    CREATE TABLE pair_ignores (
                      pair_id INTEGER NOT NULL REFERENCES folder_pairs(id) ON DELETE CASCADE,
                      seq INTEGER NOT NULL,
                      pattern TEXT NOT NULL,
                      PRIMARY KEY (pair_id, seq)) WITHOUT ROWID""",
                    """
                    CREATE TABLE pair_settings (
                      pair_id INTEGER NOT NULL REFERENCES folder_pairs(id) ON DELETE CASCADE,
                      key TEXT NOT NULL,
                      value TEXT NOT NULL,
                      PRIMARY KEY (pair_id, key)) WITHOUT ROWID""",
                    """
                    CREATE TABLE settings (
                      key TEXT PRIMARY KEY,
                      value TEXT NOT NULL) WITHOUT ROWID""",
                    """
                    CREATE TABLE journal (
                      pair_id INTEGER NOT NULL REFERENCES folder_pairs(id) ON DELETE CASCADE,
                      path TEXT NOT NULL,
                      parent TEXT NOT NULL,
                      name_fold TEXT NOT NULL,
                      kind TEXT NOT NULL CHECK (kind IN ('FILE', 'FOLDER', 'SYMLINK')),
                      size INTEGER NOT NULL,
                      mtime_ns INTEGER,
                      file_key TEXT,
                      local_hash TEXT,
                      remote_id TEXT,
                      remote_etag TEXT,
                      remote_hash TEXT,
                      last_sync_ms INTEGER,
                      PRIMARY KEY (pair_id, path)) WITHOUT ROWID""",
                    "CREATE INDEX journal_by_parent ON journal (pair_id, parent, name_fold)")),

            new Migration(2, "chunk index, manifests, transfer resume state", List.of(
                    """
                    CREATE TABLE chunks (
                      hash TEXT PRIMARY KEY,
                      size INTEGER NOT NULL CHECK (size >= 0),
                      ref_count INTEGER NOT NULL DEFAULT 0 CHECK (ref_count >= 0)) WITHOUT ROWID""",
                    """
                    CREATE TABLE manifests (
                      file_hash TEXT PRIMARY KEY,
                      size INTEGER NOT NULL,
                      chunk_count INTEGER NOT NULL,
                      ref_count INTEGER NOT NULL DEFAULT 0 CHECK (ref_count >= 0),
                      created_ms INTEGER NOT NULL) WITHOUT ROWID""",
                    """
                    CREATE TABLE manifest_chunks (
                      file_hash TEXT NOT NULL REFERENCES manifests(file_hash) ON DELETE CASCADE,
                      seq INTEGER NOT NULL,
                      chunk_hash TEXT NOT NULL REFERENCES chunks(hash),
                      offset INTEGER NOT NULL,
                      length INTEGER NOT NULL,
                      PRIMARY KEY (file_hash, seq)) WITHOUT ROWID""",
                    "CREATE INDEX manifest_chunks_by_chunk ON manifest_chunks (chunk_hash)",
                    """
                    CREATE TABLE chunk_local (
                      chunk_hash TEXT NOT NULL REFERENCES chunks(hash),
                      pair_id INTEGER NOT NULL REFERENCES folder_pairs(id) ON DELETE CASCADE,
                      path TEXT NOT NULL,
                      offset INTEGER NOT NULL,
                      size INTEGER NOT NULL,
                      mtime_ns INTEGER,
                      file_key TEXT,
                      PRIMARY KEY (chunk_hash, pair_id, path, offset)) WITHOUT ROWID""",
                    "CREATE INDEX chunk_local_by_file ON chunk_local (pair_id, path)",
                    """
                    CREATE TABLE transfers (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      direction TEXT NOT NULL CHECK (direction IN ('UPLOAD', 'DOWNLOAD')),
                      pair_id INTEGER NOT NULL REFERENCES folder_pairs(id) ON DELETE CASCADE,
                      path TEXT NOT NULL,
                      file_hash TEXT NOT NULL REFERENCES manifests(file_hash),
                      size INTEGER NOT NULL,
                      staging_path TEXT,
                      created_ms INTEGER NOT NULL,
                      updated_ms INTEGER NOT NULL,
                      UNIQUE (pair_id, path, direction))""",
                    """
                    CREATE TABLE transfer_chunks (
                      transfer_id INTEGER NOT NULL REFERENCES transfers(id) ON DELETE CASCADE,
                      chunk_hash TEXT NOT NULL REFERENCES chunks(hash),
                      state TEXT NOT NULL CHECK (state IN ('NEGOTIATED', 'UPLOADED', 'STAGED')),
                      staged_offset INTEGER,
                      updated_ms INTEGER NOT NULL,
                      PRIMARY KEY (transfer_id, chunk_hash)) WITHOUT ROWID""",
                    "CREATE INDEX transfer_chunks_by_chunk ON transfer_chunks (chunk_hash)",
                    // chunk reference counts: occurrences in pinned manifests + pending transfer rows
                    """
                    CREATE TRIGGER manifest_pinned AFTER UPDATE OF ref_count ON manifests
                    WHEN OLD.ref_count = 0 AND NEW.ref_count > 0 BEGIN
                      UPDATE chunks SET ref_count = ref_count + (SELECT count(*) FROM manifest_chunks m
                          WHERE m.file_hash = NEW.file_hash AND m.chunk_hash = chunks.hash)
                      WHERE hash IN (SELECT chunk_hash FROM manifest_chunks WHERE file_hash = NEW.file_hash);
                    END""",
                    """
                    CREATE TRIGGER manifest_unpinned AFTER UPDATE OF ref_count ON manifests
                    WHEN OLD.ref_count > 0 AND NEW.ref_count = 0 BEGIN
                      UPDATE chunks SET ref_count = ref_count - (SELECT count(*) FROM manifest_chunks m
                          WHERE m.file_hash = NEW.file_hash AND m.chunk_hash = chunks.hash)
                      WHERE hash IN (SELECT chunk_hash FROM manifest_chunks WHERE file_hash = NEW.file_hash);
                    END""",
                    """
                    CREATE TRIGGER transfer_chunk_added AFTER INSERT ON transfer_chunks BEGIN
                      UPDATE chunks SET ref_count = ref_count + 1 WHERE hash = NEW.chunk_hash;
                    END""",
                    """
                    CREATE TRIGGER transfer_chunk_removed AFTER DELETE ON transfer_chunks BEGIN
                      UPDATE chunks SET ref_count = ref_count - 1 WHERE hash = OLD.chunk_hash;
                    END""",
                    """
                    CREATE TRIGGER transfer_added AFTER INSERT ON transfers BEGIN
                      UPDATE manifests SET ref_count = ref_count + 1 WHERE file_hash = NEW.file_hash;
                    END""",
                    """
                    CREATE TRIGGER transfer_removed AFTER DELETE ON transfers BEGIN
                      UPDATE manifests SET ref_count = ref_count - 1 WHERE file_hash = OLD.file_hash;
                    END""")),

            new Migration(3, "versions, item errors, conflicts, activity log", List.of(
                    """
                    CREATE TABLE versions (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      pair_id INTEGER NOT NULL REFERENCES folder_pairs(id),
                      path TEXT NOT NULL,
                      file_hash TEXT NOT NULL REFERENCES manifests(file_hash),
                      size INTEGER NOT NULL,
                      created_ms INTEGER NOT NULL)""",
                    "CREATE INDEX versions_by_path ON versions (pair_id, path, created_ms)",
                    "CREATE INDEX versions_by_time ON versions (created_ms)",
                    """
                    CREATE TRIGGER version_added AFTER INSERT ON versions BEGIN
                      UPDATE manifests SET ref_count = ref_count + 1 WHERE file_hash = NEW.file_hash;
                    END""",
                    """
                    CREATE TRIGGER version_removed AFTER DELETE ON versions BEGIN
                      UPDATE manifests SET ref_count = ref_count - 1 WHERE file_hash = OLD.file_hash;
                    END""",
                    """
                    CREATE TABLE item_errors (
                      pair_id INTEGER NOT NULL REFERENCES folder_pairs(id) ON DELETE CASCADE,
                      path TEXT NOT NULL,
                      message TEXT NOT NULL,
                      attempts INTEGER NOT NULL,
                      first_ms INTEGER NOT NULL,
                      last_ms INTEGER NOT NULL,
                      next_retry_ms INTEGER NOT NULL,
                      PRIMARY KEY (pair_id, path)) WITHOUT ROWID""",
                    """
                    CREATE TABLE conflicts (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      pair_id INTEGER NOT NULL REFERENCES folder_pairs(id) ON DELETE CASCADE,
                      path TEXT NOT NULL,
                      conflict_path TEXT NOT NULL,
                      created_ms INTEGER NOT NULL,
                      resolved_ms INTEGER)""",
                    "CREATE INDEX conflicts_open ON conflicts (pair_id, resolved_ms)",
                    """
                    CREATE TABLE activity (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      time_ms INTEGER NOT NULL,
                      pair_id INTEGER,
                      kind TEXT NOT NULL,
                      path TEXT,
                      message TEXT NOT NULL)""")),

            new Migration(4, "journal lookup by remote id", List.of(
                    "CREATE INDEX journal_by_remote_id ON journal (pair_id, remote_id) WHERE remote_id IS NOT NULL")),

            // the kind of an error or an activity line (client-core's ReasonCode / ActivityCode) and its values,
            // so that a UI translates it by kind; NULL in rows written before (shown with their English message)
            new Migration(5, "reason codes of item errors and activity lines", List.of(
                    "ALTER TABLE item_errors ADD COLUMN code TEXT",
                    "ALTER TABLE item_errors ADD COLUMN args TEXT",
                    "ALTER TABLE activity ADD COLUMN code TEXT",
                    "ALTER TABLE activity ADD COLUMN args TEXT")),

            // a run started by the watcher reads only the folders around the saved paths; a file found at a new
            // place is looked up by its file key to find where it was moved from (client-core engine/RunScope)
            new Migration(6, "journal lookup by file key", List.of(
                    "CREATE INDEX journal_by_file_key ON journal (pair_id, file_key) WHERE file_key IS NOT NULL")));
}
