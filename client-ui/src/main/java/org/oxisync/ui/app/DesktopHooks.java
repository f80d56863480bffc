package org.oxisync.ui.app;

import java.util.Optional;
import java.util.function.BiFunction;
import javafx.application.HostServices;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.base.Background;

/**
 * The shell's ties to the desktop, replaceable in tests: the tray icon (installed with the shell's menu handler;
 * empty where the desktop has none) and the opener for pages, files and folders.
 */
public record DesktopHooks(BiFunction<Tray.Handler, I18n, Optional<TrayPort>> tray, OpenerFactory opener,
                           Runnable exit) {

    /** Makes the opener of pages, files and folders; {@code i18n} words its failures. */
    public interface OpenerFactory {
        Opener make(HostServices host, Background background, I18n i18n);
    }

    /** The real desktop: {@code java.awt.SystemTray} when {@code useTray} and supported, the system opener. */
    public static DesktopHooks system(boolean useTray) {
        return new DesktopHooks(useTray ? (h, i18n) -> Tray.install(h, i18n).map(t -> t) : (h, i18n) -> Optional.empty(),
                (host, background, i18n) -> new DesktopActions(i18n, host, background),
                javafx.application.Platform::exit);
    }
}
