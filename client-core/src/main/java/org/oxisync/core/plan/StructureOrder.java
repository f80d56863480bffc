package org.oxisync.core.plan;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.RelativePaths;

/**
 * Orders one side's folder creations and moves (given in depth order, as {@link PlanAssembler} computed their paths)
 * so that each step finds its place: a step waits for the steps that make its parent, a move waits for an earlier
 * move that carries its source, and a step waits until whatever now occupies its path, or a folder above it, has
 * moved away. Otherwise the depth order is kept.
 *
 * <p>Rotations make these waits circular: on the server folder {@code d} moved to {@code e/e/d} and then {@code e}
 * was renamed {@code d} (the new {@code d} and {@code d/e} can only be made once the old {@code d} has left, and the
 * old {@code d} can only go into them afterwards), or {@code a} and {@code b} swapped names. Then one move is
 * staged: its entry first steps aside to a free sibling name ({@code NAME (moving)}), which frees its place, and
 * goes on to its final place once that exists. The intermediate name is an ordinary, visible one on purpose: should
 * the run stop in between, the journal has the entry there (each move step records it), both sides see it, and the
 * next run simply moves it on. A temp name the scanner hides would look like a deletion.
 */
final class StructureOrder {
    private final UnaryOperator<String> key;
    /** Case-folded names in use on either side at any time of this run (stage names never reuse one). */
    private final Set<String> taken;

    /** One creation or move; a staged move keeps its place in the order and changes its source. */
    private static final class Step {
        final int index;
        SyncAction action;
        /** The entry's current path (null for a creation). */
        String from;
        final String to;
        boolean staged;
        boolean vacated;
        boolean emitted;
        boolean queued;
        int waiting;
        final Set<Step> needVacated = new LinkedHashSet<>();
        final Set<Step> needDone = new LinkedHashSet<>();
        /** Moves that carry this move's source (it was computed after them). */
        final Set<Step> carriers = new LinkedHashSet<>();
        final List<Step> vacateWaiters = new ArrayList<>();
        final List<Step> doneWaiters = new ArrayList<>();

        Step(int index, SyncAction action) {
            this.index = index;
            this.action = action;
            this.from = source(action);
            this.to = action.path();
        }

        boolean isMove() {
            return from != null;
        }
    }

    StructureOrder(UnaryOperator<String> key, Set<String> taken) {
        this.key = key;
        this.taken = taken;
    }

    List<SyncAction> order(List<SyncAction> steps) {
        List<Step> all = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            all.add(new Step(i, steps.get(i)));
        }
        link(all);
        List<SyncAction> out = new ArrayList<>();
        PriorityQueue<Step> ready = new PriorityQueue<>(Comparator.comparingInt((Step s) -> s.index));
        all.stream().filter(s -> s.waiting == 0).forEach(s -> {
            s.queued = true;
            ready.add(s);
        });
        int emitted = 0;
        while (emitted < all.size()) {
            Step next = ready.poll();
            if (next != null) {
                emit(next, out, ready);
                emitted++;
                continue;
            }
            Step stage = pickToStage(all);
            if (stage == null) { // nothing a stage name can free: keep the depth order for the rest
                for (Step s : all) {
                    if (!s.emitted) {
                        s.emitted = true;
                        out.add(s.action);
                    }
                }
                break;
            }
            stage(stage, all, out, ready);
        }
        return out;
    }

    private void link(List<Step> all) {
        Map<String, List<Step>> byTarget = new HashMap<>();
        Map<String, List<Step>> bySource = new HashMap<>();
        for (Step s : all) {
            byTarget.computeIfAbsent(key.apply(s.to), k -> new ArrayList<>()).add(s);
            if (s.isMove()) {
                bySource.computeIfAbsent(key.apply(s.from), k -> new ArrayList<>()).add(s);
            }
        }
        for (Step a : all) {
            for (String p = RelativePaths.parent(a.to); !p.isEmpty(); p = RelativePaths.parent(p)) {
                for (Step b : byTarget.getOrDefault(key.apply(p), List.of())) {
                    if (b != a) {
                        a.needDone.add(b); // b makes a folder above a's place
                    }
                }
            }
            for (String p = a.to; !p.isEmpty(); p = RelativePaths.parent(p)) {
                for (Step b : bySource.getOrDefault(key.apply(p), List.of())) {
                    if (b != a) {
                        a.needVacated.add(b); // b's entry is where a's place (or a folder above it) must be
                    }
                }
            }
            if (a.isMove()) {
                for (String p = RelativePaths.parent(a.from); !p.isEmpty(); p = RelativePaths.parent(p)) {
                    for (Step b : byTarget.getOrDefault(key.apply(p), List.of())) {
                        if (b != a && b.isMove() && b.index < a.index) {
                            a.carriers.add(b);
                            a.needDone.add(b);
                        }
                    }
                }
            }
        }
        for (Step a : all) {
            a.needVacated.forEach(b -> b.vacateWaiters.add(a));
            a.needDone.forEach(b -> b.doneWaiters.add(a));
            a.waiting = a.needVacated.size() + a.needDone.size();
        }
    }

    private static void emit(Step s, List<SyncAction> out, PriorityQueue<Step> ready) {
        s.emitted = true;
        out.add(s.action);
        vacate(s, ready);
        s.doneWaiters.forEach(w -> release(w, ready));
    }

    private static void vacate(Step s, PriorityQueue<Step> ready) {
        if (!s.vacated) {
            s.vacated = true;
            s.vacateWaiters.forEach(w -> release(w, ready));
        }
    }

    private static void release(Step w, PriorityQueue<Step> ready) {
        w.waiting--;
        if (w.waiting == 0 && !w.emitted && !w.queued) {
            w.queued = true;
            ready.add(w);
        }
    }

    /**
     * A move that can step aside now (whatever carries its source has gone out) and has not yet: preferably one
     * whose place another step waits for; the earliest in depth order.
     */
    private static Step pickToStage(List<Step> all) {
        Step fallback = null;
        for (Step s : all) {
            if (s.emitted || !s.isMove() || s.staged || !s.carriers.stream().allMatch(c -> c.emitted)) {
                continue;
            }
            if (s.vacateWaiters.stream().anyMatch(w -> !w.emitted)) {
                return s;
            }
            if (fallback == null) {
                fallback = s;
            }
        }
        return fallback;
    }

    /**
     * Sends {@code s}'s entry to a free sibling name now; {@code s} then goes from there. Moves still waiting whose
     * source lies inside the entry (computed before it moved) now start from inside the stage name.
     */
    private void stage(Step s, List<Step> all, List<SyncAction> out, PriorityQueue<Step> ready) {
        String stageName = stageName(s.from);
        out.add(withPaths(s.action, s.from, stageName));
        for (Step m : all) {
            if (m != s && !m.emitted && m.isMove() && RelativePaths.isStrictAncestor(s.from, m.from)
                    && !m.carriers.contains(s)) {
                m.from = RelativePaths.rebase(m.from, s.from, stageName);
                m.action = withPaths(m.action, m.from, m.to);
                vacate(m, ready); // its old place went with the staged entry
            }
        }
        s.from = stageName;
        s.action = withPaths(s.action, stageName, s.to);
        s.staged = true;
        vacate(s, ready);
    }

    /** {@code NAME (moving)} beside {@code path}, or {@code NAME (moving N)}: a name nothing uses in this run. */
    private String stageName(String path) {
        String parent = RelativePaths.parent(path);
        String base = shortened(RelativePaths.name(path));
        for (int n = 1; ; n++) {
            String candidate = RelativePaths.join(parent, base + (n == 1 ? " (moving)" : " (moving " + n + ")"));
            if (taken.add(Names.caseFoldKey(candidate))) {
                return candidate;
            }
        }
    }

    /** Keeps the stage name within the 255 bytes file systems allow for a name. */
    private static String shortened(String name) {
        String s = name;
        while (s.getBytes(StandardCharsets.UTF_8).length > 200) {
            s = s.substring(0, s.offsetByCodePoints(s.length(), -1));
        }
        return s;
    }

    static SyncAction withPaths(SyncAction move, String from, String to) {
        if (move instanceof SyncAction.MoveLocal m) {
            return new SyncAction.MoveLocal(from, to, m.kind(), m.remoteId());
        }
        SyncAction.MoveRemote m = (SyncAction.MoveRemote) move;
        return new SyncAction.MoveRemote(from, to, m.remoteId(), m.kind());
    }

    static String source(SyncAction a) {
        if (a instanceof SyncAction.MoveLocal m) {
            return m.from();
        }
        return a instanceof SyncAction.MoveRemote m ? m.from() : null;
    }
}
