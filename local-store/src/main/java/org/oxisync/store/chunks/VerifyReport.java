package org.oxisync.store.chunks;

import java.util.List;

/** Result of re-hashing the chunk store: how many were checked and which were quarantined. */
public record VerifyReport(int checked, List<String> quarantined) {
    public VerifyReport {
        quarantined = List.copyOf(quarantined);
    }

    public boolean clean() {
        return quarantined.isEmpty();
    }
}
