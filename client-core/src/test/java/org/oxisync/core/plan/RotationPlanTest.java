package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;

/**
 * Name rotations: a move's place is taken by an entry that itself moves away, or lies inside the moving entry. No
 * order of plain moves works; one move goes through a free {@code NAME (moving)} name first (seeds 1607 and 3063 of
 * the model test moved a folder into itself and never converged).
 */
class RotationPlanTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2024-05-06T07:08:09Z"), ZoneOffset.UTC);

    private static SyncPlan plan(Scenario s) {
        return new Reconciler(new ConflictNamer(CLOCK, "laptop"), new LocalNamePolicy(OsFamily.LINUX))
                .reconcile(s.localSnapshot(), s.remoteSnapshot(), s.journalBase());
    }

    @Test
    void aFolderMovedIntoANewFolderThatThenTakesItsNameStepsAsideBeforeThatFolderIsMade() {
        // on the server: d -> e/e/d, then e -> d (seed 1607)
        Scenario s = new Scenario().syncedDir("d").synced("d/c", "h1")
                .remoteNewDir("e").remoteNewDir("e/e").remoteMove("d", "e/e/d").remoteMove("e", "d");
        assertEquals(String.join("\n",
                "move      local  d -> d (moving)",
                "mkdir     local  d",
                "mkdir     local  d/e",
                "move      local  d (moving) -> d/e/d"), plan(s).describe());
    }

    @Test
    void aCaseOnlyRenameOntoTheNameOfAFolderThatMovesIntoItWaitsForThatFolderToStepAside() {
        // on the server: D -> d/D/e, then d renamed D; the local volume is case-sensitive (seed 3063)
        Scenario s = new Scenario().syncedDir("D").syncedDir("D/e").synced("D/e/a.txt", "h1").syncedDir("d")
                .remoteNewDir("d/D").remoteMove("D", "d/D/e").remoteMove("d", "D");
        assertEquals(String.join("\n",
                "move      local  D -> D (moving)",
                "move      local  d -> D (case only)",
                "mkdir     local  D/D",
                "move      local  D (moving) -> D/D/e"), plan(s).describe());
    }

    @Test
    void twoFilesSwappedLocallyAreSwappedOnTheServerThroughAStageName() {
        Scenario s = new Scenario().synced("a", "h1").synced("b", "h2")
                .localMove("a", "x").localMove("b", "a").localMove("x", "b");
        assertEquals(String.join("\n",
                "move      remote b -> b (moving)",
                "move      remote a -> b",
                "move      remote b (moving) -> a"), plan(s).describe());
    }

    @Test
    void aLocalFolderMovedIntoTheFolderThatTakesItsNameIsStagedOnTheServer() {
        Scenario s = new Scenario().syncedDir("d").synced("d/x", "h1").syncedDir("e")
                .localMove("d", "e/d").localMove("e", "d");
        assertEquals(String.join("\n",
                "move      remote d -> d (moving)",
                "move      remote e -> d",
                "move      remote d (moving) -> d/d"), plan(s).describe());
    }

    @Test
    void aRotationOfNamesThatDifferOnlyInCaseIsStagedOnACaseInsensitiveVolume() {
        // on the server a -> b and B -> A: locally b and B are one name
        Scenario s = new Scenario().synced("a", "h1").synced("B", "h2").caseInsensitive()
                .remoteMove("a", "x").remoteMove("B", "A").remoteMove("x", "b");
        assertEquals(String.join("\n",
                "move      local  B -> B (moving)",
                "move      local  a -> b",
                "move      local  B (moving) -> A"), plan(s).describe());
    }

    @Test
    void aStageNameAvoidsNamesInUse() {
        Scenario s = new Scenario().syncedDir("x").syncedDir("y").synced("y (moving)", "h3")
                .remoteMove("x", "t").remoteMove("y", "x").remoteMove("t", "y");
        assertEquals(String.join("\n",
                "move      local  y -> y (moving 2)",
                "move      local  x -> y",
                "move      local  y (moving 2) -> x"), plan(s).describe());
    }

    @Test
    void aMoveOntoAPlaceThatAnotherMoveVacatesWaitsForItWithoutAStageName() {
        Scenario s = new Scenario().syncedDir("a").synced("a/f", "h1").synced("g", "h2")
                .remoteNewDir("z").remoteMove("a", "z/a").remoteMove("g", "a");
        List<String> lines = plan(s).describe().lines().toList();
        assertEquals(List.of(
                "move      local  a -> z/a",
                "move      local  g -> a"), lines.stream().filter(l -> l.startsWith("move")).toList(), lines::toString);
    }
}
