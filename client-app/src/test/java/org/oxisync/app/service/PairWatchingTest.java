package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PairWatchingTest {
    @TempDir
    Path tmp;
    private ServiceHarness h;

    @AfterEach
    void close() {
        if (h != null) {
            h.close();
        }
    }

    @Test
    void eventPathsBecomeSlashSeparatedPathsRelativeToTheRootAndTheRootItselfMeansScanEverything() {
        Path root = Path.of("/home/u/Sync");
        assertEquals("a/b.txt", PairWatching.relative(root, root.resolve("a").resolve("b.txt")));
        assertEquals("", PairWatching.relative(root, root), "the root: scan everything");
        assertEquals("", PairWatching.relative(root, Path.of("/home/u/Other/x")), "outside the root: scan everything");
        assertNull(PairWatching.relative(root, Path.of("relative/x")), "not comparable: ignored");
    }

    /** A watch that cannot be set up (e.g. inotify's limit): said in the status, tried again after 5 minutes. */
    @Test
    void aWatchThatCannotBeSetUpIsShownInTheStatusAndTriedAgainEveryFiveMinutes() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        ServiceHarness.HandWatch working = new ServiceHarness.HandWatch();
        LocalWatch failingFirst = (root, sink) -> {
            if (attempts.incrementAndGet() == 1) {
                throw new IOException("inotify watch limit reached");
            }
            return working.watch(root, sink);
        };
        h = new ServiceHarness(tmp);
        h.start(failingFirst, false);
        String detail = h.service.status().get(ServiceHarness.PAIR).detail();
        assertTrue(detail.contains("local changes are not watched (inotify watch limit reached)"), detail);

        h.scheduler.advance(PairWatching.RETRY.minus(Duration.ofSeconds(1)));
        assertEquals(1, attempts.get(), "not before 5 minutes");
        h.scheduler.advance(Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        assertEquals(2, attempts.get());
        assertTrue(working.sink != null, "watching now");
        assertFalse(h.service.status().get(ServiceHarness.PAIR).detail().contains("not watched"));
    }
}
