package org.oxisync.core.engine;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A test with a fresh emulator, client folder and store ({@link SyncHarness}) per test method. */
abstract class HarnessTest {
    @TempDir
    Path tmp;
    SyncHarness h;

    @BeforeEach
    final void startHarness() {
        h = SyncHarness.start(tmp);
    }

    @AfterEach
    final void closeHarness() {
        h.close();
    }
}
