package org.oxisync.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The data folder follows {@code $HOME} (not only Java's user.home, which comes from the password database). */
class AppHomeTest {
    @Test
    void theDataFolderIsUnderHomeWhenHomeIsSet() {
        AppHome h = AppHome.resolve(null, Map.of("HOME", "/tmp/other-home"), "Linux", "/home/alice");
        assertEquals(Path.of("/tmp/other-home/.local/share/oxisync"), h.dir());
        AppHome mac = AppHome.resolve(null, Map.of("HOME", "/tmp/mac-home"), "Mac OS X", "/Users/alice");
        assertEquals(Path.of("/tmp/mac-home/Library/Application Support/OxiSync"), mac.dir());
    }

    @Test
    void withoutHomeOrOnWindowsJavasUserHomeIsUsed() {
        assertEquals(Path.of("/home/alice/.local/share/oxisync"),
                AppHome.resolve(null, Map.of(), "Linux", "/home/alice").dir());
        assertEquals(Path.of("/home/alice/.local/share/oxisync"),
                AppHome.resolve(null, Map.of("HOME", " "), "Linux", "/home/alice").dir());
        assertEquals("C:\\Users\\alice", AppHome.userHome(Map.of("HOME", "/c/msys"), "Windows 11", "C:\\Users\\alice"));
    }
}
