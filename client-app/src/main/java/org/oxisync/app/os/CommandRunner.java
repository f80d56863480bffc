package org.oxisync.app.os;

import java.io.IOException;
import java.util.List;

/** Runs an external program to completion; the seam that lets tests replace {@code reg.exe}. */
@FunctionalInterface
public interface CommandRunner {

    /** Runs {@code command} (program first) and returns its exit code with stdout and stderr merged. */
    Result run(List<String> command) throws IOException;

    /** How a finished program ended. */
    record Result(int exitCode, String output) {
        public boolean succeeded() {
            return exitCode == 0;
        }
    }
}
