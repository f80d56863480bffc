package org.oxisync.core.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.RelativePaths;

/**
 * Resolves two items ending up at the same path (compared case-insensitively on a case-insensitive volume):
 * the one whose place comes from the remote side keeps the name; the others, when they come from the local
 * side, are renamed locally to a conflict copy first (and so uploaded under that name). An item that cannot
 * be renamed that way is skipped and reported.
 */
final class Claims {
    private final ConflictNamer namer;
    private final UnaryOperator<String> key;
    final List<SyncAction> conflictCopies = new ArrayList<>();
    final List<SyncAction.Skip> skips = new ArrayList<>();

    Claims(ConflictNamer namer, UnaryOperator<String> key) {
        this.namer = namer;
        this.key = key;
    }

    void resolve(List<Item> items) {
        Set<String> taken = new HashSet<>();
        for (Item it : items) {
            if (it.local != null) {
                taken.add(key.apply(it.local.path()));
            }
            if (it.remote != null) {
                taken.add(key.apply(it.remote.path()));
            }
        }
        // each round renames at least one item; a rename can only collide again with a taken name, which the
        // namer avoids, so this ends (the bound is a guard)
        for (int round = 0; round < 1000; round++) {
            FinalPaths.compute(items);
            Map<String, List<Item>> byPath = new LinkedHashMap<>();
            for (Item it : items) {
                if (it.existsAtEnd()) {
                    taken.add(key.apply(it.finalPath));
                    byPath.computeIfAbsent(key.apply(it.finalPath), k -> new ArrayList<>()).add(it);
                }
            }
            boolean changed = false;
            for (List<Item> group : byPath.values()) {
                if (group.size() > 1) {
                    settle(group, taken);
                    changed = true;
                }
            }
            if (!changed) {
                return;
            }
        }
        throw new IllegalStateException("name claims did not settle");
    }

    private void settle(List<Item> group, Set<String> taken) {
        // an item kept only locally (deleted remotely, something inside changed) has its place from the journal,
        // not from the remote side: a remote entry that took the name meanwhile wins over it
        Item winner = group.stream().filter(i -> i.remote != null && !i.finalFromLocal).findFirst()
                .or(() -> group.stream().filter(i -> !i.finalFromLocal).findFirst()).orElse(group.get(0));
        for (Item loser : group) {
            if (loser == winner) {
                continue;
            }
            if (loser.local != null && (loser.finalFromLocal || loser.remote == null)) {
                String copy = namer.conflictPath(loser.finalPath, p -> taken.contains(key.apply(p)));
                taken.add(key.apply(copy));
                String from = localPathNow(loser);
                loser.localName = RelativePaths.name(copy);
                conflictCopies.add(new SyncAction.ConflictCopy(from,
                        RelativePaths.join(RelativePaths.parent(from), loser.localName), loser.kind()));
            } else {
                loser.fate = Item.Fate.SKIPPED;
                skips.add(new SyncAction.Skip(loser.finalPath, new SkipReason(SkipReason.Code.CASE_CLASH,
                        "another entry takes this name on the local volume")));
            }
        }
    }

    /** The item's local path now, after the conflict copies decided so far (they run first, in order). */
    static String localPathNow(Item x) {
        return RelativePaths.join(x.localParent == null ? RelativePaths.parent(x.local.path())
                : localPathNow(x.localParent), x.localName);
    }
}
