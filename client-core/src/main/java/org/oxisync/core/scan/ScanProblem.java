package org.oxisync.core.scan;

/** Something the scan saw and did not sync, reported per path. */
public record ScanProblem(String path, String reason) {}
