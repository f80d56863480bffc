package org.oxisync.app.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 18 item 2: an autostart entry must start the desktop app, not the command line's usage. */
class AutostartLauncherTest {
    @TempDir Path dir;

    @Test
    void theCommandLineLauncherIsReplacedByTheDesktopAppBesideIt() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("opt/oxisync/bin"));
        Path cli = Files.writeString(bin.resolve("oxisync"), "");
        Path app = Files.writeString(bin.resolve("OxiSync"), "");
        assertEquals(app, Autostart.desktopLauncher(cli));
        assertEquals(app, Autostart.desktopLauncher(app));
        Path winCli = Files.writeString(bin.resolve("oxisync-cli.exe"), "");
        Files.writeString(bin.resolve("OxiSync.exe"), "");
        assertEquals(bin.resolve("OxiSync.exe"), Autostart.desktopLauncher(winCli));
    }

    @Test
    void theWrittenEntryStartsTheApp() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("opt/oxisync/bin"));
        Path cli = Files.writeString(bin.resolve("oxisync"), "");
        Files.writeString(bin.resolve("OxiSync"), "");
        XdgAutostart a = XdgAutostart.forUser(dir.resolve("home"), Map.of(),
                List.of(Autostart.desktopLauncher(cli).toString()));
        a.enable();
        String entry = Files.readString(a.entry());
        assertTrue(entry.contains("Exec=" + bin.resolve("OxiSync") + "\n"), entry);
    }
}
