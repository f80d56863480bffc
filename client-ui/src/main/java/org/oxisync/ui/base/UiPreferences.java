package org.oxisync.ui.base;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The window's own preferences ({@code ui.properties} in the app home): what must be known before an account
 * exists or before logging starts (appearance, notifications, log level). Saved atomically. Sync settings that
 * the CLI and the service share live in the account's store settings instead.
 */
public final class UiPreferences {
    public static final String APPEARANCE = "appearance";
    public static final String NOTIFICATIONS = "notifications";
    public static final String LOG_LEVEL = "log-level";
    /** The window's language: "system" (the default: the OS's) or a language tag ("de", "zh-TW"). */
    public static final String LANGUAGE = "language";

    private final Path file;
    private final Properties values = new Properties();

    private UiPreferences(Path file) {
        this.file = file;
    }

    public static UiPreferences load(Path file) {
        UiPreferences p = new UiPreferences(file);
        if (Files.isRegularFile(file)) {
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.values.load(r);
            } catch (IOException | IllegalArgumentException e) {
                // An unreadable file falls back to defaults; the next save rewrites it.
                p.values.clear();
            }
        }
        return p;
    }

    public synchronized String get(String key, String fallback) {
        return values.getProperty(key, fallback);
    }

    public boolean flag(String key, boolean fallback) {
        return Boolean.parseBoolean(get(key, Boolean.toString(fallback)));
    }

    public synchronized void put(String key, String value) {
        values.setProperty(key, value);
    }

    /** Written durably and owner-only, as every file the client keeps ({@code DurableFiles}). */
    public synchronized void save() throws IOException {
        org.oxisync.store.io.DurableFiles.replace(file, out -> {
            Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
            values.store(w, "OxiSync window preferences");
            w.flush();
        });
    }
}
