package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.testing.CliRun;
import org.oxisync.app.control.ExitCodes;

/**
 * The commands that need an account, run in a home where nobody logged in: each says so in its own words, on its
 * own stream, with its own exit code ({@link LoggedIn}), and does nothing else.
 */
class NotLoggedInCliTest {
    @TempDir Path tmp;

    private CliRun run(String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--home";
        all[args.length + 1] = tmp.resolve("home").toString();
        return CliRun.of(all);
    }

    private static void assertSaid(CliRun r, int code, String out, String err) {
        assertEquals(code, r.code(), r::toString);
        assertEquals(out, r.out().strip(), r::toString);
        assertEquals(err, r.err().strip(), r::toString);
    }

    @Test
    void drivesSaysOnStderrHowToLogInAndExitsWithTheConfigCode() {
        assertSaid(run("drives"), ExitCodes.CONFIG, "",
                "oxisync drives: not logged in; run `oxisync login SERVER_URL` first");
    }

    @Test
    void versionsListAndRestoreSayNotLoggedInOnStderrAndExitWithTheConfigCode() {
        assertSaid(run("versions", "list"), ExitCodes.CONFIG, "", "not logged in");
        assertSaid(run("versions", "restore", "a.txt"), ExitCodes.CONFIG, "", "not logged in");
    }

    @Test
    void pairAddSetAndRemoveSayItOnStderrWithTheConfigCodeAndPairListOnStdoutWithSuccess() {
        assertSaid(run("pair", "add", tmp.resolve("Sync").toString()), ExitCodes.CONFIG, "",
                "oxisync pair add: not logged in; run `oxisync login SERVER_URL` first");
        assertSaid(run("pair", "set", "Sync", "--mode", "two-way"), ExitCodes.CONFIG, "",
                "oxisync pair set: not logged in");
        assertSaid(run("pair", "remove", "Sync"), ExitCodes.CONFIG, "", "oxisync pair remove: not logged in");
        assertSaid(run("pair", "list"), ExitCodes.OK, "not logged in", "");
    }
}
