package org.oxisync.ui.model;

import java.time.Duration;
import org.oxisync.app.state.PairView;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;

/** The header's words and progress bar for an account's derived view. */
final class StatusHeadline {
    /** {@code progress}: 0..1, or -1 for a bar that only says "busy". */
    record Text(String headline, double progress, String progressText) {}

    private StatusHeadline() {}

    /** {@code rate}: the running runs' bytes per second together (0 when unknown), for the time left. */
    static Text of(I18n i18n, PairView a, boolean signInRefused, int conflicts, double rate) {
        return switch (a.shown()) {
            case SIGNED_OUT -> new Text(i18n.t(signInRefused ? "headline.signInNeeded" : "headline.signedOut"), 0, "");
            case SYNCING -> {
                if (a.itemsTotal() == 0) {
                    yield new Text(i18n.t("headline.checking"), -1, i18n.t("progress.comparing"));
                }
                long done = a.bytesDone();
                long total = a.bytesTotal();
                String line = i18n.t("progress.text", "done", Formats.bytes(i18n, done), "total",
                        Formats.bytes(i18n, total), "itemsDone", a.itemsDone(), "items", a.itemsTotal());
                String text = rate > 0 && total > done ? i18n.t("progress.withEta", "progress", line, "eta",
                        Formats.timeLeft(i18n, Duration.ofSeconds((long) ((total - done) / rate)))) : line;
                yield new Text(i18n.t("headline.syncing", "count", a.itemsTotal()), a.fraction(), text);
            }
            case CHECKING -> new Text(i18n.t("headline.checking"), -1, i18n.t("progress.comparing"));
            case PROBLEM -> new Text(i18n.t("headline.attention"), 0, "");
            case OFFLINE -> new Text(i18n.t("headline.offline"), 0, "");
            case READ_ONLY -> new Text(i18n.t("headline.readOnly"), 0, "");
            case PAUSED -> new Text(i18n.t("headline.paused"), 0, "");
            case FAILING -> new Text(i18n.t("headline.itemErrors", "count", a.failing()), 0, "");
            case LEFT_OUT, UP_TO_DATE -> new Text(conflicts > 0 ? i18n.t("headline.conflicts", "count", conflicts)
                    : a.shown() == org.oxisync.app.state.Shown.LEFT_OUT
                    ? i18n.t("headline.leftOut", "count", a.leftOut()) : i18n.t("headline.upToDate"), 0, "");
        };
    }
}
