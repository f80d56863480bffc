package org.oxisync.core.cli;

/** Placeholder until the CLI lands. */
public final class OxiSyncMain {
    private OxiSyncMain() {}
    public static void main(String[] args) { System.out.println("oxisync"); }
}
