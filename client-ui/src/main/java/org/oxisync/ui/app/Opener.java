package org.oxisync.ui.app;

import java.nio.file.Path;

/** Hands pages, files and folders to the desktop ({@link DesktopActions}); a fake in tests. Never blocks. */
public interface Opener {
    void browse(String url);

    void open(Path fileOrFolder);

    void showInFolder(Path file);

    /**
     * Where failures are reported, on the FX thread, as a sentence ("No program to open files was found
     * (xdg-open is missing) …"): nothing fails silently. The last handler set wins.
     */
    default void onFailure(java.util.function.Consumer<String> handler) {
    }
}
