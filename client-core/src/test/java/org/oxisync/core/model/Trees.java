package org.oxisync.core.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.oxisync.core.testing.TreeSnapshots;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.TrashItemDto;
import org.oxisync.protocol.TrashPageDto;
import org.oxisync.store.hash.Blake3;

/** Snapshots of both sides for the model's checks: path → content hash, folders as {@code "path/"} → "". */
final class Trees {
    private Trees() {}

    /** A remote file as the other device sees it. */
    record RemoteFile(String id, String hash) {}

    static Map<String, String> local(Path root) {
        return TreeSnapshots.local(root);
    }

    static String hashOf(Path p) {
        return TreeSnapshots.hashOf(p);
    }

    /** Remote tree in the same shape as {@link #local(Path)}. */
    static Map<String, String> remote(RemoteClient r) {
        return TreeSnapshots.remote(r);
    }

    /** Remote entries: files with their id and hash, folders ({@code "path/"}) with null. */
    static Map<String, RemoteFile> remoteFiles(RemoteClient r) {
        Map<String, RemoteFile> out = new TreeMap<>();
        TreeSnapshots.walkRemote(r, p -> out.put(p, p.endsWith("/") ? null
                : new RemoteFile(r.fileId("/" + p), Blake3.hashHex(r.read("/" + p)))));
        return out;
    }

    /** Every row of the user's trash (through the REST API, page by page). */
    static List<TrashItemDto> trash(OxiCloudApi api) {
        List<TrashItemDto> out = new ArrayList<>();
        String cursor = null;
        do {
            TrashPageDto page = api.trash(200, cursor);
            out.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor != null);
        return out;
    }
}
