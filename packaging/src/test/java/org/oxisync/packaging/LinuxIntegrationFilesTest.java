package org.oxisync.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The desktop entry, the systemd unit and the install scripts agree with jpackage's layout and with each other. */
class LinuxIntegrationFilesTest {

    private static final Path SRC = ProjectFiles.moduleDir().resolve("src");
    /** `ln -sf SRC DEST` and `install -m 644 SRC DEST` in the Debian postinst. */
    private static final Pattern CREATED = Pattern.compile("(?m)^\\s*(?:ln -sf|install -m \\d+) \\S+ (/\\S+)\\s*$");

    @Test
    void desktopEntryStartsTheInstalledGuiLauncherWithItsIcon() throws Exception {
        Map<String, String> entry = keyValues(ProjectFiles.text(SRC.resolve("linux/oxisync.desktop")));
        String installDir = installDir();

        assertEquals("Application", entry.get("Type"));
        assertEquals(installDir + "/bin/" + pomProperty("app.name"), entry.get("Exec"));
        // jpackage copies --icon to lib/<launcher name>.png
        assertEquals(installDir + "/lib/" + pomProperty("app.name") + ".png", entry.get("Icon"));
    }

    /**
     * Issue 18 #35: the dock and task bar tie the window to this entry by WM_CLASS, which JavaFX on GTK sets to the
     * Application subclass's full name (seen with xprop under Xvfb: "org.oxisync.ui.app.OxiSyncApp").
     */
    @Test
    void desktopEntryNamesTheWindowClassOfTheApp() throws Exception {
        Map<String, String> entry = keyValues(ProjectFiles.text(SRC.resolve("linux/oxisync.desktop")));
        assertEquals(org.oxisync.ui.app.OxiSyncApp.class.getName(), entry.get("StartupWMClass"));
        assertTrue(javafx.application.Application.class.isAssignableFrom(org.oxisync.ui.app.OxiSyncApp.class));
    }

    @Test
    void systemdUserUnitRunsTheCliDaemonForTheUserSession() throws Exception {
        Map<String, String> unit = keyValues(ProjectFiles.text(SRC.resolve("systemd/oxisync.service")));

        assertEquals(installDir() + "/bin/" + pomProperty("cli.launcher.name") + " daemon", unit.get("ExecStart"));
        assertEquals("default.target", unit.get("WantedBy"));
    }

    @Test
    void everythingTheDebPostinstCreatesItsPrermRemoves() throws Exception {
        String postinst = ProjectFiles.text(SRC.resolve("jpackage/resources/linux/postinst"));
        String prerm = ProjectFiles.text(SRC.resolve("jpackage/resources/linux/prerm"));
        Set<String> created = new LinkedHashSet<>();
        Matcher m = CREATED.matcher(postinst);
        while (m.find()) {
            created.add(m.group(1));
        }

        assertEquals(Set.of("/usr/bin/oxisync", "/usr/share/applications/oxisync.desktop",
                "/usr/lib/systemd/user/oxisync.service"), created);
        for (String path : created) {
            assertTrue(prerm.contains(path), "prerm leaves " + path + " behind");
        }
        assertTrue(postinst.contains("-XX:AOTCacheOutput=$APP/lib/app/oxisync.aot"), "postinst trains the AOT cache");
        assertTrue(postinst.contains("\"$APP/bin/oxisync\" inspect chunks"), "trained through the launcher, with its options");
        assertTrue(prerm.contains("\"$APP/lib/app/oxisync.aot\""), "prerm leaves the AOT cache behind");
    }

    @Test
    void rpmSpecOwnsTheFilesTheDebScriptsCreate() throws Exception {
        String spec = ProjectFiles.text(SRC.resolve("jpackage/resources/linux/oxisync.spec"));

        for (String path : Set.of("/usr/bin/oxisync", "/usr/share/applications/oxisync.desktop",
                "/usr/lib/systemd/user/oxisync.service")) {
            assertTrue(spec.contains("%{buildroot}" + path), "spec does not install " + path);
        }
        assertTrue(spec.contains("AOT=APPLICATION_DIRECTORY/lib/app/oxisync.aot"));
        assertTrue(spec.contains("rm -f APPLICATION_DIRECTORY/lib/app/oxisync.aot"), "%preun leaves the AOT cache behind");
        assertFalse(spec.contains("Prefix: APPLICATION_PREFIX"), "the package names /opt/oxisync, so it must not be relocatable");
    }

    @Test
    void theManPageIsInstalledAndRemovedByBothPackages() throws Exception {
        String postinst = ProjectFiles.text(SRC.resolve("jpackage/resources/linux/postinst"));
        String prerm = ProjectFiles.text(SRC.resolve("jpackage/resources/linux/prerm"));
        String spec = ProjectFiles.text(SRC.resolve("jpackage/resources/linux/oxisync.spec"));
        assertTrue(postinst.contains("/usr/share/man/man1/oxisync.1.gz"));
        assertTrue(prerm.contains("/usr/share/man/man1/oxisync.1.gz"));
        assertTrue(spec.contains("%{buildroot}/usr/share/man/man1/oxisync.1.gz"));
        assertTrue(Files.isRegularFile(SRC.resolve("jpackage/resources/linux/preinst")), "preinst makes /opt");
    }

    @Test
    void theAppJarNamesItsVersionAndLinuxInstallsTheLauncherScript() throws Exception {
        String pom = ProjectFiles.text(ProjectFiles.moduleDir().resolve("pom.xml"));
        assertTrue(pom.contains("<Implementation-Version>${project.version}</Implementation-Version>"),
                "without it the installed app calls itself a development build");
        assertTrue(pom.contains("client-app/src/main/scripts/oxisync"), "the CLI launcher script replaces jpackage's");
        assertTrue(pom.contains("deb-unown-opt.sh"), "the .deb must not own /opt");
    }

    private static String installDir() throws Exception {
        return "/opt/" + pomProperty("app.package");
    }

    private static String pomProperty(String name) throws Exception {
        return ProjectFiles.pomProperties(ProjectFiles.pom()).get(name);
    }

    private static Map<String, String> keyValues(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0) {
                values.putIfAbsent(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
            }
        }
        return values;
    }
}
