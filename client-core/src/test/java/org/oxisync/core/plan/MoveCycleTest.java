package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;

/**
 * Moves on both sides can form a cycle no single tree has: here folder e/d is moved out to d and e into it locally,
 * while on the server e/d moves deeper into e. The server's moves win; the local move that closes the cycle is
 * undone (a move back, nothing deleted). Found by the model-based test (seed 704: a stack overflow).
 */
class MoveCycleTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2024-05-06T07:08:09Z"), ZoneOffset.UTC);

    @Test
    void aCycleOfLocalAndRemoteFolderMovesIsBrokenByUndoingTheLocalMoveThatClosesIt() {
        Scenario s = new Scenario().syncedDir("e").syncedDir("e/d").synced("e/d/c", "h1")
                .localMove("e/d", "d").localMove("e", "d/e")
                .remoteNewDir("e/D").remoteMove("e/d", "e/D/D");
        SyncPlan plan = new Reconciler(new ConflictNamer(CLOCK, "laptop"), new LocalNamePolicy(OsFamily.LINUX))
                .reconcile(s.localSnapshot(), s.remoteSnapshot(), s.journalBase());
        assertEquals(String.join("\n",
                "move      local  d/e -> e",
                "mkdir     local  e/D",
                "move      local  d -> e/D/D"), plan.describe());
    }
}
