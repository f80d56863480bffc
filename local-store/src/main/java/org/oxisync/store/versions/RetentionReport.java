package org.oxisync.store.versions;

/** What a retention pass removed and how many deduplicated bytes the kept versions use. */
public record RetentionReport(int removedByAge, int removedBySize, long keptBytes) {
}
