package org.oxisync.app.os;

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
        return forOs(OperatingSystem.current(), Path.of(org.oxisync.app.AppHome.userHome()), System.getenv(),
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
        return path == null || path.isBlank() ? java.util.Optional.empty()
                : java.util.Optional.of(desktopLauncher(Path.of(path)));
    }

    /**
     * The desktop app's launcher for a launcher of the installation: the command-line launcher ({@code oxisync},
     * {@code oxisync-cli}, as when the app was opened with {@code oxisync gui}) gives its sibling {@code OxiSync}
     * (or {@code OxiSync.exe}) where that exists. An autostart entry must start the app, not the CLI, whatever
     * the CLI does without arguments.
     */
    static Path desktopLauncher(Path launcher) {
        Path name = launcher.getFileName();
        if (name == null) {
            return launcher;
        }
        String n = name.toString();
        boolean exe = n.toLowerCase(java.util.Locale.ROOT).endsWith(".exe");
        String base = exe ? n.substring(0, n.length() - 4) : n;
        if (!base.equals("oxisync") && !base.equals("oxisync-cli")) {
            return launcher;
        }
        Path gui = launcher.resolveSibling(exe ? "OxiSync.exe" : "OxiSync");
        // on a case-insensitive file system "OxiSync" may be "oxisync" itself: then it is no sibling
        try {
            if (java.nio.file.Files.isRegularFile(gui) && !java.nio.file.Files.isSameFile(gui, launcher)) {
                return gui;
            }
        } catch (java.io.IOException e) {
            return launcher;
        }
        return launcher;
    }
}
