package org.oxisync.emulator.store;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import org.oxisync.emulator.http.Json;

/**
 * The tree's state to and from {@code metadata.json} ({@link Model.Snapshot}); the {@link Persister} decides when.
 * Reading happens once, in the tree's constructor; writing under the tree's lock.
 */
final class SnapshotIo {
    private SnapshotIo() {}

    /** Fills an empty tree from a snapshot; returns the snapshot's JWT secret. */
    static String load(Model.Snapshot s, Tree t) {
        s.folders.forEach(t.rows::addFolder);
        s.users.forEach(u -> t.rows.users.put(u.id, u));
        t.sharing.load(s);
        s.files.forEach(f -> {
            t.rows.addFile(f);
            t.sharing.addUsage(f.driveId, f.size);
        });
        s.manifests.forEach(t.contents::load);
        t.contents.countRows();
        t.contents.looseChunks.putAll(s.looseChunks);
        s.sessions.forEach(x -> t.sessions.put(x.token, x));
        s.appPasswords.forEach(x -> t.appPasswords.put(x.id, x));
        s.deviceCodes.forEach(x -> t.deviceCodes.put(x.deviceCode, x));
        return s.jwtSecret;
    }

    /** Serializes the whole state into {@code out} (the manifests map itself, not a copy of it). */
    static void write(Tree t, String jwtSecret, OutputStream out) throws IOException {
        Model.Snapshot s = new Model.Snapshot();
        s.jwtSecret = jwtSecret;
        s.users.addAll(t.rows.users.values());
        s.folders.addAll(t.rows.folders.values());
        s.files.addAll(t.rows.files.values());
        s.manifests = t.contents.manifests;
        s.looseChunks.putAll(t.contents.looseChunks);
        s.sessions.addAll(t.sessions.values());
        s.appPasswords.addAll(t.appPasswords.values());
        s.deviceCodes.addAll(t.deviceCodes.values());
        t.sharing.save(s);
        try (JsonGenerator g = Json.MAPPER.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET); // the persister forces it
            Json.MAPPER.writeValue(g, s);
        }
    }
}
