package org.oxisync.ui;

import java.util.Arrays;
import org.oxisync.app.cli.OxiSyncMain;

/**
 * Main-Class of the desktop launcher ({@code OxiSync}) and of the runnable jar.
 *
 * <p>It must not extend {@code javafx.application.Application}: on the class path the JDK's launcher would
 * then insist on JavaFX being a module ("JavaFX runtime components are missing"), and a CLI call would load
 * JavaFX for nothing. No argument, or {@code gui} first, opens the window through {@link UiMain}, the only
 * class that touches JavaFX; anything else is a command line for {@link OxiSyncMain}, which then runs
 * without loading a single JavaFX class (checked by packaging's {@code LauncherRoutingTest}).
 */
public final class Launcher {

    /** The first argument that asks for the desktop window. */
    public static final String GUI_COMMAND = "gui";

    private Launcher() {
    }

    public static void main(String[] args) {
        if (opensWindow(args)) {
            UiMain.launch(windowArguments(args));
        } else {
            OxiSyncMain.main(args);
        }
    }

    /** True when {@code args} ask for the desktop window rather than a CLI command. */
    public static boolean opensWindow(String... args) {
        return args.length == 0 || GUI_COMMAND.equals(args[0]);
    }

    /** The arguments handed to the window: those after a leading {@code gui}. */
    public static String[] windowArguments(String... args) {
        return args.length > 0 && GUI_COMMAND.equals(args[0]) ? Arrays.copyOfRange(args, 1, args.length) : args.clone();
    }
}
