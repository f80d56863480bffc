package org.oxisync.app.commands;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import picocli.CommandLine.Option;

/** The {@code --home} option every command shares (default: {@code OXISYNC_HOME}, then the platform folder). */
public class HomeOption {
    @Option(names = "--home", paramLabel = "DIR",
            description = "Keep all configuration, data and logs in DIR (default: $OXISYNC_HOME or the per-user folder).")
    Path home;

    public AppContext open() throws IOException {
        return new AppContext(AppHome.fromEnvironment(home), Clock.systemUTC());
    }
}
