package org.oxisync.app.cli;

/**
 * Whether {@code oxisync demo} can run here. The demo's server is the OxiCloud emulator, which the source checkout's
 * jar (client-app/target/oxisync.jar, what {@code scripts/demo.sh} runs) carries and the installed packages leave
 * out (packaging/pom.xml excludes the emulator module: a test double has no place in what users install).
 */
final class DemoAvailability {
    static final String MISSING = "oxisync: `oxisync demo` needs the OxiCloud emulator, which the installed packages"
            + " do not include; run scripts/demo.sh in a source checkout (README), or sync with your server:"
            + " oxisync login URL";

    private DemoAvailability() {}

    static boolean emulatorPresent() {
        return OxiSyncMain.class.getClassLoader().getResource("org/oxisync/emulator/OxiCloudEmulator.class") != null;
    }
}
