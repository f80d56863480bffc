package org.oxisync.ui.app;

import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import javafx.application.HostServices;

/**
 * The shell's ties to the desktop, replaceable in tests: the tray icon (installed with the shell's menu handler;
 * empty where the desktop has none) and the opener for pages, files and folders.
 */
public record DesktopHooks(Function<Tray.Handler, Optional<TrayPort>> tray,
                           BiFunction<HostServices, Background, Opener> opener, Runnable exit) {

    /** The real desktop: {@code java.awt.SystemTray} when {@code useTray} and supported, the system opener. */
    public static DesktopHooks system(boolean useTray) {
        return new DesktopHooks(useTray ? h -> Tray.install(h).map(t -> t) : h -> Optional.empty(), DesktopActions::new,
                javafx.application.Platform::exit);
    }
}
