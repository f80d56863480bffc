package org.oxisync.app;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the desktop app runs for an OxiSync home, without disturbing it: the app listens on a loopback port it
 * writes to {@code ui.port} (its single-instance guard); a connection that sends nothing is ignored by it.
 */
public final class RunningApps {
    private RunningApps() {}

    public static boolean desktopApp(Path home) {
        Path portFile = home.resolve("ui.port");
        if (!Files.isRegularFile(portFile)) {
            return false;
        }
        try (Socket s = new Socket()) {
            String[] parts = Files.readString(portFile, StandardCharsets.UTF_8).trim().split(" ");
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(parts[0])), 500);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
