package org.oxisync.core.scan;

import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/** Something the scan saw and did not sync, reported per path, with its kind and its English sentence. */
public record ScanProblem(String path, Reason why) {
    public ScanProblem(String path, ReasonCode code, String detail) {
        this(path, Reason.of(code, detail));
    }

    /** The English sentence. */
    public String reason() {
        return why.detail();
    }
}
