package org.oxisync.app.commands;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;

/** A command that only groups subcommands ({@code oxisync pair}, {@code versions}, ...): alone it prints its usage. */
abstract class CommandGroup implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.CONFIG;
    }
}
