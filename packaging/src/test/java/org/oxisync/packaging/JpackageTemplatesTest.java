package org.oxisync.packaging;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The install scripts in src/jpackage/resources/linux replace jpackage's own templates, and jpackage fills in the
 * placeholders it knows. A placeholder it no longer knows stays in the script as a command (JDK 25 renamed
 * UTILITY_SCRIPTS, and the old name made prerm fail with "UTILITY_SCRIPTS: not found", so no upgrade or removal
 * worked): every placeholder line of ours must be one that the building JDK's template of the same script has.
 */
class JpackageTemplatesTest {
    private static final Pattern PLACEHOLDER_LINE = Pattern.compile("(?m)^\\s*([A-Z][A-Z_]{4,})\\s*$");

    @ParameterizedTest
    @ValueSource(strings = {"postinst", "prerm", "preinst", "spec"})
    void everyPlaceholderOfOurScriptIsOneThatThisJdksJpackageFillsIn(String script) throws Exception {
        String ours = Files.readString(ProjectFiles.moduleDir().resolve("src/jpackage/resources/linux/"
                + (script.equals("spec") ? "oxisync.spec" : script)));
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path template = jrt.getPath("/modules/jdk.jpackage/jdk/jpackage/internal/resources/template." + script);
        String theirs = Files.readString(template);
        List<String> unknown = new ArrayList<>();
        Matcher m = PLACEHOLDER_LINE.matcher(ours);
        while (m.find()) {
            if (!theirs.contains(m.group(1))) {
                unknown.add(m.group(1));
            }
        }
        assertTrue(unknown.isEmpty(), script + " uses placeholders jpackage " + Runtime.version().feature()
                + " does not fill in: " + unknown);
    }
}
