package org.oxisync.store.account;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.oxisync.store.db.Database;

/** Account-wide key/value settings (per-pair settings live on {@link FolderPair}). Never for secrets. */
public final class Settings {
    private final Database db;

    public Settings(Database db) {
        this.db = db;
    }

    public Optional<String> get(String key) {
        return db.read(s -> s.queryOne("SELECT value FROM settings WHERE key = ?", rs -> rs.getString(1), key));
    }

    public void put(String key, String value) {
        db.write(s -> s.update("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                key, value));
    }

    public boolean remove(String key) {
        return db.write(s -> s.update("DELETE FROM settings WHERE key = ?", key)) > 0;
    }

    public Map<String, String> all() {
        return db.read(s -> {
            Map<String, String> m = new TreeMap<>();
            for (String[] kv : s.query("SELECT key, value FROM settings", rs -> new String[] {rs.getString(1), rs.getString(2)})) {
                m.put(kv[0], kv[1]);
            }
            return m;
        });
    }
}
