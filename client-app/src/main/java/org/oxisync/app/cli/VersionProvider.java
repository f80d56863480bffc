package org.oxisync.app.cli;

import org.oxisync.store.hash.Blake3;
import picocli.CommandLine.IVersionProvider;

/** {@code oxisync --version}: the version from the jar manifest (Implementation-Version), and the runtime. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = OxiSyncMain.class.getPackage().getImplementationVersion();
        return new String[] {
            "oxisync " + (version == null ? "(development build)" : version),
            "Java " + Runtime.version() + ", BLAKE3 kernel " + Blake3.implementation()
        };
    }
}
