package org.oxisync.store;

import org.oxisync.store.chunks.GcReport;
import org.oxisync.store.versions.RetentionReport;

/** Result of {@link LocalStore#maintain()}. */
public record MaintenanceReport(RetentionReport retention, GcReport gc) {
}
