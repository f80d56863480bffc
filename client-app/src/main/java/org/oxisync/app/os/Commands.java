package org.oxisync.app.os;

import java.util.List;

/** Checks shared by the implementations: a command is a non-empty list of single-line arguments. */
final class Commands {

    private Commands() {
    }

    static List<String> validated(List<String> command) {
        List<String> copy = List.copyOf(command);
        if (copy.isEmpty() || copy.get(0).isBlank()) {
            throw new IllegalArgumentException("autostart command must name a program");
        }
        for (String arg : copy) {
            if (arg.indexOf('\n') >= 0 || arg.indexOf('\r') >= 0 || arg.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("autostart arguments cannot contain line breaks or NUL");
            }
        }
        return copy;
    }
}
