package org.oxisync.app.state;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;

/** The facts of a running service's pairs: its pairs' states with the store's failing items. */
public final class ServiceFacts {
    private ServiceFacts() {}

    /**
     * {@code storeFailing}: a pair's failing paths as the store has them now (by pair name). An item counts once
     * whether the store or the last run's report names it; what the last run left out is counted from its report.
     */
    public static List<PairFacts> of(Map<String, PairStatus> status, Function<String, Set<String>> storeFailing) {
        List<PairFacts> out = new ArrayList<>();
        for (PairStatus s : status.values()) {
            out.add(facts(s, storeFailing.apply(s.pair())));
        }
        return out;
    }

    /** The paths the store lists as failing for the pair {@code pairId}. */
    public static Set<String> failingPaths(org.oxisync.store.LocalStore store, long pairId) {
        Set<String> out = new HashSet<>();
        store.errors().list(pairId).forEach(e -> out.add(e.path()));
        return out;
    }

    public static PairFacts facts(PairStatus s, Set<String> storeFailing) {
        SyncReport r = s.lastReport();
        Set<String> failing = new HashSet<>(storeFailing);
        if (r != null) {
            // the last run's errors that are not stored per item (an unreadable entry, a bad journal row)
            r.errors().stream().map(ItemError::path).filter(p -> !p.isEmpty()).forEach(failing::add);
        }
        return new PairFacts(s.pair(), s.state(), s.problem(), s.progress(), failing.size(),
                r == null ? 0 : r.skipped().size());
    }
}
