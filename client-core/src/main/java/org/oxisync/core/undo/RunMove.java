package org.oxisync.core.undo;

import org.oxisync.core.reason.ActivityCode;
import org.oxisync.store.status.Activity;

/** An item a run moved or renamed (on either side), as its activity line recorded it. */
public record RunMove(String from, String to, String remoteId, boolean folder) {
    /** The move a line records, or null. */
    static RunMove of(Activity a) {
        if (!ActivityCode.MOVED.stored().equals(a.code()) || a.path() == null || a.args().get("from") == null) {
            return null;
        }
        return new RunMove(a.args().get("from"), a.path(), a.args().get("remote"), "true".equals(a.args().get("folder")));
    }

    public String words() {
        return "moved from " + from;
    }
}
