package org.oxisync.ui.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** About names the libraries OxiSync ships, at the versions it ships (the toolkit runs: the list is a view's). */
@org.junit.jupiter.api.extension.ExtendWith(org.testfx.framework.junit5.ApplicationExtension.class)
class AboutLibrariesTest {
    @org.testfx.framework.junit5.Start
    void start(javafx.stage.Stage stage) {
        // nothing shown: SettingsView's class needs the JavaFX toolkit
    }

    private static boolean named(String what) {
        return SettingsView.THIRD_PARTY.stream().anyMatch(l -> l.contains(what));
    }

    @Test
    void everyShippedLibraryIsNamed() {
        for (String lib : List.of("dbus-java", "secret-service", "JetBrains annotations", "FastDoubleParser", "ICU4J",
                "jkeychain", "HKDF", "JSpecify", "Error Prone")) {
            assertTrue(named(lib), lib + " is not named in About: " + SettingsView.THIRD_PARTY);
        }
    }

    @Test
    void theJavaFxAndAtlantaFxVersionsAreTheOnesShipped() {
        String javafx = com.sun.javafx.runtime.VersionInfo.getVersion();
        String major = javafx.split("[.\\-+]")[0];
        assertTrue(named("OpenJFX (JavaFX) " + major + " "), "JavaFX " + javafx + ": " + SettingsView.THIRD_PARTY);
        String atlanta = atlantafx.base.theme.PrimerLight.class.getPackage().getImplementationVersion();
        if (atlanta != null) {
            String[] v = atlanta.split("\\.");
            assertTrue(named("AtlantaFX " + v[0] + "." + v[1] + " "), "AtlantaFX " + atlanta);
        }
    }
}
