package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SingleInstanceTest {
    @TempDir Path home;

    @Test
    void secondLaunchAsksTheFirstToShowItsWindowAndDoesNotStart() throws Exception {
        CountDownLatch shown = new CountDownLatch(1);
        Optional<SingleInstance> first = SingleInstance.claim(home, shown::countDown);
        assertTrue(first.isPresent());
        try {
            SingleInstance.Claim second = SingleInstance.tryClaim(home, () -> { });
            assertFalse(second.instance().isPresent(), "the second launch does not become an instance");
            assertTrue(second.signalled(), "the running instance answered, so the second launch can say so");
            assertTrue(shown.await(5, TimeUnit.SECONDS), "the first instance was asked to show its window");
        } finally {
            first.get().close();
        }
    }

    @Test
    void afterTheFirstInstanceExitsTheNextLaunchStarts() throws Exception {
        SingleInstance.claim(home, () -> { }).orElseThrow().close();
        Optional<SingleInstance> next = SingleInstance.claim(home, () -> { });
        assertTrue(next.isPresent());
        next.get().close();
    }

    @Test
    void aMessageWithoutTheTokenIsIgnored() throws Exception {
        CountDownLatch shown = new CountDownLatch(1);
        SingleInstance first = SingleInstance.claim(home, shown::countDown).orElseThrow();
        try {
            String port = java.nio.file.Files.readString(home.resolve("ui.port")).split(" ")[0];
            try (var s = new java.net.Socket("127.0.0.1", Integer.parseInt(port))) {
                s.getOutputStream().write("guess show".getBytes());
            }
            assertFalse(shown.await(500, TimeUnit.MILLISECONDS), "no window shown for a wrong token");
        } finally {
            first.close();
        }
    }
}
