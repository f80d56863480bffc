package org.oxisync.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.status.Conflict;
import org.oxisync.store.status.ItemError;
import org.oxisync.store.versions.VersionInfo;
import org.sqlite.SQLiteConfig;

/**
 * A read-only look at an account's local store that works while another OxiSync process (the daemon, the desktop
 * app) holds it: the store's journal is SQLite in WAL mode, where readers never block the writer and always see the
 * last committed state. {@code oxisync status}, {@code pair list}, {@code versions list} and {@code conflicts list}
 * read through this, so they work beside a running daemon or app. It opens no lock, migrates nothing and writes
 * nothing; a store that does not exist yet reads as empty. Its queries follow {@code org.oxisync.store.db.Schema}, in
 * this module, so a migration that changes a table changes them with it.
 */
public final class StoreView implements AutoCloseable {
    private final Connection db;

    private StoreView(Connection db) {
        this.db = db;
    }

    /** Opens the store of {@code accountKey} under {@code dataDir} read-only; an absent store gives an empty view. */
    public static StoreView open(Path dataDir, String accountKey) {
        Path file = LocalStore.directoryOf(dataDir, accountKey).resolve("journal.db");
        if (!Files.isRegularFile(file)) {
            return new StoreView(null);
        }
        org.oxisync.store.db.SqliteNativeLibrary.useCopyIn(dataDir.resolve("native"));
        SQLiteConfig cfg = new SQLiteConfig();
        cfg.setReadOnly(true);
        cfg.setBusyTimeout(10_000);
        try {
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), cfg.toProperties());
            try (var st = c.createStatement()) {
                st.execute("PRAGMA query_only = ON");
            }
            return new StoreView(c);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the local store " + file + ": " + e.getMessage(), e);
        }
    }

    public List<FolderPair> pairs() {
        List<FolderPair> out = new ArrayList<>();
        for (Object[] r : rows("SELECT id, name, local_root, remote_folder_id, remote_path FROM folder_pairs ORDER BY id")) {
            long id = (Long) r[0];
            List<String> excl = strings("SELECT path FROM pair_exclusions WHERE pair_id = ? ORDER BY path", id);
            List<String> ign = strings("SELECT pattern FROM pair_ignores WHERE pair_id = ? ORDER BY seq", id);
            Map<String, String> settings = new TreeMap<>();
            for (Object[] kv : rows("SELECT key, value FROM pair_settings WHERE pair_id = ?", id)) {
                settings.put((String) kv[0], (String) kv[1]);
            }
            out.add(new FolderPair(id, (String) r[1], (String) r[2], (String) r[3], (String) r[4], excl, ign, settings));
        }
        return out;
    }

    public Optional<FolderPair> pairByName(String name) {
        return pairs().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    public List<Conflict> unresolvedConflicts(long pairId) {
        List<Conflict> out = new ArrayList<>();
        for (Object[] r : rows("SELECT id, path, conflict_path, created_ms FROM conflicts"
                + " WHERE pair_id = ? AND resolved_ms IS NULL ORDER BY id", pairId)) {
            out.add(new Conflict((Long) r[0], pairId, (String) r[1], (String) r[2], Instant.ofEpochMilli((Long) r[3]),
                    Optional.empty()));
        }
        return out;
    }

    public List<ItemError> errors(long pairId) {
        List<ItemError> out = new ArrayList<>();
        for (Object[] r : rows("SELECT path, message, attempts, first_ms, last_ms, next_retry_ms FROM item_errors"
                + " WHERE pair_id = ? ORDER BY path", pairId)) {
            out.add(new ItemError(pairId, (String) r[0], (String) r[1], ((Long) r[2]).intValue(),
                    Instant.ofEpochMilli((Long) r[3]), Instant.ofEpochMilli((Long) r[4]), Instant.ofEpochMilli((Long) r[5])));
        }
        return out;
    }

    /** The time and message of the pair's last recorded run. */
    public Optional<Map.Entry<Instant, String>> lastRun(long pairId) {
        return rows("SELECT time_ms, message FROM activity WHERE pair_id = ? AND kind = 'run' ORDER BY id DESC LIMIT 1",
                pairId).stream().findFirst()
                .map(r -> Map.entry(Instant.ofEpochMilli((Long) r[0]), (String) r[1]));
    }

    /** The versions of one path (relative to the pair folder), or of the whole pair when {@code path} is null. */
    public List<VersionInfo> versions(long pairId, String path) {
        List<Object[]> rs = path == null
                ? rows("SELECT id, path, file_hash, size, created_ms FROM versions WHERE pair_id = ?"
                        + " ORDER BY created_ms DESC, id DESC", pairId)
                : rows("SELECT id, path, file_hash, size, created_ms FROM versions WHERE pair_id = ? AND path = ?"
                        + " ORDER BY created_ms DESC, id DESC", pairId, path);
        List<VersionInfo> out = new ArrayList<>();
        for (Object[] r : rs) {
            out.add(new VersionInfo((Long) r[0], pairId, (String) r[1], (String) r[2], (Long) r[3],
                    Instant.ofEpochMilli((Long) r[4])));
        }
        return out;
    }

    private List<String> strings(String sql, Object... args) {
        return rows(sql, args).stream().map(r -> (String) r[0]).toList();
    }

    private List<Object[]> rows(String sql, Object... args) {
        if (db == null) {
            return List.of();
        }
        try (PreparedStatement st = db.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.setObject(i + 1, args[i]);
            }
            List<Object[]> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    Object[] row = new Object[n];
                    for (int i = 0; i < n; i++) {
                        Object v = rs.getObject(i + 1);
                        row[i] = v instanceof Integer x ? Long.valueOf(x) : v;
                    }
                    out.add(row);
                }
            }
            return out;
        } catch (SQLException e) {
            if (e.getMessage() != null && e.getMessage().contains("no such table")) {
                return List.of(); // a store created but not yet migrated
            }
            throw new IllegalStateException("cannot read the local store: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (db != null) {
            try {
                db.close();
            } catch (SQLException e) {
                // read-only: nothing to lose
            }
        }
    }
}
