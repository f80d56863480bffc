package org.oxisync.ui;

import java.nio.file.Path;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A UI test that opens the app through a {@link ShellFixture}, new for each test and closed after it. The subclass
 * sets {@link #stage} in its own {@code @Start} method: TestFX looks for that on the test class itself only.
 */
@ExtendWith(ApplicationExtension.class)
abstract class ShellFixtureTest {
    @TempDir Path tmp;
    Stage stage;
    ShellFixture fx;

    @BeforeEach
    void openFixture() {
        fx = new ShellFixture(stage, tmp);
    }

    @AfterEach
    void closeFixture() throws Exception {
        fx.close();
    }
}
