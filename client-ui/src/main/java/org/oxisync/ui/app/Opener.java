package org.oxisync.ui.app;

import java.nio.file.Path;

/** Hands pages, files and folders to the desktop ({@link DesktopActions}); a fake in tests. Never blocks. */
public interface Opener {
    void browse(String url);

    void open(Path fileOrFolder);

    void showInFolder(Path file);
}
