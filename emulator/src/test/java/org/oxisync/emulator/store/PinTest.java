package org.oxisync.emulator.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.emulator.hash.Blake3;

/** Audit #12: a loose chunk is claimable only while its ref_count is 0 (dedup_service.rs:929). */
class PinTest {
    @TempDir
    Path dir;

    @Test
    void aLooseChunkCanBePinnedByOneCommitAtATime() throws Exception {
        try (Tree tree = new Tree(dir, Clock.systemUTC(), Duration.ZERO)) {
            String alice = tree.createUser("alice", "a@x", "x", 0).id;
            byte[] data = "shared chunk".getBytes();
            String h = Blake3.hex(data, 0, data.length);
            tree.chunks().put(h, data, 0, data.length);
            tree.addLoose(h);
            assertEquals(List.of(), tree.pin(alice, List.of(h)), "first commit pins it");
            assertEquals(List.of(h), tree.pin(alice, List.of(h)), "second commit: still_missing");
            tree.unpin(List.of(h));
            assertEquals(List.of(), tree.pin(alice, List.of(h)), "free again once the first let go");
            tree.unpin(List.of(h));
        }
    }
}
