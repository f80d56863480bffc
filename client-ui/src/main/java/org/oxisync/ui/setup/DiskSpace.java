package org.oxisync.ui.setup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** The free space of a local folder's file system, for the wizard and selective sync. */
public final class DiskSpace {
    private DiskSpace() {
    }

    /**
     * The bytes this process may still write on the file system that holds {@code folder}, or of its nearest
     * existing parent when the folder is not made yet; empty when the file system cannot say.
     */
    public static OptionalLong usable(Path folder) {
        Path p = folder.toAbsolutePath().normalize();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Files.getFileStore(p).getUsableSpace());
        } catch (IOException | SecurityException e) {
            return OptionalLong.empty();
        }
    }
}
