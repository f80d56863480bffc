package org.oxisync.emulator.nextcloud;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Nextcloud numeric ids for OxiCloud's UUIDs (NextcloudFileIdService: a sequence assigned on first sight, shown as
 * {@code oc:fileid} and as {@code oc:id} = {@code %08d} + instance id "ocnca", webdav_handler.rs:2353-2369).
 * Kept in memory: a restarted emulator numbers again (the real server keeps them in a table).
 */
final class FileIds {
    private final ConcurrentHashMap<String, Long> ids = new ConcurrentHashMap<>();
    private final AtomicLong next = new AtomicLong(1);

    long id(String uuid) {
        return ids.computeIfAbsent(uuid, k -> next.getAndIncrement());
    }

    String ocId(String uuid) {
        return String.format("%08d", id(uuid)) + "ocnca";
    }
}
