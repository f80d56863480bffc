package org.oxisync.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class PackagingPomTest {

    @Test
    void appVersionIsTheProjectVersionWithoutSnapshot() throws Exception {
        Document pom = ProjectFiles.pom();
        String projectVersion = ProjectFiles.childElement(
                ProjectFiles.childElement(pom.getDocumentElement(), "parent"), "version").getTextContent().strip();

        assertEquals(projectVersion.replace("-SNAPSHOT", ""), ProjectFiles.pomProperties(pom).get("app.version"));
    }

    @Test
    void installerProfilesSwitchOnTheAppImageAndTheirOwnStep() throws Exception {
        Map<String, Map<String, String>> profiles = ProjectFiles.pomProfiles(ProjectFiles.pom());

        assertEquals("false", profiles.get("app-image").get("image.skip"));
        for (String type : List.of("deb", "rpm", "msi", "dmg")) {
            Map<String, String> properties = profiles.get(type);
            assertNotNull(properties, "profile " + type);
            assertEquals("false", properties.get("image.skip"), type);
            assertEquals("false", properties.get(type + ".skip"), type);
        }
    }

    @Test
    void plainBuildSkipsEveryJpackageStep() throws Exception {
        Map<String, String> properties = ProjectFiles.pomProperties(ProjectFiles.pom());

        for (String skip : List.of("image.skip", "deb.skip", "rpm.skip", "msi.skip", "dmg.skip")) {
            assertEquals("true", properties.get(skip), skip);
        }
    }

    @Test
    void iconOfEverySystemIsCommitted() throws Exception {
        Document pom = ProjectFiles.pom();
        List<String> icons = new java.util.ArrayList<>();
        icons.add(ProjectFiles.pomProperties(pom).get("app.icon"));
        ProjectFiles.pomProfiles(pom).values().forEach(p -> {
            if (p.containsKey("app.icon")) {
                icons.add(p.get("app.icon"));
            }
        });

        assertEquals(3, icons.size(), icons.toString());
        for (String icon : icons) {
            // jpackage runs in target/jpackage, where src/icons is copied to icons/
            Path file = ProjectFiles.moduleDir().resolve("src").resolve(icon);
            assertTrue(Files.size(file) > 1000, file + " is missing or empty");
        }
    }

    @Test
    void windowsUpgradeCodeIsAFixedUuid() throws Exception {
        String uuid = ProjectFiles.pomProperties(ProjectFiles.pom()).get("win.upgrade.uuid");

        assertEquals(uuid, UUID.fromString(uuid).toString());
        assertTrue(ProjectFiles.text(ProjectFiles.moduleDir().resolve("src/jpackage/args/msi.args"))
                .contains("--win-upgrade-uuid ${win.upgrade.uuid}"));
    }

    @Test
    void jlinkModulesIncludeTlsVectorApiAndJavaFx() throws Exception {
        List<String> modules = List.of(ProjectFiles.pomProperties(ProjectFiles.pom()).get("jlink.modules").split(","));

        assertTrue(modules.containsAll(List.of("java.base", "java.sql", "java.desktop", "java.naming", "java.logging",
                "jdk.crypto.ec", "jdk.unsupported", "jdk.incubator.vector", "jdk.net", "jdk.security.auth",
                "javafx.controls")), modules.toString());
    }

    @Test
    void theInstallersLeaveTheEmulatorOut() throws Exception {
        // the packaging module's runtime class path is what the shade plugin puts into the app jar
        assertEquals(null, getClass().getClassLoader().getResource("org/oxisync/emulator/OxiCloudEmulator.class"),
                "the emulator is on the installers' class path");
        assertTrue(!ProjectFiles.pomProperties(ProjectFiles.pom()).get("jlink.modules").contains("jdk.httpserver"),
                "jdk.httpserver was only the emulator's");
    }

    /** The value of the one --linux-package-deps line of an args file, split at commas (issue 17: fonts). */
    private static List<String> packageDeps(String argsFile) throws Exception {
        List<String> lines = ProjectFiles.text(ProjectFiles.moduleDir().resolve("src/jpackage/args/" + argsFile))
                .lines().filter(l -> l.startsWith("--linux-package-deps ")).toList();
        assertEquals(1, lines.size(), argsFile + ": jpackage keeps only one --linux-package-deps: " + lines);
        String value = lines.get(0).substring("--linux-package-deps ".length()).strip().replace("\"", "");
        return java.util.Arrays.stream(value.split(",")).map(String::strip).toList();
    }

    @Test
    void debAndRpmDependOnGtkAndOnFontsForCjkDevanagariAndArabic() throws Exception {
        assertEquals(List.of("libgtk-3-0", "fonts-noto-core", "fonts-droid-fallback"), packageDeps("deb.args"));
        assertEquals(List.of("gtk3", "libXtst", "google-droid-sans-fonts", "google-noto-sans-devanagari-fonts",
                "google-noto-sans-arabic-fonts"), packageDeps("rpm.args"));
    }
}
