package org.oxisync.core.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.FolderPair;

/**
 * A pair's {@link PairRights} kept in its settings (the store's {@code pair_settings} rows: no schema change). An
 * absent or unknown value means the old behaviour: two-way, owner (and
 * the defaults are not written). The refusals are one line per refused write,
 * {@code FINGERPRINT TAB PATH}.
 */
public final class PairRightsSettings {
    public static final String MODE = "sync.mode";
    public static final String KEEP_REMOTE_DELETES = "sync.keep-remote-deletes";
    public static final String ROLE = "sync.role";
    public static final String REFUSED = "sync.refused";

    private PairRightsSettings() {}

    public static PairRights read(FolderPair pair) {
        Map<String, String> s = pair.settings();
        SyncMode mode = SyncMode.fromWire(s.get(MODE)).orElse(SyncMode.TWO_WAY);
        Role role = Role.fromWire(s.get(ROLE)).orElse(Role.OWNER);
        boolean keep = Boolean.parseBoolean(s.getOrDefault(KEEP_REMOTE_DELETES, "false"));
        Map<String, String> refused = new HashMap<>();
        for (String line : s.getOrDefault(REFUSED, "").split("\n")) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                refused.put(line.substring(tab + 1), line.substring(0, tab));
            }
        }
        return new PairRights(mode, role, keep, refused);
    }

    /** The pair with these rights in its settings (the other settings unchanged). */
    public static FolderPair write(FolderPair pair, PairRights rights) {
        Map<String, String> s = new HashMap<>(pair.settings());
        // the defaults are not written: a pair that never chose leaves its settings (and its quiet seal) as they were
        putOrRemove(s, MODE, rights.mode() == SyncMode.TWO_WAY ? null : rights.mode().wireName());
        putOrRemove(s, ROLE, rights.role() == Role.OWNER ? null : rights.role().wireName());
        if (rights.keepRemoteDeletes()) {
            s.put(KEEP_REMOTE_DELETES, "true");
        } else {
            s.remove(KEEP_REMOTE_DELETES);
        }
        if (rights.refused().isEmpty()) {
            s.remove(REFUSED);
        } else {
            StringBuilder b = new StringBuilder();
            new TreeMap<>(rights.refused()).forEach((path, fp) -> b.append(fp).append('\t').append(path).append('\n'));
            s.put(REFUSED, b.toString());
        }
        return pair.withSettings(s);
    }

    private static void putOrRemove(Map<String, String> s, String key, String value) {
        if (value == null) {
            s.remove(key);
        } else {
            s.put(key, value);
        }
    }
}
