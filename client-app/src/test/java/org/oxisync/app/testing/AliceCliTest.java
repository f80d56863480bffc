package org.oxisync.app.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;

/**
 * A test of the command line, run in-process, against an emulator with the user alice: a {@link #home} the runs name
 * themselves (some test running without one) and a {@link #local} folder to pair; {@link #out} and {@link #err} hold
 * what the last run printed.
 */
public abstract class AliceCliTest {
    @TempDir protected Path tmp;
    protected OxiCloudEmulator server;
    protected Path home;
    protected Path local;
    protected String out;
    protected String err;

    @BeforeEach
    void startServer() throws Exception {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "pw-Quokka-42").build());
        home = tmp.resolve("home");
        local = Files.createDirectories(tmp.resolve("Sync"));
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    protected int run(String... args) {
        return runWithStdin("", args);
    }

    protected int runWithStdin(String stdin, String... args) {
        CliRun r = CliRun.withStdin(stdin, args);
        out = r.out();
        err = r.err();
        return r.code();
    }

    /** With {@code console} as the terminal `login` asks for a password on. */
    protected int runWithConsole(java.util.function.Supplier<org.oxisync.app.commands.LoginCommand.PasswordPrompt> console,
                                 String... args) {
        CliRun r = CliRun.withConsole(console, args);
        out = r.out();
        err = r.err();
        return r.code();
    }

    /** alice logs in and pairs {@link #local} with /Sync. */
    protected void loginAndPair() {
        assertEquals(0, runWithStdin("pw-Quokka-42\n", "login", server.baseUrl(), "--user", "alice", "--password-stdin",
                "--home", home.toString()), () -> err);
        assertEquals(0, run("pair", "add", local.toString(), "/Sync", "--home", home.toString()), () -> err);
    }
}
