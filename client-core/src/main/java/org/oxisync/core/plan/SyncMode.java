package org.oxisync.core.plan;

import java.util.Locale;
import java.util.Optional;

/** Which way a pair syncs, chosen by the user ({@code oxisync pair add --mode}). */
public enum SyncMode {
    /** Both ways (the default). */
    TWO_WAY,
    /** A backup: local changes go up, remote changes are not brought down. */
    UPLOAD_ONLY,
    /** A mirror: remote changes come down; local changes are kept as conflict copies and replaced by the server's. */
    DOWNLOAD_ONLY;

    /** {@code two-way}, {@code upload-only}, {@code download-only}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Optional<SyncMode> fromWire(String value) {
        if (value == null) {
            return Optional.empty();
        }
        for (SyncMode m : values()) {
            if (m.wireName().equalsIgnoreCase(value.trim())) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
