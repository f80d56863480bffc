package org.oxisync.ui.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.plan.PairRights;
import org.oxisync.store.account.FolderPair;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.ui.app.ReasonText;
import org.oxisync.ui.setup.PairModes;

/**
 * An item the last run of a pair held back on purpose, because of the pair's role or mode ("not uploaded: you can
 * only view this drive"): it is not an error, and it is not retried; the run lists it again while nothing changes.
 * Read from the run's skipped list ({@link SyncReport#skipped()}), not from the error table.
 */
public record HeldBack(FolderPair pair, String path, String reason, Instant when) {

    /** The held-back items of one report, with their reasons in plain words; other skipped items are left out. */
    public static List<HeldBack> of(FolderPair pair, SyncReport report, Instant when) {
        List<HeldBack> out = new ArrayList<>();
        if (report == null) {
            return out;
        }
        PairRights rights = PairModes.of(pair);
        for (ItemError e : report.skipped()) {
            if (heldBack(e.code())) { // by its kind: a link or a name the server refuses is not a matter of rights
                out.add(new HeldBack(pair, e.path(), ReasonText.message(e.code().name(), e.why().args(), e.reason(),
                        null, e.path(), rights), when));
            }
        }
        return out;
    }

    /** Held back by the pair's role or mode, or by the server's refusal of a write the role allowed. */
    public static boolean heldBack(ReasonCode code) {
        return switch (code) {
            case HELD_BACK_READ_ONLY, HELD_BACK_EDIT_COPY, HELD_BACK_EDIT_NOT_UPLOADED, HELD_BACK_RESTORED,
                 HELD_BACK_MOVED_BACK, REFUSED_BY_SERVER -> true;
            default -> false;
        };
    }

    /** Every pair's held-back items from its last run, pair by pair. FX thread. */
    public static List<HeldBack> all(StatusModel status) {
        List<HeldBack> out = new ArrayList<>();
        for (PairRow r : status.pairs()) {
            out.addAll(of(r.pair(), r.lastReportProperty().get(), r.lastRunProperty().get()));
        }
        return out;
    }
}
