package org.oxisync.app.os;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Windows: the value {@code OxiSync} under {@code HKCU\Software\Microsoft\Windows\CurrentVersion\Run},
 * read and written with {@code reg.exe} (no native code, no administrator rights).
 */
public final class WindowsAutostart implements Autostart {

    static final String RUN_KEY = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run";
    static final String VALUE_NAME = "OxiSync";

    private final CommandRunner runner;
    private final List<String> command;

    public WindowsAutostart(CommandRunner runner, List<String> command) {
        this.runner = runner;
        this.command = Commands.validated(command);
    }

    @Override
    public boolean isEnabled() throws IOException {
        // reg query exits 1 when the value does not exist
        return runner.run(List.of("reg", "query", RUN_KEY, "/v", VALUE_NAME)).succeeded();
    }

    @Override
    public void enable() throws IOException {
        require(runner.run(List.of("reg", "add", RUN_KEY, "/v", VALUE_NAME, "/t", "REG_SZ",
                "/d", escapedForReg(commandLine(command)), "/f")), "add");
    }

    @Override
    public void disable() throws IOException {
        if (isEnabled()) {
            require(runner.run(List.of("reg", "delete", RUN_KEY, "/v", VALUE_NAME, "/f")), "delete");
        }
    }

    /** The value data: a Windows command line, every argument with a space or tab double-quoted. */
    static String commandLine(List<String> args) {
        List<String> parts = new ArrayList<>();
        for (String arg : args) {
            boolean quote = arg.isEmpty() || arg.indexOf(' ') >= 0 || arg.indexOf('\t') >= 0 || arg.indexOf('"') >= 0;
            parts.add(quote ? "\"" + arg.replace("\"", "\\\"") + "\"" : arg);
        }
        return String.join(" ", parts);
    }

    /**
     * reg.exe parses its own command line with the C runtime rules, where a double quote inside an
     * argument must be written as {@code \"} (and the backslashes just before it doubled). ProcessBuilder
     * adds the outer quotes itself when the data contains a space.
     */
    static String escapedForReg(String data) {
        StringBuilder out = new StringBuilder();
        int backslashes = 0;
        for (char c : data.toCharArray()) {
            if (c == '\\') {
                backslashes++;
                continue;
            }
            if (c == '"') {
                out.append("\\".repeat(backslashes * 2 + 1));
            } else {
                out.append("\\".repeat(backslashes));
            }
            backslashes = 0;
            out.append(c);
        }
        // trailing backslashes stay single: ProcessBuilder adds one itself when it wraps the argument in quotes
        return out.append("\\".repeat(backslashes)).toString();
    }

    private static void require(CommandRunner.Result result, String action) throws IOException {
        if (!result.succeeded()) {
            throw new IOException("reg " + action + " " + RUN_KEY + " failed with exit code " + result.exitCode()
                    + ": " + result.output().strip());
        }
    }
}
