package org.oxisync.app.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/** Exit codes and one-line messages for failures the user can fix. */
final class CliErrors {
    static final int OK = 0;
    static final int FAILURE = 1;

    private CliErrors() {}

    /** A short reason for an I/O failure on {@code file}, without a stack trace. */
    static String describe(String file, IOException e) {
        if (e instanceof NoSuchFileException) {
            return "oxisync: " + file + ": no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "oxisync: " + file + ": permission denied";
        }
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return "oxisync: " + file + ": " + reason;
    }
}
