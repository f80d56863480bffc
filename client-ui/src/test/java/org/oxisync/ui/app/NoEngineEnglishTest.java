package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: the desktop app finds out what a reason or an activity line is from its code, never by reading the
 * engine's English. This scans client-ui's main sources for the sentences the engine writes (RunTally, RightsRules,
 * Failures, LocalScanner, SyncEngine, TransferSteps, DeleteSteps, …) and for the HTTP and exception words the old
 * text matching looked for; a line that writes such a sentence to the store (the app's own activity lines) is fine.
 */
class NoEngineEnglishTest {
    private static final List<String> ENGINE_WORDS = List.of(
            "not uploaded: read-only", "restored from the server", "moved back", "kept as a conflict copy",
            "edit not uploaded", "server refused", "refused the delete", "missing or not a folder",
            "rate limited", "retry after", "symbolic link", "special file", "unsupported_type", "server_name",
            "connectexception", "unknownhostexception", "permission denied", "access denied", "disk is full",
            "no space left", "changed since the last sync", "changed while", "stopped before deleting",
            "bytes sent", "deleted on the server", "moved to the server's trash", "kept local version as",
            "conflicted copy deleted", "another device committed", "invalid credentials", "authentication failed",
            "log in again", "http 401", "http 507", "401", "507", "quota is full", "storage quota", "timed out", "too old",
            "left alone", "parked until", "disappeared while", "not readable", "could not be listed");

    private static final java.util.regex.Pattern LITERAL = java.util.regex.Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    @Test
    void noMainSourceOfTheAppLooksForTheEnginesEnglish() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i);
                    String lower = line.toLowerCase(Locale.ROOT);
                    if (line.contains("append(") || line.strip().startsWith("*") || line.strip().startsWith("//")) {
                        continue; // writing the app's own English line to the store; comments
                    }
                    java.util.regex.Matcher literal = LITERAL.matcher(lower);
                    while (literal.find()) { // the words inside string literals only
                        for (String w : ENGINE_WORDS) {
                            if (literal.group(1).contains(w)) {
                                found.add(f.getFileName() + ":" + (i + 1) + " \"" + w + "\": " + line.strip());
                            }
                        }
                    }
                }
            }
        }
        assertTrue(found.isEmpty(), "the app reads the engine's words instead of its codes:\n" + String.join("\n", found));
    }

    @Test
    void theScanFindsTheOldMatchingItWasWrittenFor() {
        // the scan itself can fail: the line Plain used to have is caught
        java.util.regex.Matcher m = LITERAL.matcher("        if (r.contains(\"rate limited\")) {");
        assertTrue(m.find() && ENGINE_WORDS.stream().anyMatch(m.group(1)::contains));
    }
}
