package org.oxisync.store.transfers;

public enum Direction {
    UPLOAD, DOWNLOAD
}
