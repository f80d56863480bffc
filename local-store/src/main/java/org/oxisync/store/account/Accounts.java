package org.oxisync.store.account;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.db.Database;
import org.oxisync.store.db.Session;

/** The account row and its folder pairs (with exclusions, ignore patterns and per-pair settings). */
public final class Accounts {
    private final Database db;

    public Accounts(Database db) {
        this.db = db;
    }

    public void saveAccount(Account a) {
        db.write(s -> s.update("INSERT INTO account (id, server_url, user_name, drive_id, root_folder_id) "
                + "VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET server_url = excluded.server_url, "
                + "user_name = excluded.user_name, drive_id = excluded.drive_id, root_folder_id = excluded.root_folder_id",
                a.serverUrl(), a.user(), a.driveId(), a.rootFolderId()));
    }

    public Optional<Account> account() {
        return db.read(s -> s.queryOne("SELECT server_url, user_name, drive_id, root_folder_id FROM account WHERE id = 1",
                rs -> new Account(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4))));
    }

    /** Inserts ({@code id == 0}) or updates a pair with all its lists and settings; returns it with its id. */
    public FolderPair savePair(FolderPair p) {
        return db.write(s -> {
            long id = p.id();
            if (id == 0) {
                id = s.insert("INSERT INTO folder_pairs (name, local_root, remote_folder_id, remote_path) VALUES (?, ?, ?, ?)",
                        p.name(), p.localRoot(), p.remoteFolderId(), p.remotePath());
            } else if (s.update("UPDATE folder_pairs SET name = ?, local_root = ?, remote_folder_id = ?, remote_path = ? WHERE id = ?",
                    p.name(), p.localRoot(), p.remoteFolderId(), p.remotePath(), id) == 0) {
                throw new StoreException("no folder pair with id " + id);
            }
            s.update("DELETE FROM pair_exclusions WHERE pair_id = ?", id);
            for (String e : p.exclusions()) {
                s.update("INSERT INTO pair_exclusions (pair_id, path) VALUES (?, ?)", id, e);
            }
            s.update("DELETE FROM pair_ignores WHERE pair_id = ?", id);
            int seq = 0;
            for (String pattern : p.ignorePatterns()) {
                s.update("INSERT INTO pair_ignores (pair_id, seq, pattern) VALUES (?, ?, ?)", id, seq++, pattern);
            }
            s.update("DELETE FROM pair_settings WHERE pair_id = ?", id);
            for (Map.Entry<String, String> e : new TreeMap<>(p.settings()).entrySet()) {
                s.update("INSERT INTO pair_settings (pair_id, key, value) VALUES (?, ?, ?)", id, e.getKey(), e.getValue());
            }
            return p.withId(id);
        });
    }

    public Optional<FolderPair> pair(long id) {
        return db.read(s -> {
            Optional<FolderPair> base = s.queryOne("SELECT * FROM folder_pairs WHERE id = ?", Accounts::mapBase, id);
            return base.isEmpty() ? base : Optional.of(complete(s, base.get()));
        });
    }

    public Optional<FolderPair> pairByName(String name) {
        return db.read(s -> {
            Optional<FolderPair> base = s.queryOne("SELECT * FROM folder_pairs WHERE name = ?", Accounts::mapBase, name);
            return base.isEmpty() ? base : Optional.of(complete(s, base.get()));
        });
    }

    public List<FolderPair> pairs() {
        return db.read(s -> {
            List<FolderPair> out = new java.util.ArrayList<>();
            for (FolderPair p : s.query("SELECT * FROM folder_pairs ORDER BY id", Accounts::mapBase)) {
                out.add(complete(s, p));
            }
            return out;
        });
    }

    /**
     * Removes a pair with its journal, transfers, errors, conflicts and chunk locations. Its saved versions
     * are removed too; their chunks go at the next garbage collection.
     */
    public boolean removePair(long id) {
        return db.write(s -> {
            s.update("DELETE FROM transfer_chunks WHERE transfer_id IN (SELECT id FROM transfers WHERE pair_id = ?)", id);
            s.update("DELETE FROM transfers WHERE pair_id = ?", id);
            s.update("DELETE FROM versions WHERE pair_id = ?", id);
            return s.update("DELETE FROM folder_pairs WHERE id = ?", id) > 0;
        });
    }

    private static FolderPair complete(Session s, FolderPair p) throws SQLException {
        List<String> excl = s.query("SELECT path FROM pair_exclusions WHERE pair_id = ? ORDER BY path", rs -> rs.getString(1), p.id());
        List<String> ign = s.query("SELECT pattern FROM pair_ignores WHERE pair_id = ? ORDER BY seq", rs -> rs.getString(1), p.id());
        Map<String, String> settings = new TreeMap<>();
        for (String[] kv : s.query("SELECT key, value FROM pair_settings WHERE pair_id = ?",
                rs -> new String[] {rs.getString(1), rs.getString(2)}, p.id())) {
            settings.put(kv[0], kv[1]);
        }
        return new FolderPair(p.id(), p.name(), p.localRoot(), p.remoteFolderId(), p.remotePath(), excl, ign, settings);
    }

    private static FolderPair mapBase(ResultSet rs) throws SQLException {
        return new FolderPair(rs.getLong("id"), rs.getString("name"), rs.getString("local_root"),
                rs.getString("remote_folder_id"), rs.getString("remote_path"), List.of(), List.of(), Map.of());
    }
}
