package org.oxisync.app.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import org.oxisync.protocol.http.ClientWarmup;

/**
 * The {@code oxisync} command line: a picocli top-level command whose subcommands are all registered in
 * {@link #newCommandLine(PrintWriter, PrintWriter)}. Output goes only to the given writers (stdout carries
 * results, stderr one-line errors), so scripts can parse it.
 */
@Command(name = "oxisync", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"OxiSync, a two-way sync client for OxiCloud.",
                "Without a command: opens the desktop app when it is installed and there is a screen; otherwise"
                        + " prints this help."},
        synopsisSubcommandLabel = "COMMAND",
        footer = {"", "`oxisync help COMMAND` or `oxisync COMMAND --help` describes a command.",
                "--home DIR (before or after the command) or OXISYNC_HOME=DIR keeps all configuration, data and logs"
                        + " in DIR.",
                "Exit codes: 0 done or in sync, 1 some items failed, 2 configuration or usage error,"
                        + " 3 stopped by the mass-delete guard."})
public final class OxiSyncMain implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        org.oxisync.app.os.StandardError.restoreFromLauncher();
        PrintWriter out = new PrintWriter(System.out, false);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = run(out, err, args);
        out.flush();
        System.exit(code);
    }

    /** Runs one command line and returns its exit code (0 success, 1 failure, 2 usage error). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return run(out, err, org.oxisync.app.commands.LoginCommand.SYSTEM_CONSOLE, args);
    }

    /** As {@link #run(PrintWriter, PrintWriter, String...)}, with {@code console} as the terminal `login` asks on. */
    public static int run(PrintWriter out, PrintWriter err,
                          Supplier<org.oxisync.app.commands.LoginCommand.PasswordPrompt> console, String... args) {
        boolean onlyHome = (args.length == 2 && args[0].equals("--home"))
                || (args.length == 1 && args[0].startsWith("--home="));
        if (opensDesktopApp(onlyHome ? new String[0] : args, org.oxisync.app.commands.GuiCommand.available(),
                System.getenv(), System.getProperty("os.name", ""))) {
            String[] gui = new String[args.length + 1];
            gui[0] = "gui";
            System.arraycopy(args, 0, gui, 1, args.length);
            args = gui;
        }
        String[] line = aliases(homeFirst(args));
        if (line.length > 0 && line[0].equals("demo") && !DemoAvailability.emulatorPresent()) {
            err.println(DemoAvailability.MISSING);
            err.flush();
            return 2; // a usage error, as picocli gives for an unknown command
        }
        if (line.length > 0 && line[0].equals("sync-once")) {
            // the HTTP client's and JSON library's set-up on another thread, beside the command line's own
            ClientWarmup.start();
        }
        int code = newCommandLine(out, err, line.length > 0 ? line[0] : null, console).execute(line);
        out.flush();
        err.flush();
        return code;
    }

    /**
     * {@code oxisync} with no arguments opens the desktop app where there is one (the installed packages) and a
     * screen to show it on (Windows, macOS, or {@code DISPLAY}/{@code WAYLAND_DISPLAY}); otherwise it prints the usage.
     * That is what an autostart entry or a menu entry of an older version that runs {@code oxisync} expects.
     */
    static boolean opensDesktopApp(String[] args, boolean uiPresent, Map<String, String> env, String osName) {
        if (args.length > 0 || !uiPresent) {
            return false;
        }
        String os = osName.toLowerCase(java.util.Locale.ROOT);
        if (os.startsWith("windows") || os.startsWith("mac")) {
            return true;
        }
        return !env.getOrDefault("DISPLAY", "").isBlank() || !env.getOrDefault("WAYLAND_DISPLAY", "").isBlank();
    }

    /**
     * {@code oxisync --home DIR COMMAND ...} (the form of many tools) is {@code oxisync COMMAND ... --home DIR}: every
     * command that uses the OxiSync home takes {@code --home} itself.
     */
    static String[] homeFirst(String[] args) {
        if (args.length == 0) {
            return args;
        }
        List<String> moved;
        int rest;
        if (args[0].equals("--home") && args.length > 1) {
            moved = List.of("--home", args[1]);
            rest = 2;
        } else if (args[0].startsWith("--home=")) {
            moved = List.of(args[0]);
            rest = 1;
        } else {
            return args;
        }
        java.util.ArrayList<String> line = new java.util.ArrayList<>(List.of(args).subList(rest, args.length));
        if (line.isEmpty()) {
            return args; // nothing to move it to: picocli reports the option as unknown
        }
        int end = line.indexOf("--"); // after "--" everything is a parameter
        line.addAll(end < 0 ? line.size() : end, moved);
        return line.toArray(String[]::new);
    }

    /** {@code oxisync --sync-once ...} is the form scripts expect: the same as {@code oxisync sync-once ...}. */
    static String[] aliases(String[] args) {
        if (args.length > 0 && args[0].equals("--sync-once")) {
            String[] copy = args.clone();
            copy[0] = "sync-once";
            return copy;
        }
        return args;
    }

    /** The subcommands, in the order the usage lists them. Register every subcommand here. */
    private static final List<Map.Entry<String, Supplier<Object>>> SUBCOMMANDS = List.of(
            Map.entry("login", org.oxisync.app.commands.LoginCommand::new),
            Map.entry("logout", org.oxisync.app.commands.LogoutCommand::new),
            Map.entry("accounts", org.oxisync.app.commands.AccountsCommand::new),
            Map.entry("pair", org.oxisync.app.commands.PairCommand::new),
            Map.entry("drives", org.oxisync.app.commands.DrivesCommand::new),
            Map.entry("sync-once", org.oxisync.app.commands.SyncOnceCommand::new),
            Map.entry("status", org.oxisync.app.commands.StatusCommand::new),
            Map.entry("daemon", org.oxisync.app.commands.DaemonCommand::new),
            Map.entry("conflicts", org.oxisync.app.commands.ConflictsCommand::new),
            Map.entry("versions", org.oxisync.app.commands.VersionsCommand::new),
            Map.entry("undo", org.oxisync.app.commands.UndoCommand::new),
            Map.entry("inspect", InspectCommand::newCommandLine),
            // a lambda, not DemoCommand::new: DemoCommand (which uses the emulator's classes) is loaded only when it runs
            Map.entry("demo", () -> new org.oxisync.app.demo.DemoCommand()),
            Map.entry("gui", org.oxisync.app.commands.GuiCommand::new),
            Map.entry("help", CommandLine.HelpCommand::new));

    /** The whole command tree. */
    static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
        return newCommandLine(out, err, null, org.oxisync.app.commands.LoginCommand.SYSTEM_CONSOLE);
    }

    /**
     * The command tree for a line whose first word is {@code first}: when that names a subcommand, the tree holds
     * only that one (picocli reads every registered command's annotations up front, about a tenth of a second of a
     * {@code sync-once} that finds nothing to do); otherwise (usage, {@code --help}, {@code --version}, a mistyped
     * command) all of them, so that the usage and the "did you mean" hints list every command.
     */
    static CommandLine newCommandLine(PrintWriter out, PrintWriter err, String first,
                                      Supplier<org.oxisync.app.commands.LoginCommand.PasswordPrompt> console) {
        CommandLine cli = new CommandLine(new OxiSyncMain());
        // `help COMMAND` needs the whole tree
        boolean known = !"help".equals(first) && SUBCOMMANDS.stream().anyMatch(c -> c.getKey().equals(first));
        boolean demo = DemoAvailability.emulatorPresent();
        for (Map.Entry<String, Supplier<Object>> c : SUBCOMMANDS) {
            if (c.getKey().equals("demo") && !demo) {
                continue; // the installed packages leave the emulator out: no `demo` in their usage or man page
            }
            if (!known || c.getKey().equals(first)) {
                cli.addSubcommand(c.getKey(), c.getKey().equals("login")
                        ? new org.oxisync.app.commands.LoginCommand(console) : c.getValue().get());
            }
        }
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof org.oxisync.app.AccountChoice.Unclear) {
                commandLine.getErr().println(commandLine.getCommandSpec().qualifiedName() + ": " + e.getMessage());
                return 2; // a configuration error: the user names the account
            }
            commandLine.getErr().println("oxisync: " + e.getMessage());
            return CliErrors.FAILURE;
        });
        return cli;
    }

    @Override
    public void run() {
        // no subcommand: show the usage
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
