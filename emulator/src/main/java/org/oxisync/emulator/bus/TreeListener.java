package org.oxisync.emulator.bus;

/** Told about every tree change, inside the tree's lock: must only queue, never block. */
@FunctionalInterface
public interface TreeListener {
    TreeListener NONE = e -> {};

    void changed(TreeEvent event);
}
