package org.oxisync.app.state;

import org.oxisync.core.reason.Reason;

/**
 * One pair or one account as every surface shows it. {@code problem}: the reason behind {@link Shown#PROBLEM},
 * {@link Shown#OFFLINE}, {@link Shown#READ_ONLY} or {@link Shown#SIGNED_OUT} (null when unknown or none); the byte
 * and item counts are the running runs' (zero when none runs); {@code failing} and {@code leftOut} count items.
 */
public record PairView(Shown shown, Reason problem, long bytesDone, long bytesTotal, int itemsDone, int itemsTotal,
                       int failing, int leftOut) {
    /** The share of the bytes done (of the items when no bytes are known); 0 when nothing runs. */
    public double fraction() {
        if (bytesTotal > 0) {
            return Math.min(1.0, (double) bytesDone / bytesTotal);
        }
        return itemsTotal > 0 ? Math.min(1.0, (double) itemsDone / itemsTotal) : 0;
    }
}
