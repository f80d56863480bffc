package org.oxisync.core.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import org.oxisync.store.hash.Blake3;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code oxisync inspect hash FILE...}: {@code blake3hex  FILE} per file, like {@code b3sum}. */
@Command(name = "hash", mixinStandardHelpOptions = true,
        description = "Print the BLAKE3 hash of each FILE, like b3sum.")
final class InspectHashCommand implements Callable<Integer> {
    private static final int BUFFER = 4 << 20;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "Files to hash.")
    private List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int code = CliErrors.OK;
        byte[] buf = new byte[BUFFER];
        for (Path file : files) {
            try {
                out.println(hash(file, buf) + "  " + file);
            } catch (IOException e) {
                out.flush();
                err.println(CliErrors.describe(file.toString(), e));
                code = CliErrors.FAILURE; // like b3sum: report and go on with the other files
            }
        }
        return code;
    }

    private static String hash(Path file, byte[] buf) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException("is a directory");
        }
        Blake3 hasher = Blake3.newHasher().multithreaded();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer bb = ByteBuffer.wrap(buf);
            while (true) {
                bb.clear();
                int n = ch.read(bb);
                if (n < 0) {
                    break;
                }
                hasher.update(buf, 0, n);
            }
        }
        return hasher.hexDigest();
    }
}
