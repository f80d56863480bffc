package org.oxisync.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A second local user for tests where permissions matter between two real users: made with {@code useradd} (which
 * needs root), removed by {@link #close()}. {@link #create()} is empty where the machine does not allow it; the
 * test then skips, saying why ({@link #WHY_NOT}).
 */
public final class SecondUser implements AutoCloseable {
    public static final String WHY_NOT = "no second local user could be created (this needs root and useradd/runuser):"
            + " the two-user check is skipped";
    private final String name;

    private SecondUser(String name) {
        this.name = name;
    }

    public static Optional<SecondUser> create() {
        String name = "oxit" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000);
        try {
            if (run(List.of("useradd", "-M", "-N", "-s", "/usr/sbin/nologin", name)) != 0) {
                return Optional.empty();
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(new SecondUser(name));
    }

    public String name() {
        return name;
    }

    public UserPrincipal principal(Path onFileSystemOf) throws IOException {
        return onFileSystemOf.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(name);
    }

    /** Whether this user can read {@code file} (opens it as that user, through {@code runuser}). */
    public boolean canRead(Path file) throws IOException {
        return run(List.of("runuser", "-u", name, "--", "head", "-c", "1", file.toString())) == 0;
    }

    /** Whether this user can list {@code dir}. */
    public boolean canList(Path dir) throws IOException {
        return run(List.of("runuser", "-u", name, "--", "ls", dir.toString())) == 0;
    }

    private static int run(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return -1;
        }
    }

    @Override
    public void close() throws IOException {
        run(List.of("userdel", name));
    }

    /** Makes {@code dir} and its parents up to {@code top} enterable by others, as a user's home usually is. */
    public static void openToOthers(Path dir, Path top) throws IOException {
        for (Path p = dir; p != null && p.startsWith(top); p = p.getParent()) {
            Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
