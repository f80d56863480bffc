package org.oxisync.app.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.oxisync.app.cli.OxiSyncMain;
import org.oxisync.app.control.DaemonClient;

/**
 * {@code oxisync daemon --no-bus} as a real child process on the test's class path, its output in a file (not a pipe:
 * Process.destroy() closes the parent's end of a pipe, which would lose the last lines). {@link #close} stops it with
 * SIGTERM, then for good if it has not stopped within 30 s.
 */
public final class DaemonProcess implements AutoCloseable {
    private final Process process;
    private final Path home;
    private final Path log;

    private DaemonProcess(Process process, Path home, Path log) {
        this.process = process;
        this.home = home;
        this.log = log;
    }

    /** Starts the daemon of {@code home} with the further {@code options} (e.g. {@code --poll-seconds 1}). */
    public static DaemonProcess start(Path home, Path log, String... options) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector", "-cp",
                System.getProperty("java.class.path"), OxiSyncMain.class.getName(), "daemon", "--no-bus"));
        command.addAll(List.of(options));
        command.addAll(List.of("--home", home.toString()));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectErrorStream(true);
        pb.redirectOutput(log.toFile());
        return new DaemonProcess(pb.start(), home, log);
    }

    /** Waits until the daemon answers on its control socket. */
    public DaemonProcess awaitSocket() throws InterruptedException {
        Await.until("the daemon's status socket", 60, () -> DaemonClient.ping(home));
        return this;
    }

    public Process process() {
        return process;
    }

    /** What the daemon printed so far (or why it cannot be read). */
    public String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
