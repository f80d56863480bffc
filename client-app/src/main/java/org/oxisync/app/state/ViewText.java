package org.oxisync.app.state;

import java.util.Locale;

/** A {@link PairView} in the CLI's words (English, as all of the CLI): one line, the same for every state source. */
public final class ViewText {
    private ViewText() {}

    public static String line(PairView v) {
        String said = v.problem() == null || v.problem().detail().isBlank() ? null : v.problem().detail().strip();
        String detail = said == null ? "" : ": " + said;
        return switch (v.shown()) {
            case SIGNED_OUT -> "signed out; sign in again with `oxisync login`";
            case SYNCING -> "syncing " + progress(v);
            case CHECKING -> "checking for changes";
            case PROBLEM -> "cannot sync" + detail;
            // the probe's own sentence says what did not answer; without one, the plain words
            case OFFLINE -> "offline: " + (said == null ? "the server cannot be reached" : said)
                    + " (retried automatically)";
            case READ_ONLY -> "the server is read-only for now (maintenance): nothing is sent until it is writable";
            case PAUSED -> "paused (oxisync resume)";
            case FAILING -> "failing: " + items(v.failing()) + (v.leftOut() > 0 ? ", " + leftOut(v) : "");
            case LEFT_OUT -> "up to date, " + leftOut(v);
            case UP_TO_DATE -> "up to date";
        };
    }

    /** "3 of 10 items, 1.2 MiB of 5.0 MiB (24%)": the percentage is of the bytes when any are to be moved. */
    static String progress(PairView v) {
        return String.format(Locale.ROOT, "%d of %d items, %s of %s (%.0f%%)", v.itemsDone(), v.itemsTotal(),
                bytes(v.bytesDone()), bytes(v.bytesTotal()), 100 * v.fraction());
    }

    private static String leftOut(PairView v) {
        return items(v.leftOut()) + " left out of syncing";
    }

    private static String items(int n) {
        return n == 1 ? "1 item" : n + " items";
    }

    private static String bytes(long n) {
        return org.oxisync.app.state.Bytes.human(n);
    }
}
