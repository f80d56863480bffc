package org.oxisync.core.commands;

import java.lang.reflect.Method;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code oxisync gui}: opens the desktop window. The engine module cannot depend on JavaFX, so the UI's entry point
 * is looked up by name; a build without the UI says so instead of failing obscurely.
 */
@Command(name = "gui", mixinStandardHelpOptions = true, description = "Open the desktop window.")
public final class GuiCommand implements Callable<Integer> {
    static final String UI_MAIN = "org.oxisync.ui.UiMain";

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Class<?> ui;
        try {
            ui = Class.forName(UI_MAIN);
        } catch (ClassNotFoundException e) {
            spec.commandLine().getErr().println("oxisync gui: this build has no desktop UI;"
                    + " use the OxiSync application or the headless commands (oxisync --help)");
            return ExitCodes.CONFIG;
        }
        Method launch = ui.getMethod("launch", String[].class);
        launch.invoke(null, (Object) new String[0]);
        return ExitCodes.OK;
    }
}
