package org.oxisync.core.model;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.oxisync.core.plan.PairRights;
import org.oxisync.protocol.CommitDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;

/**
 * The server's drive ACL as the model test needs it, in front of the API: a write the pair's rights forbid is
 * recorded as a violation and refused with a 403, as the server refuses it (so the model holds the same once the
 * emulator enforces roles). Creates (upload, by-hash, new-file commits, folder creation) need
 * {@link PairRights#sendNew}; updates (update commits, renames, moves) {@link PairRights#sendEdit}; deletes
 * {@link PairRights#sendDelete}, except the trash of a temporary upload the engine made itself in this process.
 */
final class RightsGuard {
    private static final Set<String> CREATES = Set.of("upload", "createByHash", "createFolder");
    private static final Set<String> UPDATES = Set.of("renameFile", "moveFile", "renameFolder", "moveFolder",
            "moveFiles", "moveFolders");
    private static final Set<String> DELETES = Set.of("trashBatch", "deleteFile", "deleteFolder");

    private final PairRights rights;
    final List<String> violations = java.util.Collections.synchronizedList(new ArrayList<>());
    /** Files this process uploaded under a temporary name (the delta claim's stand-in): its own to trash. */
    private final Set<String> ownTemps = ConcurrentHashMap.newKeySet();

    RightsGuard(PairRights rights) {
        this.rights = rights;
    }

    OxiCloudApi api(OxiCloudApi real) {
        InvocationHandler h = (proxy, m, args) -> {
            String name = m.getName();
            String refused = refusal(name, args);
            if (refused != null) {
                violations.add(refused);
                throw new OxiCloudException.Forbidden(name + ": 403 Forbidden (" + refused + ")");
            }
            Object out;
            try {
                out = m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (name.equals("upload") && args[1] instanceof String n && n.endsWith(".tmp") && out instanceof FileDto f) {
                ownTemps.add(f.id());
            }
            return out;
        };
        return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(), new Class<?>[] {OxiCloudApi.class}, h);
    }

    private String refusal(String name, Object[] args) {
        if (CREATES.contains(name) || (name.equals("commit") && ((CommitDto) args[0]).fileId() == null)) {
            return rights.sendNew() ? null : "a create under " + rights;
        }
        if (UPDATES.contains(name) || (name.equals("commit") && ((CommitDto) args[0]).fileId() != null)) {
            return rights.sendEdit() ? null : "an update under " + rights;
        }
        if (DELETES.contains(name)) {
            if (name.equals("trashBatch") && args[1] instanceof Collection<?> folders && folders.isEmpty()
                    && ownTemps.containsAll((Collection<?>) args[0])) {
                return null;
            }
            return rights.sendDelete() ? null : "a delete under " + rights;
        }
        return null;
    }
}
