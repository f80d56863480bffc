package org.oxisync.app.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperatingSystemTest {

    @Test
    void osNamesMapToTheirDesktopFamily() {
        assertEquals(OperatingSystem.WINDOWS, OperatingSystem.fromName("Windows 11"));
        assertEquals(OperatingSystem.MAC, OperatingSystem.fromName("Mac OS X"));
        assertEquals(OperatingSystem.LINUX, OperatingSystem.fromName("Linux"));
        assertEquals(OperatingSystem.LINUX, OperatingSystem.fromName("FreeBSD"));
    }

    @Test
    void eachFamilyGetsItsOwnAutostart(@TempDir Path home) {
        List<String> cmd = List.of("/x/OxiSync");
        CommandRunner unused = c -> {
            throw new AssertionError("no command expected");
        };
        assertInstanceOf(WindowsAutostart.class, Autostart.forOs(OperatingSystem.WINDOWS, home, Map.of(), cmd, unused));
        assertInstanceOf(MacAutostart.class, Autostart.forOs(OperatingSystem.MAC, home, Map.of(), cmd, unused));
        assertInstanceOf(XdgAutostart.class, Autostart.forOs(OperatingSystem.LINUX, home, Map.of(), cmd, unused));
    }
}
