package org.oxisync.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The jlinked runtime must hold every JDK module the app's class path uses: jdeps over the runtime class path
 * (this test's class path without test libraries and JavaFX, which jlink adds as modules) must name no module
 * that {@code jlink.modules} lacks. Catches a library that another module adds later.
 */
class JlinkModulesTest {

    private static final List<String> NOT_SHIPPED = List.of("/org/junit/", "/org/opentest4j/", "/org/apiguardian/",
            "/jackson-dataformat-yaml/", "/org/yaml/", "/org/openjfx/", "/packaging/");

    @Test
    void jlinkModulesCoverWhatJdepsFindsOnTheRuntimeClassPath() throws Exception {
        Set<String> shipped = Set.of(ProjectFiles.pomProperties(ProjectFiles.pom()).get("jlink.modules").split(","));
        List<String> runtime = new ArrayList<>();
        List<String> javafx = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String normalized = entry.replace(File.separatorChar, '/');
            if (normalized.contains("/org/openjfx/") && new File(entry).exists()) {
                javafx.add(entry);
            } else if (NOT_SHIPPED.stream().noneMatch(normalized::contains) && new File(entry).exists()) {
                runtime.add(entry);
            }
        }
        // the same entries as module path too, so that modular jars (okhttp, jackson) find their requirements;
        // JavaFX (a jlink module, not a target) is on the module path only, for modular jars that require it (AtlantaFX)
        List<String> modulePath = new ArrayList<>(runtime);
        modulePath.addAll(javafx);
        List<String> args = new ArrayList<>(List.of("--multi-release", "17", "--ignore-missing-deps", "--print-module-deps",
                "--module-path", String.join(File.pathSeparator, modulePath)));
        args.addAll(runtime);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int rc = ToolProvider.findFirst("jdeps").orElseThrow()
                .run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));

        assertEquals(0, rc, err.toString());
        // jdeps prints "Warning: split package" lines first (each jar is both target and module); the list is last
        String[] lines = out.toString().strip().split("\\R");
        List<String> needed = List.of(lines[lines.length - 1].strip().split(","));
        assertTrue(needed.contains("java.base"), "unexpected jdeps output: " + out);
        for (String module : needed) {
            assertTrue(shipped.contains(module), "jdeps needs " + module + " but jlink.modules lacks it: " + needed);
        }
    }
}
