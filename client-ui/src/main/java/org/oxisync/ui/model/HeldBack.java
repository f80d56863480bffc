package org.oxisync.ui.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.plan.PairRights;
import org.oxisync.store.account.FolderPair;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.ui.text.ReasonText;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.setup.PairModes;

/**
 * An item the last run of a pair held back on purpose ({@code byRights}: because of the pair's role or mode, "not
 * uploaded: you can only view this drive"), or left out as it is (a name the server refuses, a link, a file another
 * program holds): it is not an error, and it is not retried as one; the run lists it again while nothing changes.
 * Read from the run's skipped list ({@link SyncReport#skipped()}), not from the error table; the reason is made from
 * the item's code (see {@link ReasonText}), in the user's language.
 */
public record HeldBack(FolderPair pair, String path, String reason, Instant when, boolean byRights) {

    /** The skipped items of one report with their reasons in plain words: held back by rights, or left out. */
    public static List<HeldBack> of(I18n i18n, FolderPair pair, SyncReport report, Instant when) {
        List<HeldBack> out = new ArrayList<>();
        if (report == null) {
            return out;
        }
        PairRights rights = PairModes.of(pair);
        for (ItemError e : report.skipped()) {
            boolean byRights = heldBack(e.code()); // by its kind: a link or a refused name is no matter of rights
            out.add(new HeldBack(pair, e.path(), ReasonText.message(i18n, e.code().name(), e.why().args(), e.reason(),
                    null, e.path(), rights), when, byRights));
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
    public static List<HeldBack> all(I18n i18n, StatusModel status) {
        List<HeldBack> out = new ArrayList<>();
        for (PairRow r : status.pairs()) {
            out.addAll(of(i18n, r.pair(), r.lastReportProperty().get(), r.lastRunProperty().get()));
        }
        return out;
    }
}
