package org.oxisync.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The launcher script, the desktop launcher (image.args) and the console launcher of Windows and macOS
 * (cli-launcher.properties) start the JVM with the same options: an AOT cache trained through one of them is
 * valid for the others only then, and the desktop app must get the heap the command line gets.
 */
class JvmOptionsAgreeTest {

    /** The options that decide the heap, the object layout and the modules (what an AOT cache depends on). */
    private static List<String> essential(List<String> options) {
        return options.stream()
                .filter(o -> o.startsWith("--add-modules") || o.startsWith("--enable-native-access")
                        || o.startsWith("-XX:+Use") || o.startsWith("-Xm") || o.contains("HeapFreeRatio"))
                .toList();
    }

    private static List<String> launcherScriptOptions() throws Exception {
        String script = Files.readString(ProjectFiles.repoRoot().resolve("client-app/src/main/scripts/oxisync"));
        Matcher exec = Pattern.compile("(?s)\\nexec \"\\$java\" (.*?) -cp ").matcher(script);
        assertTrue(exec.find(), "the launcher script execs java");
        return Arrays.stream(exec.group(1).replace("\\\n", " ").trim().split("\\s+")).toList();
    }

    @Test
    void theDesktopLauncherStartsTheJvmWithTheLauncherScriptsOptions() throws Exception {
        List<String> image = new ArrayList<>();
        for (String line : Files.readAllLines(ProjectFiles.moduleDir().resolve("src/jpackage/args/image.args"))) {
            if (line.startsWith("--java-options ")) {
                image.add(line.substring("--java-options ".length()).trim());
            }
        }
        List<String> script = essential(launcherScriptOptions());
        assertFalse(script.isEmpty());
        assertEquals(script, essential(image));
    }

    @Test
    void theConsoleLauncherOfWindowsAndMacosStartsTheJvmWithTheSameOptions() throws Exception {
        String props = Files.readString(ProjectFiles.moduleDir().resolve("src/jpackage/args/cli-launcher.properties"));
        Matcher m = Pattern.compile("(?m)^java-options=(.*)$").matcher(props);
        assertTrue(m.find());
        assertEquals(essential(launcherScriptOptions()), essential(Arrays.asList(m.group(1).trim().split("\\s+"))));
    }

    @Test
    void noLauncherLimitsTheJitOrSendsHashingToAChildJvm() throws Exception {
        String all = Files.readString(ProjectFiles.repoRoot().resolve("client-app/src/main/scripts/oxisync"))
                + Files.readString(ProjectFiles.moduleDir().resolve("src/jpackage/args/image.args"))
                + Files.readString(ProjectFiles.moduleDir().resolve("src/jpackage/args/cli-launcher.properties"));
        for (String gone : List.of("TieredStopAtLevel", "oxisync.hash.largeFiles", "oxisync.blake3.kernel=scalar",
                "SharedArchiveFile", "DumpLoadedClassList")) {
            assertFalse(all.contains(gone), gone);
        }
    }
}
