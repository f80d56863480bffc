package org.oxisync.app.state;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.core.reason.Reason;

/** An account as every surface shows it: the account's own view, each pair's (in the pairs' order), the link. */
public record AccountView(PairView account, Map<String, PairView> pairs, Link link) {
    public AccountView {
        pairs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(pairs));
    }

    /** The one derivation over {@code facts} (in the pairs' order). */
    public static AccountView of(Collection<PairFacts> facts, boolean signedIn, boolean paused) {
        Link link = StateDerivation.link(facts, signedIn);
        Reason why = StateDerivation.linkProblem(facts, link);
        Map<String, PairView> pairs = new LinkedHashMap<>();
        List<PairView> views = new ArrayList<>();
        for (PairFacts f : facts) {
            PairView v = StateDerivation.pair(f, link, why, paused);
            pairs.put(f.pair(), v);
            views.add(v);
        }
        return new AccountView(StateDerivation.account(views, link, why, paused), pairs, link);
    }
}
