package org.oxisync.app.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XdgAutostartTest {

    private static final List<String> LAUNCHER = List.of("/opt/oxisync/bin/OxiSync");

    @TempDir
    Path home;

    @Test
    void enableWritesDesktopEntryUnderDotConfigWhenXdgConfigHomeIsUnset() throws Exception {
        XdgAutostart autostart = XdgAutostart.forUser(home, Map.of(), LAUNCHER);
        assertFalse(autostart.isEnabled());

        autostart.enable();

        Path entry = home.resolve(".config/autostart/oxisync.desktop");
        assertEquals(entry, autostart.entry());
        List<String> lines = Files.readAllLines(entry);
        assertEquals("[Desktop Entry]", lines.get(0));
        assertTrue(lines.contains("Type=Application"));
        assertTrue(lines.contains("Exec=/opt/oxisync/bin/OxiSync"));
        assertTrue(autostart.isEnabled());
    }

    @Test
    void absoluteXdgConfigHomeIsHonoured() throws Exception {
        Path config = home.resolve("elsewhere");
        XdgAutostart autostart = XdgAutostart.forUser(home, Map.of("XDG_CONFIG_HOME", config.toString()), LAUNCHER);

        autostart.enable();

        assertTrue(Files.isRegularFile(config.resolve("autostart/oxisync.desktop")));
        assertFalse(Files.exists(home.resolve(".config")));
    }

    @Test
    void relativeXdgConfigHomeIsIgnoredAsTheSpecRequires() {
        XdgAutostart autostart = XdgAutostart.forUser(home, Map.of("XDG_CONFIG_HOME", "rel/config"), LAUNCHER);

        assertEquals(home.resolve(".config/autostart/oxisync.desktop"), autostart.entry());
    }

    @Test
    void disableRemovesTheEntryAndIsHarmlessWhenAlreadyDisabled() throws Exception {
        XdgAutostart autostart = XdgAutostart.forUser(home, Map.of(), LAUNCHER);
        autostart.disable();
        autostart.enable();

        autostart.disable();

        assertFalse(Files.exists(autostart.entry()));
        assertFalse(autostart.isEnabled());
    }

    @Test
    void enablingTwiceLeavesOneEntryWithTheLatestCommand() throws Exception {
        XdgAutostart.forUser(home, Map.of(), List.of("/old/OxiSync")).enable();
        XdgAutostart autostart = XdgAutostart.forUser(home, Map.of(), LAUNCHER);

        autostart.enable();

        try (var files = Files.list(autostart.entry().getParent())) {
            assertEquals(List.of(autostart.entry()), files.toList());
        }
        assertTrue(Files.readString(autostart.entry()).contains("Exec=/opt/oxisync/bin/OxiSync\n"));
    }

    @Test
    void entryHiddenByTheDesktopSettingsCountsAsDisabled() throws Exception {
        XdgAutostart autostart = XdgAutostart.forUser(home, Map.of(), LAUNCHER);
        autostart.enable();
        Files.writeString(autostart.entry(), Files.readString(autostart.entry()) + "Hidden=true\n");

        assertFalse(autostart.isEnabled());
    }

    @Test
    void entrySwitchedOffByGnomeCountsAsDisabled() throws Exception {
        XdgAutostart autostart = XdgAutostart.forUser(home, Map.of(), LAUNCHER);
        autostart.enable();
        Files.writeString(autostart.entry(),
                Files.readString(autostart.entry()).replace("X-GNOME-Autostart-enabled=true", "X-GNOME-Autostart-enabled=false"));

        assertFalse(autostart.isEnabled());
    }

    @Test
    void execQuotesArgumentsWithReservedCharactersAndEscapesPerDesktopEntrySpec() {
        String exec = XdgAutostart.execValue(List.of("/home/a b/OxiSync", "--title=50%", "say \"hi\" $HOME", "C:\\x"));

        // quoting: "/home/a b/OxiSync" ; = is reserved ; \" and \$ inside quotes ; % doubled ;
        // then string escaping doubles every backslash
        assertEquals("\"/home/a b/OxiSync\" \"--title=50%%\" \"say \\\\\"hi\\\\\" \\\\$HOME\" \"C:\\\\\\\\x\"", exec);
    }

    @Test
    void commandWithLineBreakIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> XdgAutostart.forUser(home, Map.of(), List.of("/bin/oxisync", "a\nExec=evil")));
    }

    @Test
    void emptyCommandIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> XdgAutostart.forUser(home, Map.of(), List.of()));
    }
}
