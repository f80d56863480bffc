package org.oxisync.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.oxisync.store.hash.FastCdc;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.hash.FileSummary;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code oxisync inspect chunks FILE}: one line {@code offset length blake3} per FastCDC chunk, then
 * {@code file blake3 size}, the format of the shared vectors' {@code *.expected} files.
 */
@Command(name = "chunks", mixinStandardHelpOptions = true,
        description = "Print the FastCDC chunks of FILE (offset length blake3) and then 'file blake3 size'.")
final class InspectChunksCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The file to chunk.")
    private Path file;

    @Option(names = "--min", paramLabel = "BYTES", description = "Minimum chunk size (default: ${DEFAULT-VALUE}).")
    private int min = FastCdc.Params.SERVER.min();

    @Option(names = "--avg", paramLabel = "BYTES", description = "Average chunk size (default: ${DEFAULT-VALUE}).")
    private int avg = FastCdc.Params.SERVER.avg();

    @Option(names = "--max", paramLabel = "BYTES", description = "Maximum chunk size (default: ${DEFAULT-VALUE}).")
    private int max = FastCdc.Params.SERVER.max();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        FastCdc.Params params;
        try {
            params = new FastCdc.Params(min, avg, max);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        StringBuilder line = new StringBuilder(96);
        try {
            FileSummary summary = FileChunker.digest(file, params, chunk -> {
                line.setLength(0);
                line.append(chunk.offset()).append(' ').append(chunk.length()).append(' ').append(chunk.hash());
                out.println(line);
            });
            out.println("file " + summary.fileHash() + " " + summary.size());
            return CliErrors.OK;
        } catch (IOException e) {
            out.flush();
            spec.commandLine().getErr().println(CliErrors.describe(file.toString(), e));
            return CliErrors.FAILURE;
        }
    }
}
