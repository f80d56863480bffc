package org.oxisync.app.state;

import java.util.Collection;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/**
 * The one derivation of what a pair and an account are shown as. Pure: the same facts give the same view on every
 * surface. The server-level states (signed out, offline, read-only) come from {@link #link}, one value for all pairs
 * of the server, so a second pair can never stay green while the first finds the server down.
 */
public final class StateDerivation {
    private StateDerivation() {}

    /**
     * What the connection to the server knows now, from its pairs' engine states and whether the account has a
     * sign-in: a refused sign-in or none is {@link Link#SIGNED_OUT}; any pair waiting for a server that did not
     * answer makes it {@link Link#OFFLINE}; one the server told it is read-only, {@link Link#READ_ONLY}.
     */
    public static Link link(Collection<PairFacts> pairs, boolean signedIn) {
        if (!signedIn) {
            return Link.SIGNED_OUT;
        }
        Link l = Link.ONLINE;
        for (PairFacts p : pairs) {
            if (signInRefused(p.problem()) && p.engine() == PairState.ERROR) {
                return Link.SIGNED_OUT;
            }
            if (p.engine() == PairState.OFFLINE) {
                l = readOnly(p.problem()) && l != Link.OFFLINE ? Link.READ_ONLY : Link.OFFLINE;
            }
        }
        return l;
    }

    /** The reason the connection's state stands for: the first pair's problem that made it so (null when none). */
    public static Reason linkProblem(Collection<PairFacts> pairs, Link link) {
        for (PairFacts p : pairs) {
            boolean match = switch (link) {
                case SIGNED_OUT -> p.engine() == PairState.ERROR && signInRefused(p.problem());
                case OFFLINE -> p.engine() == PairState.OFFLINE && !readOnly(p.problem());
                case READ_ONLY -> p.engine() == PairState.OFFLINE && readOnly(p.problem());
                case ONLINE -> false;
            };
            if (match) {
                return p.problem();
            }
        }
        return null;
    }

    /** One pair under the server's {@code link}; {@code paused}: the whole account is paused. */
    public static PairView pair(PairFacts f, Link link, Reason linkProblem, boolean paused) {
        ProgressSnapshot p = f.progress();
        boolean busy = f.engine() == PairState.SCANNING || f.engine() == PairState.SYNCING;
        long done = busy && p != null ? p.bytesDone() : 0;
        long total = busy && p != null ? p.bytesTotal() : 0;
        int itemsDone = busy && p != null ? p.itemsFinished() : 0;
        int itemsTotal = busy && p != null ? p.itemsTotal() : 0;
        Shown shown;
        Reason why = null;
        if (link == Link.SIGNED_OUT) {
            shown = Shown.SIGNED_OUT;
            why = linkProblem;
        } else if (paused || f.engine() == PairState.PAUSED) {
            shown = Shown.PAUSED;
        } else if (busy) {
            // a run that has items to move is syncing, whatever phase event came first
            shown = f.engine() == PairState.SYNCING || itemsTotal > 0 ? Shown.SYNCING : Shown.CHECKING;
        } else if (link == Link.OFFLINE) {
            shown = Shown.OFFLINE;
            why = f.engine() == PairState.OFFLINE ? f.problem() : linkProblem;
        } else if (link == Link.READ_ONLY) {
            shown = Shown.READ_ONLY;
            why = f.engine() == PairState.OFFLINE ? f.problem() : linkProblem;
        } else if (f.engine() == PairState.ERROR) {
            shown = Shown.PROBLEM;
            why = f.problem();
        } else if (f.failing() > 0) {
            shown = Shown.FAILING;
        } else if (f.leftOut() > 0) {
            shown = Shown.LEFT_OUT;
        } else {
            shown = Shown.UP_TO_DATE;
        }
        if (!shown.busy()) { // the bytes of a run are shown only while the pair shows it running
            return new PairView(shown, why, 0, 0, 0, 0, f.failing(), f.leftOut());
        }
        return new PairView(shown, why, done, total, itemsDone, itemsTotal, f.failing(), f.leftOut());
    }

    /**
     * The account: signed out when its server is; else syncing or checking while any pair runs (the runs' progress
     * summed); else its pairs' most urgent state ({@link Shown}'s order), paused only when the account is or every
     * pair is. The failing and left-out counts are the pairs' sums.
     */
    public static PairView account(Collection<PairView> pairs, Link link, Reason linkProblem, boolean paused) {
        long done = 0;
        long total = 0;
        int itemsDone = 0;
        int itemsTotal = 0;
        int failing = 0;
        int leftOut = 0;
        boolean allPaused = !pairs.isEmpty();
        Shown worst = Shown.UP_TO_DATE;
        Reason why = null;
        for (PairView v : pairs) {
            done += v.bytesDone();
            total += v.bytesTotal();
            itemsDone += v.itemsDone();
            itemsTotal += v.itemsTotal();
            failing += v.failing();
            leftOut += v.leftOut();
            allPaused &= v.shown() == Shown.PAUSED;
            if (v.shown() != Shown.PAUSED && v.shown().ordinal() < worst.ordinal()) {
                worst = v.shown();
                why = v.problem();
            }
        }
        Shown shown;
        if (link == Link.SIGNED_OUT) {
            shown = Shown.SIGNED_OUT;
            why = linkProblem;
        } else if (worst.busy()) {
            shown = worst;
            why = null;
        } else if (paused || allPaused) {
            shown = Shown.PAUSED;
            why = null;
        } else {
            shown = worst;
        }
        if (!shown.busy()) {
            return new PairView(shown, why, 0, 0, 0, 0, failing, leftOut);
        }
        return new PairView(shown, why, done, total, itemsDone, itemsTotal, failing, leftOut);
    }

    private static boolean signInRefused(Reason r) {
        return r != null && r.code() == ReasonCode.SIGN_IN_REFUSED;
    }

    private static boolean readOnly(Reason r) {
        return r != null && r.code() == ReasonCode.SERVER_READ_ONLY;
    }
}
