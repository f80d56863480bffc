package org.oxisync.ui.model;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.oxisync.app.os.Autostart;
import org.oxisync.store.LocalStore;
import org.oxisync.ui.base.Appearance;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.base.UiPreferences;
import org.oxisync.ui.i18n.I18n;

/**
 * Every setting the settings window edits, as properties. {@link #load()} reads them in the background;
 * every change after that is saved in the background at once (no "Apply" button).
 *
 * <p>Sync settings live in the account store's settings table under the keys below, shared with the CLI and
 * the sync service: bandwidth in KiB/s (0 = unlimited), the proxy as {@code system}, {@code none} or
 * {@code host:port}, version retention in days and GiB.
 */
public final class SettingsModel {
    public static final String KEY_UP = "bandwidth.up-kib";
    public static final String KEY_DOWN = "bandwidth.down-kib";
    public static final String KEY_PROXY = "network.proxy";
    public static final String KEY_VERSION_DAYS = "versions.max-age-days";
    public static final String KEY_VERSION_GIB = "versions.max-total-gib";

    private final Supplier<Optional<LocalStore>> store;
    private final UiPreferences prefs;
    private final Supplier<Optional<Autostart>> autostart;
    private final Background background;
    private boolean loading;

    private final ObjectProperty<Appearance> appearance = new SimpleObjectProperty<>(Appearance.SYSTEM);
    private final BooleanProperty notifications = new SimpleBooleanProperty(true);
    private final StringProperty logLevel = new SimpleStringProperty("warn");
    private final BooleanProperty startAtLogin = new SimpleBooleanProperty(false);
    private final BooleanProperty autostartAvailable = new SimpleBooleanProperty(false);
    private final IntegerProperty uploadKib = new SimpleIntegerProperty(0);
    private final IntegerProperty downloadKib = new SimpleIntegerProperty(0);
    private final StringProperty proxy = new SimpleStringProperty("system");
    private final IntegerProperty versionDays = new SimpleIntegerProperty(30);
    private final IntegerProperty versionGib = new SimpleIntegerProperty(10);
    private final StringProperty lastSaveError = new SimpleStringProperty("");
    /** "system" or a language tag; applies at the next start. */
    private final StringProperty language = new SimpleStringProperty("system");
    private final BooleanProperty languageChanged = new SimpleBooleanProperty(false);

    /** The choices of Settings → General → Language: the OS's, then the 16 languages. */
    public static final java.util.List<String> LANGUAGE_CHOICES = java.util.stream.Stream.concat(
            java.util.stream.Stream.of("system"), I18n.LANGUAGES.stream().map(java.util.Locale::toLanguageTag))
            .toList();

    /** A language by its own name ("Deutsch", "日本語"), as people look for it; "system" in the current language. */
    public static String languageName(I18n i18n, String tag) {
        if (tag == null || tag.equals("system")) {
            return i18n.t("settings.general.language.system");
        }
        java.util.Locale l = java.util.Locale.forLanguageTag(tag);
        String n = l.getDisplayName(l);
        return n.isEmpty() ? tag : n.substring(0, 1).toUpperCase(l) + n.substring(1);
    }
    /** False after Log out, until the account signs in again. */
    private final BooleanProperty signedIn = new SimpleBooleanProperty(true);

    private final I18n i18n;

    public SettingsModel(I18n i18n, Supplier<Optional<LocalStore>> store, UiPreferences prefs,
                         Supplier<Optional<Autostart>> autostart, Background background) {
        this.i18n = i18n;
        this.store = store;
        this.prefs = prefs;
        this.autostart = autostart;
        this.background = background;
        appearance.set(Appearance.parse(prefs.get(UiPreferences.APPEARANCE, "system")));
        notifications.set(prefs.flag(UiPreferences.NOTIFICATIONS, true));
        logLevel.set(prefs.get(UiPreferences.LOG_LEVEL, "warn"));
        language.set(prefs.get(UiPreferences.LANGUAGE, "system"));
        String started = language.get();
        language.addListener((o, a, b) -> {
            savePref(UiPreferences.LANGUAGE, b == null ? "system" : b);
            languageChanged.set(b != null && !b.equals(started));
        });
        appearance.addListener((o, a, b) -> savePref(UiPreferences.APPEARANCE, b.name().toLowerCase()));
        notifications.addListener((o, a, b) -> savePref(UiPreferences.NOTIFICATIONS, b.toString()));
        logLevel.addListener((o, a, b) -> savePref(UiPreferences.LOG_LEVEL, b));
        uploadKib.addListener((o, a, b) -> saveStore(KEY_UP, b.toString()));
        downloadKib.addListener((o, a, b) -> saveStore(KEY_DOWN, b.toString()));
        proxy.addListener((o, a, b) -> saveStore(KEY_PROXY, b));
        versionDays.addListener((o, a, b) -> saveStore(KEY_VERSION_DAYS, b.toString()));
        versionGib.addListener((o, a, b) -> saveStore(KEY_VERSION_GIB, b.toString()));
        startAtLogin.addListener((o, a, b) -> {
            if (!loading) {
                background.run(() -> {
                    Autostart as = autostart.get().orElseThrow(
                            () -> new IllegalStateException("start at login needs the installed app"));
                    if (b) {
                        as.enable();
                    } else {
                        as.disable();
                    }
                    return null;
                }, r -> lastSaveError.set(""), e -> lastSaveError.set(i18n.t("settings.error.startAtLogin", "error", e.getMessage())));
            }
        });
    }

    /** Reads the store's settings and the autostart state; {@code then} runs on the FX thread afterwards. */
    public void load(Runnable then) {
        background.run(() -> {
            Map<String, String> all = store.get().map(s -> s.settings().all()).orElse(Map.of());
            Optional<Autostart> as = autostart.get();
            boolean enabled = as.isPresent() && as.get().isEnabled();
            return new Loaded(all, as.isPresent(), enabled);
        }, l -> {
            loading = true;
            try {
                uploadKib.set(intOf(l.values().get(KEY_UP), 0));
                downloadKib.set(intOf(l.values().get(KEY_DOWN), 0));
                proxy.set(l.values().getOrDefault(KEY_PROXY, "system"));
                versionDays.set(intOf(l.values().get(KEY_VERSION_DAYS), 30));
                versionGib.set(intOf(l.values().get(KEY_VERSION_GIB), 10));
                autostartAvailable.set(l.autostartAvailable());
                startAtLogin.set(l.autostartEnabled());
            } finally {
                loading = false;
            }
            then.run();
        }, e -> lastSaveError.set(e.getMessage()));
    }

    private record Loaded(Map<String, String> values, boolean autostartAvailable, boolean autostartEnabled) {}

    private static int intOf(String s, int fallback) {
        try {
            return s == null ? fallback : Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private void savePref(String key, String value) {
        if (loading) {
            return;
        }
        prefs.put(key, value);
        background.run(() -> {
            prefs.save();
            return null;
        }, r -> lastSaveError.set(""), e -> lastSaveError.set(i18n.t("settings.error.prefs", "error", e.getMessage())));
    }

    private void saveStore(String key, String value) {
        if (loading) {
            return;
        }
        background.run(() -> {
            store.get().orElseThrow(() -> new IllegalStateException("sign in first")).settings().put(key, value);
            return null;
        }, r -> lastSaveError.set(""), e -> lastSaveError.set(i18n.t("settings.error.setting", "error", e.getMessage())));
    }

    public ObjectProperty<Appearance> appearanceProperty() {
        return appearance;
    }

    public BooleanProperty notificationsProperty() {
        return notifications;
    }

    public StringProperty logLevelProperty() {
        return logLevel;
    }

    public BooleanProperty startAtLoginProperty() {
        return startAtLogin;
    }

    public BooleanProperty autostartAvailableProperty() {
        return autostartAvailable;
    }

    public IntegerProperty uploadKibProperty() {
        return uploadKib;
    }

    public IntegerProperty downloadKibProperty() {
        return downloadKib;
    }

    public StringProperty proxyProperty() {
        return proxy;
    }

    public IntegerProperty versionDaysProperty() {
        return versionDays;
    }

    public IntegerProperty versionGibProperty() {
        return versionGib;
    }

    public BooleanProperty signedInProperty() {
        return signedIn;
    }

    public StringProperty languageProperty() {
        return language;
    }

    /** True once the language differs from the one the window started with: Settings says to restart. */
    public BooleanProperty languageChangedProperty() {
        return languageChanged;
    }

    public StringProperty lastSaveErrorProperty() {
        return lastSaveError;
    }
}
