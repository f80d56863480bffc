package org.oxisync.app.commands;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.store.StoreView;
import org.oxisync.app.state.PairState;
import org.oxisync.app.state.AccountView;
import org.oxisync.app.state.PairFacts;
import org.oxisync.app.state.PairView;
import org.oxisync.app.state.ViewJson;
import org.oxisync.store.account.FolderPair;

/**
 * The view {@code oxisync status} words: the running process's own derivation when one syncs the account (its
 * {@code shown} objects), else the same derivation over what the store knows (no run, no connection: the failing
 * items and the sign-in).
 */
public final class StatusViews {
    private StatusViews() {}

    public static AccountView of(List<FolderPair> pairs, StoreView store, JsonNode live, boolean signedIn) {
        return of(pairs, p -> store.errors(p.id()).size(), live, signedIn);
    }

    /** {@code storeFailing}: how many items the store lists as failing for a pair. */
    public static AccountView of(List<FolderPair> pairs, java.util.function.ToIntFunction<FolderPair> storeFailing,
                          JsonNode live, boolean signedIn) {
        if (live != null) {
            PairView account = ViewJson.read(live.get("shown"));
            Map<String, PairView> byPair = new LinkedHashMap<>();
            for (JsonNode n : live.path("pairs")) {
                PairView v = ViewJson.read(n.get("shown"));
                if (v != null) {
                    byPair.put(n.path("name").asText(), v);
                }
            }
            if (account != null && pairs.stream().allMatch(p -> byPair.containsKey(p.name()))) {
                return new AccountView(account, byPair, null);
            }
        }
        List<PairFacts> facts = new ArrayList<>();
        for (FolderPair p : pairs) {
            facts.add(new PairFacts(p.name(), PairState.IDLE, null, null, storeFailing.applyAsInt(p), 0));
        }
        return AccountView.of(facts, signedIn, false);
    }
}
