package org.oxisync.core.progress;

/** A snapshot of one transfer's progress. */
public record ItemProgress(int id, String label, long bytesDone, long bytesTotal, double fraction, ItemState state) {}
