package org.oxisync.bench.many;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** The smoke tests run the real client jar: say clearly when it has not been built. */
final class ClientJar {
    private ClientJar() {}

    static void require() {
        String jar = System.getProperty("oxisync.jar", "client-core/target/oxisync.jar");
        assertTrue(Files.isRegularFile(Path.of(jar)), () -> "no client jar at " + jar
                + ": build client-core in the same reactor (mvn -B verify, or -pl bench -am)");
    }
}
