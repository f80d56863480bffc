package org.oxisync.app.testing;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.oxisync.app.cli.OxiSyncMain;
import org.oxisync.app.commands.LoginCommand;

/** One in-process run of the `oxisync` command line: its exit code and what it printed. */
public record CliRun(int code, String out, String err) {

    public static CliRun of(String... args) {
        return withStdin("", args);
    }

    /** With {@code console} as the terminal `login` asks for a password on (its value null: no terminal). */
    public static CliRun withConsole(Supplier<LoginCommand.PasswordPrompt> console, String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = OxiSyncMain.run(new PrintWriter(o), new PrintWriter(e), console, args);
        return new CliRun(code, o.toString(), e.toString());
    }

    /** With {@code stdin} as standard input (passwords are read from there) and the process's own terminal. */
    public static CliRun withStdin(String stdin, String... args) {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        try {
            return withConsole(LoginCommand.SYSTEM_CONSOLE, args);
        } finally {
            System.setIn(before);
        }
    }
}
