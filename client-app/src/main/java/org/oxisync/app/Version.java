package org.oxisync.app;

/** This build's version, from the jar manifest (the Maven project version); "dev" when run from classes. */
public final class Version {
    private Version() {}

    public static String current() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
