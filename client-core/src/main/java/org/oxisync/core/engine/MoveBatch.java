package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.SyncAction;

/**
 * Runs consecutive remote moves of a plan on several workers. Each is one request (a rename or a move): one after
 * the other, a 1,000-file rename would be 1,000 round trips in a row, where the Nextcloud client sends six at a time.
 *
 * <p>The plan's order stays binding wherever it matters: a move starts only after every earlier move of the batch
 * that names the same path, an ancestor or a descendant of one of its two ends (either end, compared ignoring
 * case, as a server or a volume that folds case would). So a parent folder's move precedes its children's moves
 * (their paths are under its new path), a chain {@code a -> b, b -> c} planned as {@code b -> c} first keeps that
 * order, and a swap through a stage name keeps its three steps in order. Moves that share nothing run at once.
 */
final class MoveBatch {
    private MoveBatch() {
    }

    /**
     * For each move, the earlier moves of {@code moves} it must wait for (indexes into the list). Not reduced to a
     * minimum: only complete, so that waiting for all of them keeps every order the plan's list implies.
     */
    static List<int[]> dependencies(List<SyncAction.MoveRemote> moves) {
        Map<String, Integer> lastAt = new HashMap<>(); // a path -> the last move with an end there
        Map<String, List<Integer>> below = new HashMap<>(); // a path -> the moves with an end strictly below it
        List<int[]> out = new ArrayList<>(moves.size());
        for (int k = 0; k < moves.size(); k++) {
            SyncAction.MoveRemote m = moves.get(k);
            Set<Integer> deps = new LinkedHashSet<>();
            List<String> ends = List.of(key(m.from()), key(m.path()));
            for (String end : ends) {
                for (String p = end; !p.isEmpty(); p = RelativePaths.parent(p)) { // the end and its ancestors
                    Integer j = lastAt.get(p);
                    if (j != null) {
                        deps.add(j);
                    }
                }
                deps.addAll(below.getOrDefault(end, List.of()));
            }
            out.add(deps.stream().mapToInt(Integer::intValue).toArray());
            for (String end : ends) {
                lastAt.put(end, k);
                for (String p = RelativePaths.parent(end); !p.isEmpty(); p = RelativePaths.parent(p)) {
                    below.computeIfAbsent(p, x -> new ArrayList<>()).add(k);
                }
            }
        }
        return out;
    }

    private static String key(String path) {
        return path.toLowerCase(Locale.ROOT);
    }

    /**
     * Runs {@code step} for every move, on up to {@code workers} threads, each after the moves it depends on (see
     * {@link #dependencies}) have finished. A step reports its own failures (the executor's {@code runOne}); what
     * escapes a step (an {@link Error}) stops the moves not yet started and is rethrown once the running ones end.
     */
    static void run(List<SyncAction.MoveRemote> moves, int workers, Consumer<SyncAction.MoveRemote> step)
            throws InterruptedException {
        if (workers <= 1 || moves.size() <= 1) {
            moves.forEach(step);
            return;
        }
        List<int[]> deps = dependencies(moves);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(workers, moves.size()), r -> {
            Thread t = new Thread(r, "oxisync-move");
            t.setDaemon(true);
            return t;
        });
        java.util.concurrent.atomic.AtomicReference<Throwable> escaped = new java.util.concurrent.atomic.AtomicReference<>();
        try {
            List<CompletableFuture<Void>> done = new ArrayList<>(moves.size());
            for (int k = 0; k < moves.size(); k++) {
                SyncAction.MoveRemote m = moves.get(k);
                int[] before = deps.get(k);
                CompletableFuture<Void> ready = before.length == 0 ? CompletableFuture.completedFuture(null)
                        : CompletableFuture.allOf(java.util.Arrays.stream(before).mapToObj(done::get)
                                .toArray(CompletableFuture[]::new));
                done.add(ready.thenRunAsync(() -> {
                    if (escaped.get() == null) { // after an escaped Error (the process dying) nothing more starts
                        step.accept(m);
                    }
                }, pool).handle((v, e) -> {
                    if (e != null) {
                        escaped.compareAndSet(null, e instanceof java.util.concurrent.CompletionException
                                && e.getCause() != null ? e.getCause() : e);
                    }
                    return null;
                }));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the move batch failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
        Throwable e = escaped.get();
        if (e instanceof Error err) {
            throw err; // as it would have from the same step run in sequence
        } else if (e instanceof RuntimeException re) {
            throw re;
        } else if (e != null) {
            throw new IllegalStateException(e);
        }
    }
}
