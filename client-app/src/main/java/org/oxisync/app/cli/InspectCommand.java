package org.oxisync.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code oxisync inspect}: look at how OxiSync sees local files (chunks, hashes), without a server. */
@Command(name = "inspect", mixinStandardHelpOptions = true, synopsisSubcommandLabel = "COMMAND",
        description = "Show how OxiSync chunks and hashes local files.")
final class InspectCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    static CommandLine newCommandLine() {
        CommandLine cli = new CommandLine(new InspectCommand());
        cli.addSubcommand("chunks", new InspectChunksCommand());
        cli.addSubcommand("hash", new InspectHashCommand());
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
