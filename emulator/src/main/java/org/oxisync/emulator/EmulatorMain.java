package org.oxisync.emulator;

/** Placeholder until the emulator lands. */
public final class EmulatorMain {
    private EmulatorMain() {}
    public static void main(String[] args) { System.out.println("emulator"); }
}
