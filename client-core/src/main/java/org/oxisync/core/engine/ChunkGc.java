package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.oxisync.store.LocalStore;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.chunks.GcReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chunk store's clean-up ({@link org.oxisync.store.chunks.ChunkIndex#collectGarbage}), at most once a day,
 * after a full run that changed the store: chunk files that no kept version, pending transfer or pinned manifest
 * needs any more, older than the store's grace period, and the index rows nothing refers to. Until 2026-12-01 no
 * command ran it, so the store only grew: the chunks of every version the retention policy had already dropped, of
 * every finished delta download, of every local file's old chunk locations. The time of the last clean-up is kept
 * in the store's folder ({@value #MARKER}); a clock that went back runs it again. A failure is logged and never
 * fails the run: nothing is lost by cleaning up later.
 */
final class ChunkGc {
    private static final Logger LOG = LoggerFactory.getLogger(ChunkGc.class);
    static final Duration EVERY = Duration.ofDays(1);
    static final String MARKER = "chunk-gc.last";

    private ChunkGc() {}

    /** Cleans up when the last clean-up is a day old (or unknown); empty when it was not due. */
    static java.util.Optional<GcReport> maybeCollect(LocalStore store, Clock clock) {
        Path marker = store.directory().resolve(MARKER);
        Instant now = clock.instant();
        try {
            if (Files.isRegularFile(marker)) {
                Instant last = Instant.parse(Files.readString(marker, StandardCharsets.UTF_8).strip());
                if (!now.isBefore(last) && Duration.between(last, now).compareTo(EVERY) < 0) {
                    return java.util.Optional.empty();
                }
            }
        } catch (IOException | DateTimeParseException e) {
            LOG.debug("unreadable {} ({}); cleaning up now", marker, e.toString());
        }
        try {
            GcReport r = store.chunks().collectGarbage(store.options().gcGrace());
            Files.writeString(marker, now.toString(), StandardCharsets.UTF_8);
            LOG.info("chunk store cleaned up: {}", r);
            return java.util.Optional.of(r);
        } catch (IOException | StoreException e) {
            LOG.warn("chunk store clean-up skipped ({}); tried again after the next run", e.toString());
            return java.util.Optional.empty();
        }
    }
}
