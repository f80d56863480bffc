package org.oxisync.app.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WindowsAutostartTest {

    private static final String KEY = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run";
    private static final List<String> LAUNCHER = List.of("C:\\Program Files\\OxiSync\\OxiSync.exe");

    /** A registry of Run values behind a reg.exe look-alike that understands query, add and delete. */
    private static final class FakeReg implements CommandRunner {
        final Map<String, String> values = new HashMap<>();
        final List<List<String>> calls = new ArrayList<>();
        int failAddWith = 0;

        @Override
        public Result run(List<String> command) {
            calls.add(command);
            assertEquals("reg", command.get(0));
            assertEquals(KEY, command.get(2));
            String name = command.get(command.indexOf("/v") + 1);
            switch (command.get(1)) {
                case "query":
                    return values.containsKey(name) ? new Result(0, name + " REG_SZ " + values.get(name))
                            : new Result(1, "ERROR: The system was unable to find the specified registry key or value.");
                case "add":
                    if (failAddWith != 0) {
                        return new Result(failAddWith, "ERROR: Access is denied.");
                    }
                    values.put(name, command.get(command.indexOf("/d") + 1));
                    return new Result(0, "The operation completed successfully.");
                case "delete":
                    return values.remove(name) != null ? new Result(0, "The operation completed successfully.")
                            : new Result(1, "ERROR: not found");
                default:
                    throw new AssertionError("unexpected reg " + command);
            }
        }
    }

    @Test
    void enableAddsRunValueWithQuotedLauncherPath() throws Exception {
        FakeReg reg = new FakeReg();
        WindowsAutostart autostart = new WindowsAutostart(reg, LAUNCHER);
        assertFalse(autostart.isEnabled());

        autostart.enable();

        assertTrue(autostart.isEnabled());
        assertEquals(List.of("reg", "add", KEY, "/v", "OxiSync", "/t", "REG_SZ",
                "/d", "\\\"C:\\Program Files\\OxiSync\\OxiSync.exe\\\"", "/f"), reg.calls.get(1));
    }

    @Test
    void disableDeletesTheRunValueOnlyWhenPresent() throws Exception {
        FakeReg reg = new FakeReg();
        WindowsAutostart autostart = new WindowsAutostart(reg, LAUNCHER);
        autostart.disable();
        assertEquals(1, reg.calls.size(), "only a query when nothing is registered");

        autostart.enable();
        autostart.disable();

        assertFalse(autostart.isEnabled());
        assertTrue(reg.calls.stream().anyMatch(c -> c.get(1).equals("delete")));
    }

    @Test
    void failingRegAddIsReportedWithExitCodeAndOutput() {
        FakeReg reg = new FakeReg();
        reg.failAddWith = 5;
        WindowsAutostart autostart = new WindowsAutostart(reg, LAUNCHER);

        IOException e = assertThrows(IOException.class, autostart::enable);

        assertTrue(e.getMessage().contains("exit code 5"), e.getMessage());
        assertTrue(e.getMessage().contains("Access is denied"), e.getMessage());
    }

    @Test
    void commandLineQuotesOnlyArgumentsWithSpacesOrQuotes() {
        assertEquals("\"C:\\Program Files\\OxiSync\\OxiSync.exe\" gui \"--name=a \\\"b\\\"\"",
                WindowsAutostart.commandLine(List.of("C:\\Program Files\\OxiSync\\OxiSync.exe", "gui", "--name=a \"b\"")));
    }

    @Test
    void regDataEscapingDoublesBackslashesOnlyBeforeQuotes() {
        assertEquals("\\\"C:\\dir\\\\\\\" x\\y\\", WindowsAutostart.escapedForReg("\"C:\\dir\\\" x\\y\\"));
    }
}
