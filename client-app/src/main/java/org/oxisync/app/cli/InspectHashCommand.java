package org.oxisync.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.oxisync.store.hash.FileHasher;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code oxisync inspect hash FILE...}: {@code blake3hex  FILE} per file, like {@code b3sum} ({@link FileHasher}).
 */
@Command(name = "hash", mixinStandardHelpOptions = true,
        description = "Print the BLAKE3 hash of each FILE, like b3sum.")
final class InspectHashCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "Files to hash.")
    private List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int code = CliErrors.OK;
        for (Path file : files) {
            try {
                out.println(FileHasher.hash(file).hash() + "  " + file);
            } catch (IOException e) {
                out.flush();
                err.println(CliErrors.describe(file.toString(), e));
                code = CliErrors.FAILURE; // like b3sum: report and go on with the other files
            }
        }
        return code;
    }
}
