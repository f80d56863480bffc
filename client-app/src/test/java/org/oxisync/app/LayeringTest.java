package org.oxisync.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rules of docs/architecture.md that Maven's dependency rules cannot see, checked on the sources: only the
 * demo knows the emulator (a compile dependency for `oxisync demo`), and nothing in client-app touches JavaFX.
 * client-core needs no such test: its pom bans the emulator at compile scope, and JavaFX.
 */
class LayeringTest {
    private static final Path MAIN = Path.of("src/main/java/org/oxisync/app");

    private static List<String> offenders(String importPrefix, String allowedPackageDir) throws IOException {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> allowedPackageDir == null || !p.startsWith(MAIN.resolve(allowedPackageDir)))
                    .filter(p -> {
                        try {
                            return Files.readAllLines(p).stream().anyMatch(l -> l.startsWith("import " + importPrefix)
                                    || l.startsWith("import static " + importPrefix) || l.contains(" " + importPrefix));
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .map(Path::toString).sorted().toList();
        }
    }

    @Test
    void onlyTheDemoPackageUsesTheEmulator() throws IOException {
        assertEquals(List.of(), offenders("org.oxisync.emulator.", "demo"));
    }

    @Test
    void nothingInClientAppUsesJavaFx() throws IOException {
        assertEquals(List.of(), offenders("javafx.", null));
    }
}
