package org.oxisync.bench.many;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** The smoke tests run the real client jar: say clearly when it has not been built. */
final class ClientJar {
    private ClientJar() {}

    /** A fresh work folder for one smoke run under the build folder (-Doxisync.bench.work), kept for a post-mortem. */
    static Path workFolder(String name) {
        Path base = Path.of(System.getProperty("oxisync.bench.work", "target/bench-smoke"));
        Procs.deleteTree(base.resolve(name));
        return base.resolve(name);
    }

    static void require() {
        String jar = System.getProperty("oxisync.jar", "client-app/target/oxisync.jar");
        assertTrue(Files.isRegularFile(Path.of(jar)), () -> "no client jar at " + jar
                + ": build client-core in the same reactor (mvn -B verify, or -pl bench -am)");
    }
}
