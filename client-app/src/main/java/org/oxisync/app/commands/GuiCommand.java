package org.oxisync.app.commands;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;

/**
 * {@code oxisync gui}: opens the desktop window. The engine module cannot depend on JavaFX, so the UI's entry point
 * is looked up by name; a build without the UI says so, and how to get one, instead of failing obscurely.
 */
@Command(name = "gui", mixinStandardHelpOptions = true, description = "Open the desktop window.")
public final class GuiCommand implements Callable<Integer> {
    static final String UI_MAIN = "org.oxisync.ui.UiMain";

    @Mixin HomeOption homeOption;
    @Spec CommandSpec spec;

    /** Whether this process can open the desktop window (the UI's classes are on the class path). */
    public static boolean available() {
        try {
            Class.forName(UI_MAIN, false, GuiCommand.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The arguments the desktop app gets: {@code --home DIR} when one was given. */
    List<String> uiArguments() {
        List<String> args = new ArrayList<>();
        if (homeOption != null && homeOption.home != null) {
            args.add("--home");
            args.add(homeOption.home.toAbsolutePath().toString());
        }
        return args;
    }

    @Override
    public Integer call() throws Exception {
        Class<?> ui;
        try {
            ui = Class.forName(UI_MAIN);
        } catch (ClassNotFoundException e) {
            spec.commandLine().getErr().println("oxisync gui: this oxisync.jar has no desktop UI. From a source"
                    + " checkout, client-app/src/main/scripts/oxisync gui starts it (after mvn -B install"
                    + " -DskipTests); the installed packages have it (OxiSync). The headless commands: oxisync --help");
            return ExitCodes.CONFIG;
        }
        Method launch = ui.getMethod("launch", String[].class);
        launch.invoke(null, (Object) uiArguments().toArray(String[]::new));
        return ExitCodes.OK;
    }
}
