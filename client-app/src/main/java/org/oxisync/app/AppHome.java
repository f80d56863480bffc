package org.oxisync.app;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where OxiSync keeps its configuration, data and logs. {@code OXISYNC_HOME} (or {@code --home}) puts everything
 * under one folder, for tests and portable use; then secrets go to a file there (mode 0600) rather than the OS
 * keychain. Otherwise the platform's usual per-user folder is used.
 *
 * @param portable true when the folder was given explicitly
 */
public record AppHome(Path dir, boolean portable) {

    public static AppHome resolve(Path explicit, Map<String, String> env, String osName, String javaUserHome) {
        String userHome = userHome(env, osName, javaUserHome);
        if (explicit != null) {
            return new AppHome(explicit.toAbsolutePath().normalize(), true);
        }
        String fromEnv = env.get("OXISYNC_HOME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return new AppHome(Path.of(fromEnv).toAbsolutePath().normalize(), true);
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            String local = env.getOrDefault("LOCALAPPDATA", userHome + "\\AppData\\Local");
            return new AppHome(Path.of(local, "OxiSync"), false);
        }
        if (os.startsWith("mac")) {
            return new AppHome(Path.of(userHome, "Library", "Application Support", "OxiSync"), false);
        }
        String xdg = env.get("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(userHome, ".local", "share");
        return new AppHome(base.resolve("oxisync"), false);
    }

    /**
     * The user's home folder: {@code $HOME} when it is set (not on Windows), as every other program there takes it,
     * else Java's {@code user.home} (which Java reads from the password database, not from {@code $HOME}).
     */
    public static String userHome(Map<String, String> env, String osName, String javaUserHome) {
        String home = env.get("HOME");
        boolean windows = osName.toLowerCase(Locale.ROOT).startsWith("windows");
        return !windows && home != null && !home.isBlank() ? home : javaUserHome;
    }

    /** {@link #userHome(Map, String, String)} of this process. */
    public static String userHome() {
        return userHome(System.getenv(), System.getProperty("os.name", "linux"), System.getProperty("user.home"));
    }

    public static AppHome fromEnvironment(Path explicit) {
        return resolve(explicit, System.getenv(), System.getProperty("os.name", "linux"),
                System.getProperty("user.home"));
    }

    public Path configFile() {
        return dir.resolve("config.properties");
    }

    public Path dataDir() {
        return dir.resolve("data");
    }

    public Path credentialsDir() {
        return dir.resolve("credentials");
    }

    public Path logDir() {
        return dir.resolve("logs");
    }
}
