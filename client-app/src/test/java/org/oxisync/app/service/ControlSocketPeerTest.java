package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.control.DaemonClient;

/** The control socket exists only with its final mode and answers only a peer the OS names as its user. */
class ControlSocketPeerTest {
    @TempDir
    Path tmp;

    @Test
    void aPeerTheSystemCannotNameIsClosedUnanswered() throws Exception {
        Path home = tmp.resolve("home");
        try (ControlSocket s = ControlSocket.open(home, List::of, "daemon", ControlSocket.Verbs.NONE,
                c -> Optional.empty())) {
            assertTrue(Files.exists(home.resolve(ControlSocket.FILE_NAME)));
            IOException e = assertThrows(IOException.class, () -> DaemonClient.request(home, "status", 5));
            assertTrue(e.getMessage() != null, "no reply: " + e);
            assertFalse(DaemonClient.ping(home));
        }
    }

    @Test
    void theSystemsPeerNameLetsItsOwnUserIn() throws Exception {
        Path home = tmp.resolve("home");
        try (ControlSocket s = ControlSocket.open(home, List::of, "daemon", ControlSocket.Verbs.NONE,
                ControlSocket.PeerNames.SYSTEM)) {
            assertTrue(DaemonClient.request(home, "status", 5).isPresent());
        }
    }

    @Test
    void theSocketIsBoundWithItsFinalModeInsideAnOwnerOnlyFolder() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (ControlSocket s = ControlSocket.open(home, List::of, "daemon", ControlSocket.Verbs.NONE,
                ControlSocket.PeerNames.SYSTEM)) {
            Path sock = home.resolve(ControlSocket.FILE_NAME);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(sock)));
            try (var list = Files.list(home)) {
                assertEquals(List.of(sock), list.toList(), "the folder it was bound in is gone");
            }
        }
    }

    @Test
    void aHomeWhoseSocketPathIsNearTheSystemsLimitStillGetsItsSocket() throws Exception {
        // a socket's path may have at most 107 bytes; the final one here has 106
        int room = 106 - tmp.toString().length() - "/daemon.sock".length() - 1;
        Path home = tmp.resolve("h".repeat(Math.max(1, room)));
        try (ControlSocket s = ControlSocket.open(home, List::of, "daemon", ControlSocket.Verbs.NONE,
                ControlSocket.PeerNames.SYSTEM)) {
            assertTrue(DaemonClient.request(home, "status", 5).isPresent());
        }
    }
}
