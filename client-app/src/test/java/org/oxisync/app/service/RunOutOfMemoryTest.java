package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that dies of OutOfMemoryError (a pair too large for the heap: a million files under the desktop app's old 384
 * MiB cap) leaves its pair in ERROR with a message naming the heap limit, instead of "scanning" or "discovering" for
 * good; the service goes on.
 */
class RunOutOfMemoryTest {
    @TempDir
    Path tmp;

    @Test
    void anOutOfMemoryErrorOnATransferWorkerEndsTheRunInErrorToo() throws Exception {
        try (ServiceHarness h = new ServiceHarness(tmp)) {
            h.write("a.txt", "one");
            AtomicBoolean thrown = new AtomicBoolean();
            h.events.onItem = () -> { // on a transfer worker, after the item's upload
                if (thrown.compareAndSet(false, true)) {
                    throw new OutOfMemoryError("Java heap space (thrown by the test)");
                }
            };
            h.start(new ServiceHarness.HandWatch(), false);

            assertTrue(thrown.get(), "the run reached an item");
            assertTrue(h.events.states.stream().anyMatch(s -> s.startsWith("ERROR: the run ran out of memory (heap limit ")),
                    h.events.states.toString());
            assertTrue(h.events.states.stream().noneMatch(s -> s.equals("IDLE: in sync")), h.events.states.toString());
        }
    }

    @Test
    void aRunThatRunsOutOfMemoryLeavesThePairInErrorNamingTheHeapLimit() throws Exception {
        try (ServiceHarness h = new ServiceHarness(tmp)) {
            h.write("a.txt", "one");
            AtomicBoolean thrown = new AtomicBoolean();
            h.events.onState = state -> { // on the run's thread, in the middle of the run
                if (state.equals("SCANNING: discovering") && thrown.compareAndSet(false, true)) {
                    throw new OutOfMemoryError("Java heap space (thrown by the test)");
                }
            };
            h.start(new ServiceHarness.HandWatch(), false);

            assertTrue(thrown.get(), "the run reached its discovery");
            assertTrue(h.events.states.stream().anyMatch(s -> s.startsWith("ERROR: the run ran out of memory (heap limit ")),
                    h.events.states.toString());
            assertTrue(h.events.errors.stream().anyMatch(e -> e.contains("start OxiSync with a larger -Xmx")),
                    h.events.errors.toString());
        }
    }
}
