package org.oxisync.core.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code oxisync} command line: a picocli top-level command whose subcommands are all registered in
 * {@link #newCommandLine(PrintWriter, PrintWriter)}. Output goes only to the given writers (stdout carries
 * results, stderr one-line errors), so scripts can parse it.
 */
@Command(name = "oxisync", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "OxiSync, a two-way sync client for OxiCloud.",
        synopsisSubcommandLabel = "COMMAND")
public final class OxiSyncMain implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, false);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = run(out, err, args);
        out.flush();
        System.exit(code);
    }

    /** Runs one command line and returns its exit code (0 success, 1 failure, 2 usage error). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        int code = newCommandLine(out, err).execute(aliases(args));
        out.flush();
        err.flush();
        return code;
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

    /** The command tree. Register every subcommand here. */
    static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new OxiSyncMain());
        cli.addSubcommand("login", new org.oxisync.core.commands.LoginCommand());
        cli.addSubcommand("logout", new org.oxisync.core.commands.LogoutCommand());
        cli.addSubcommand("pair", new org.oxisync.core.commands.PairCommand());
        cli.addSubcommand("sync-once", new org.oxisync.core.commands.SyncOnceCommand());
        cli.addSubcommand("status", new org.oxisync.core.commands.StatusCommand());
        cli.addSubcommand("daemon", new org.oxisync.core.commands.DaemonCommand());
        cli.addSubcommand("versions", new org.oxisync.core.commands.VersionsCommand());
        cli.addSubcommand("inspect", InspectCommand.newCommandLine());
        cli.addSubcommand("demo", new org.oxisync.core.demo.DemoCommand());
        cli.addSubcommand("gui", new org.oxisync.core.commands.GuiCommand());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
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
