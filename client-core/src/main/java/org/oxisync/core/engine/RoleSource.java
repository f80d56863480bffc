package org.oxisync.core.engine;

import java.util.Optional;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.FolderPair;

/**
 * Where a pair re-reads the caller's role on its drive when the server refuses a write (roles change while a pair
 * runs). Backed by the server's drive list ({@code GET /api/drives}, {@code caller_role}) once the client reads it;
 * {@link #NONE} keeps the role stored with the pair.
 */
@FunctionalInterface
public interface RoleSource {
    RoleSource NONE = pair -> Optional.empty();

    /** The caller's role for the pair's drive now; empty when it cannot be told. */
    Optional<Role> currentRole(FolderPair pair);
}
