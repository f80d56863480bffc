package org.oxisync.core.os;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Starting OxiSync when the user logs in, switched by the desktop shell's setting.
 *
 * <p>One implementation per desktop: an XDG autostart entry (Linux and other Unixes), the current user's
 * {@code Run} registry key (Windows), a LaunchAgent (macOS). Each touches only the current user's
 * configuration and never needs administrator rights. {@code command} is the program and its arguments
 * to start, normally just the installed GUI launcher ({@link #installedLauncher()}).
 */
public interface Autostart {

    /** True when the system will start OxiSync at the next login. */
    boolean isEnabled() throws IOException;

    /** Registers the command; replaces an earlier registration. */
    void enable() throws IOException;

    /** Removes the registration; does nothing when there is none. */
    void disable() throws IOException;

    /** The implementation for the running system, the user's home and environment. */
    static Autostart forCurrentOs(List<String> command) {
        return forOs(OperatingSystem.current(), Path.of(System.getProperty("user.home")), System.getenv(),
                command, new ProcessCommandRunner());
    }

    /** The implementation for {@code os}, with everything it reads or runs passed in (for tests). */
    static Autostart forOs(OperatingSystem os, Path home, Map<String, String> env, List<String> command,
            CommandRunner runner) {
        return switch (os) {
            case WINDOWS -> new WindowsAutostart(runner, command);
            case MAC -> new MacAutostart(home, command);
            case LINUX -> XdgAutostart.forUser(home, env, command);
        };
    }

    /**
     * The native launcher this JVM was started from when it runs from a jpackage installation
     * ({@code jpackage.app-path}); empty when started from {@code java -jar} or an IDE, where there is no
     * stable program to register.
     */
    static java.util.Optional<Path> installedLauncher() {
        String path = System.getProperty("jpackage.app-path");
        return path == null || path.isBlank() ? java.util.Optional.empty() : java.util.Optional.of(Path.of(path));
    }
}
