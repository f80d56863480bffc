package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.SyncAction;

/** Remote moves run concurrently, but never before an earlier move they depend on. */
class MoveBatchTest {
    private static SyncAction.MoveRemote file(String from, String to) {
        return new SyncAction.MoveRemote(from, to, "id:" + from, EntryKind.FILE);
    }

    private static SyncAction.MoveRemote folder(String from, String to) {
        return new SyncAction.MoveRemote(from, to, "id:" + from, EntryKind.DIR);
    }

    private static List<String> deps(List<SyncAction.MoveRemote> moves) {
        return MoveBatch.dependencies(moves).stream().map(Arrays::toString).toList();
    }

    @Test
    void renamesOfDifferentFilesInOneFolderDependOnNothing() {
        assertEquals(List.of("[]", "[]", "[]"),
                deps(List.of(file("d/a", "d/ra"), file("d/b", "d/rb"), file("e/c", "e/rc"))));
    }

    @Test
    void aFolderMoveIsWaitedForByTheMovesInsideItsNewPathAndWaitsForTheMovesInsideItsOldPath() {
        List<SyncAction.MoveRemote> moves = List.of(
                file("A/x", "A/y"),        // inside the old path: before the folder move
                folder("A", "B"),          // waits for 0
                file("B/z", "B/w"),        // inside the new path: waits for 1
                file("C/q", "C/r"));       // unrelated
        assertEquals(List.of("[]", "[0]", "[1]", "[]"), deps(moves));
    }

    @Test
    void aChainAndASwapThroughAStageNameKeepTheirOrderAndCaseVariantsCount() {
        // b -> c must be done before a -> b takes the name b; the swap goes a -> s, b -> a, s -> b
        assertEquals(List.of("[]", "[0]"), deps(List.of(file("d/b", "d/c"), file("d/a", "d/b"))));
        assertEquals(List.of("[]", "[0]", "[0, 1]"),
                deps(List.of(file("a", "s"), file("b", "a"), file("s", "b"))));
        assertEquals(List.of("[]", "[0]"), deps(List.of(file("d/Report", "d/x"), file("d/y", "d/report"))));
    }

    @Test
    void independentMovesRunAtTheSameTime() throws Exception {
        List<SyncAction.MoveRemote> moves = List.of(file("d/a", "d/ra"), file("d/b", "d/rb"), file("d/c", "d/rc"));
        CountDownLatch allStarted = new CountDownLatch(moves.size());
        List<Boolean> metTheOthers = Collections.synchronizedList(new ArrayList<>());
        MoveBatch.run(moves, 4, m -> {
            allStarted.countDown();
            try { // in sequence the first step would wait here for steps that cannot start before it ends
                metTheOthers.add(allStarted.await(30, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertEquals(List.of(true, true, true), metTheOthers);
    }

    @Test
    void aParentFolderMoveFinishesBeforeItsChildrensMovesStart() throws Exception {
        List<SyncAction.MoveRemote> moves = new ArrayList<>();
        moves.add(folder("A", "B"));
        for (int i = 0; i < 8; i++) {
            moves.add(file("B/f" + i, "B/g" + i));
        }
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        MoveBatch.run(moves, 4, m -> {
            events.add("start " + m.path());
            if (m.kind() == EntryKind.DIR) {
                try {
                    Thread.sleep(200); // room for a child to jump ahead, were it allowed to
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            events.add("end " + m.path());
        });
        assertEquals(List.of("start B", "end B"), events.subList(0, 2), events.toString());
        assertEquals(18, events.size());
    }

    @Test
    void anErrorEscapingAStepStopsTheMovesNotYetStartedAndIsRethrown() {
        List<SyncAction.MoveRemote> moves = List.of(folder("A", "B"), file("B/x", "B/y"), file("B/z", "B/w"));
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        AssertionError thrown = assertThrows(AssertionError.class, () -> MoveBatch.run(moves, 4, m -> {
            ran.add(m.path());
            throw new AssertionError("the process died in " + m.path());
        }));
        assertEquals("the process died in B", thrown.getMessage());
        assertEquals(List.of("B"), ran, "the children waited for the folder and then did not start");
        assertArrayEquals(new int[] {0}, MoveBatch.dependencies(moves).get(1));
        assertTrue(MoveBatch.dependencies(moves).get(2).length == 1);
    }
}
