package org.oxisync.core.plan;

import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.ServerNamePolicy;

/**
 * The pure heart of a sync run: (local snapshot, remote snapshot, journal) → ordered {@link SyncPlan}. No I/O,
 * no clock reads besides the conflict namer's injected clock; the same inputs give the same plan. The rules
 * are tabled in this package's documentation.
 */
public final class Reconciler {
    private final ConflictNamer conflictNamer;
    private final Screen screen;
    private final PairRights rights;

    public Reconciler(ConflictNamer conflictNamer, ServerNamePolicy serverNames, LocalNamePolicy localNames,
                      PathFilter filter) {
        this(conflictNamer, serverNames, localNames, filter, PairRights.FULL);
    }

    /** A reconciler for a pair with these rights (its mode and role: {@link RightsRules}). */
    public Reconciler(ConflictNamer conflictNamer, ServerNamePolicy serverNames, LocalNamePolicy localNames,
                      PathFilter filter, PairRights rights) {
        this.conflictNamer = Objects.requireNonNull(conflictNamer, "conflictNamer");
        this.screen = new Screen(serverNames, localNames, filter);
        this.rights = Objects.requireNonNull(rights, "rights");
    }

    /** A reconciler with no ignore rules and no selective-sync exclusions. */
    public Reconciler(ConflictNamer conflictNamer, LocalNamePolicy localNames) {
        this(conflictNamer, new ServerNamePolicy(), localNames,
                new PathFilter(IgnoreRules.of(List.of()), SelectiveSync.none()));
    }

    /**
     * Whether an entry of this kind at {@code path} (NFC), present on both sides, passes this reconciler's screen by
     * itself (filter, name rules, temporary names; its folders are asked separately): see {@link Twins}.
     */
    public boolean admits(String path, EntryKind kind) {
        return screen.admits(path, kind);
    }

    /**
     * Whether every new local entry this reconciler admits goes to the server as it is: the pair sends new entries
     * and holds back none the server refused before (see {@link NewFiles}).
     */
    public boolean sendsNewFreely() {
        return rights.sendNew() && rights.refused().isEmpty();
    }

    public SyncPlan reconcile(LocalSnapshot local, RemoteSnapshot remote, JournalBase journal) {
        UnaryOperator<String> key = local.caseInsensitive() ? Names::caseFoldKey : UnaryOperator.identity();
        Screen.Result screened = screen.apply(local, remote, journal);
        List<Item> items = ItemGraph.build(screened).items;
        RightsRules rules = new RightsRules(rights);
        rules.beforePaths(items);
        FinalPaths.compute(items);
        Fates.decideEach(items);
        rules.beforeSplit(items);
        Fates.splitConflicts(items);
        Claims claims = new Claims(conflictNamer, key);
        claims.resolve(items);
        rules.afterClaims(items);
        List<SyncAction.Skip> skips = new java.util.ArrayList<>(screened.skips());
        skips.addAll(claims.skips);
        skips.addAll(rules.skips());
        return new PlanAssembler(key).assemble(items, claims.conflictCopies, skips);
    }
}
