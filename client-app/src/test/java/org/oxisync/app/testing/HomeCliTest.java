package org.oxisync.app.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.oxisync.emulator.OxiCloudEmulator;

/**
 * A test of the {@code oxisync} command line run in-process against one {@code --home} (set by the subclass), which
 * every run is given; {@link #out} and {@link #err} hold what the last run printed.
 */
public abstract class HomeCliTest {
    protected Path home;
    protected String out;
    protected String err;

    protected int run(String... args) {
        return runIn("", args);
    }

    /** With {@code stdin} as standard input (passwords are read from there). */
    protected int runIn(String stdin, String... args) {
        String[] all = Stream.concat(Stream.of(args), Stream.of("--home", home.toString())).toArray(String[]::new);
        CliRun r = CliRun.withStdin(stdin, all);
        out = r.out();
        err = r.err();
        return r.code();
    }

    /** {@code login} of {@code user} on {@code server} with the password on standard input; it must succeed. */
    protected void login(OxiCloudEmulator server, String user, String password, String... more) {
        String[] args = Stream.concat(Stream.of("login", server.baseUrl(), "--user", user, "--password-stdin"),
                Stream.of(more)).toArray(String[]::new);
        assertEquals(0, runIn(password + "\n", args), () -> err);
    }
}
