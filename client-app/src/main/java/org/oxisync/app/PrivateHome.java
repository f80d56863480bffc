package org.oxisync.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import org.oxisync.store.io.OwnerOnly;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the OxiSync home the user's alone before anything is read from it or written to it, whichever process
 * (CLI, daemon, desktop app) comes first: a missing home, data or log folder is created 0700; one that others may
 * enter is tightened to 0700, with a log line; one owned by another user is refused, since whoever owns it could
 * read the journal and the version store, or plant a native library that would run as this user.
 */
public final class PrivateHome {
    private static final Logger LOG = LoggerFactory.getLogger(PrivateHome.class);

    private PrivateHome() {}

    /** A home or data folder that belongs to another user: nothing of it is used. */
    public static final class NotOwnedException extends IOException {
        public NotOwnedException(String message) {
            super(message);
        }
    }

    /** Secures {@code home} (see the class comment); idempotent and cheap, so every entry point calls it. */
    public static void secure(AppHome home) throws IOException {
        UserPrincipal me = null;
        for (Path dir : List.of(home.dir(), home.dataDir(), home.logDir())) {
            if (!Files.exists(dir)) {
                OwnerOnly.createDirectories(dir);
                continue;
            }
            if (!OwnerOnly.posix(dir)) {
                continue; // Windows: %LOCALAPPDATA%'s ACL is the user's alone (docs/security.md)
            }
            if (me == null) {
                me = OwnerOnly.currentUser();
            }
            // the home may be a link the user made (to another disk): what counts is the folder it leads to
            Path real = dir.toRealPath();
            if (!Files.isDirectory(real)) {
                throw new IOException(dir + " is not a folder");
            }
            UserPrincipal owner = Files.getOwner(real);
            if (!owner.equals(me)) {
                throw new NotOwnedException("OxiSync's folder " + dir + " belongs to " + owner.getName() + ", not to "
                        + me.getName() + ": refusing to use it, since its owner could read or change your data."
                        + " Choose another folder (--home or OXISYNC_HOME), or give this one to " + me.getName() + ".");
            }
            if (OwnerOnly.tighten(real)) {
                LOG.warn("{} was open to other users; it is now yours alone (mode 0700)", dir);
            }
        }
    }
}
