package org.oxisync.ui.base;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.app.Windows;

/** Light or dark: chosen by the user, or following the operating system where it can be read (default light). */
public enum Appearance {
    SYSTEM, LIGHT, DARK;

    /** "Same as the system", "Light", "Dark" in {@code i18n}'s language. */
    public String label(I18n i18n) {
        return i18n.t("appearance." + name().toLowerCase(Locale.ROOT));
    }

    /** The AtlantaFX stylesheet for this choice; {@code systemDark} is what {@link #systemPrefersDark()} said. */
    public String stylesheet(boolean systemDark) {
        boolean dark = this == DARK || (this == SYSTEM && systemDark);
        return dark ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet();
    }

    public static Appearance parse(String s) {
        try {
            return valueOf(s.toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            return SYSTEM;
        }
    }

    /**
     * Asks the OS (a short external command; call it off the FX thread): GNOME's {@code color-scheme}, Windows'
     * {@code AppsUseLightTheme}, macOS' {@code AppleInterfaceStyle}. False when unknown.
     */
    public static boolean systemPrefersDark() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        try {
            if (os.startsWith("windows")) {
                String out = run("reg", "query",
                        "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize", "/v", "AppsUseLightTheme");
                return out.contains("0x0");
            }
            if (os.startsWith("mac")) {
                return run("defaults", "read", "-g", "AppleInterfaceStyle").toLowerCase(Locale.ROOT).contains("dark");
            }
            String scheme = run("gsettings", "get", "org.gnome.desktop.interface", "color-scheme");
            if (scheme.contains("dark")) {
                return true;
            }
            return run("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme").toLowerCase(Locale.ROOT)
                    .contains("dark");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (InputStream in = p.getInputStream()) {
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
