package org.oxisync.app.os;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@link CommandRunner} over {@link ProcessBuilder}; a program that outlives the timeout is killed. */
final class ProcessCommandRunner implements CommandRunner {

    private final Duration timeout;

    ProcessCommandRunner() {
        this(Duration.ofSeconds(30));
    }

    ProcessCommandRunner(Duration timeout) {
        this.timeout = timeout;
    }

    @Override
    public Result run(List<String> command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        try (InputStream out = process.getInputStream()) {
            // reg.exe prints little, so reading to the end before waiting cannot fill a pipe buffer
            String output = new String(out.readAllBytes(), Charset.defaultCharset());
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException(command.get(0) + " did not finish within " + timeout);
            }
            return new Result(process.exitValue(), output);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command.get(0), e);
        }
    }
}
