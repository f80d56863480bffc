package org.oxisync.app.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * XDG autostart (GNOME, KDE, Xfce, …): a desktop entry in {@code $XDG_CONFIG_HOME/autostart}, which
 * defaults to {@code ~/.config/autostart}. An entry the user switched off in the desktop's own settings
 * ({@code Hidden=true} or {@code X-GNOME-Autostart-enabled=false}) counts as disabled.
 */
public final class XdgAutostart implements Autostart {

    static final String FILE_NAME = "oxisync.desktop";

    private final Path entry;
    private final List<String> command;

    public XdgAutostart(Path configHome, List<String> command) {
        this.entry = configHome.resolve("autostart").resolve(FILE_NAME);
        this.command = Commands.validated(command);
    }

    /** Uses {@code XDG_CONFIG_HOME} when it is set to an absolute path (the spec ignores relative ones). */
    public static XdgAutostart forUser(Path home, Map<String, String> env, List<String> command) {
        String configHome = env.get("XDG_CONFIG_HOME");
        Path base = configHome != null && !configHome.isBlank() && Path.of(configHome).isAbsolute()
                ? Path.of(configHome)
                : home.resolve(".config");
        return new XdgAutostart(base, command);
    }

    /** The desktop entry this instance writes. */
    public Path entry() {
        return entry;
    }

    @Override
    public boolean isEnabled() throws IOException {
        if (!Files.isRegularFile(entry)) {
            return false;
        }
        boolean inMainGroup = false;
        for (String raw : Files.readAllLines(entry, StandardCharsets.UTF_8)) {
            String line = raw.strip();
            if (line.startsWith("[")) {
                inMainGroup = line.equals("[Desktop Entry]");
            } else if (inMainGroup && (line.replace(" ", "").equalsIgnoreCase("Hidden=true")
                    || line.replace(" ", "").equalsIgnoreCase("X-GNOME-Autostart-enabled=false"))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void enable() throws IOException {
        AtomicFiles.writeString(entry, String.join("\n",
                "[Desktop Entry]",
                "Type=Application",
                "Name=OxiSync",
                "Comment=Keeps your folders in sync with OxiCloud",
                "Exec=" + execValue(command),
                "Terminal=false",
                "X-GNOME-Autostart-enabled=true",
                ""));
    }

    @Override
    public void disable() throws IOException {
        Files.deleteIfExists(entry);
    }

    /**
     * The {@code Exec} value for {@code args}: each argument with a reserved character is double-quoted
     * with {@code " ` $ \} backslash-escaped, {@code %} is doubled, and then the whole value gets the string
     * escaping of desktop entries (a backslash becomes two), as the Desktop Entry Specification 1.5 says.
     */
    static String execValue(List<String> args) {
        StringBuilder exec = new StringBuilder();
        for (String arg : args) {
            if (exec.length() > 0) {
                exec.append(' ');
            }
            exec.append(quoted(arg).replace("%", "%%"));
        }
        return exec.toString().replace("\\", "\\\\");
    }

    private static String quoted(String arg) {
        if (!arg.isEmpty() && arg.chars().noneMatch(c -> " \t\"'\\><~|&;$*?#()`=".indexOf(c) >= 0)) {
            return arg;
        }
        StringBuilder q = new StringBuilder("\"");
        for (char c : arg.toCharArray()) {
            if (c == '"' || c == '`' || c == '$' || c == '\\') {
                q.append('\\');
            }
            q.append(c);
        }
        return q.append('"').toString();
    }
}
