package org.oxisync.app.service;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local watcher of one pair: turns its events into '/'-separated paths relative to the pair's root, and when the
 * watch cannot be set up (too many folders for the OS limit, a folder not readable), says so in the pair's status and
 * tries again every {@link #RETRY}; the periodic full scan covers the time between.
 */
final class PairWatching {
    private static final Logger LOG = LoggerFactory.getLogger(PairWatching.class);
    static final Duration RETRY = Duration.ofMinutes(5);

    /** Where the events go (the pair's worker). */
    interface Events {
        void localChanged(String relativePath, boolean directory);

        void localOverflow();
    }

    private final ServiceEnv env;
    private final Supplier<FolderPair> pair;
    private final Events events;
    private LocalWatch.Handle watch;
    private TaskScheduler.Cancellable retry;
    private String problem;
    private boolean stopped;

    /** @param pair the pair as it is now (its settings may change while it is watched) */
    PairWatching(ServiceEnv env, Supplier<FolderPair> pair, Events events) {
        this.env = Objects.requireNonNull(env, "env");
        this.pair = Objects.requireNonNull(pair, "pair");
        this.events = Objects.requireNonNull(events, "events");
    }

    void start() {
        Path root = Path.of(pair.get().localRoot());
        LocalWatch.Handle h;
        try {
            h = env.localWatch().watch(root, new LocalWatch.Sink() {
                @Override
                public void changed(Path path, boolean directory) {
                    onEvent(root, path, directory);
                }

                @Override
                public void overflow(String why) {
                    LOG.info("{}: {}; scanning", pair.get().name(), why);
                    events.localOverflow();
                }
            });
        } catch (java.io.IOException | RuntimeException e) {
            LOG.warn("{}: cannot watch {} ({}); relying on the periodic scan, watching again in 5 min",
                    pair.get().name(), root, e.toString());
            synchronized (this) {
                problem = "local changes are not watched (" + e.getMessage() + ")";
                if (!stopped) {
                    retry = env.scheduler().schedule(RETRY, this::start);
                }
            }
            return;
        }
        boolean close;
        synchronized (this) {
            close = stopped;
            if (!close) {
                watch = h;
                problem = null;
            }
        }
        if (close) {
            h.close();
        }
    }

    /** Why local changes are not watched now, null when they are. */
    synchronized String problem() {
        return problem;
    }

    void stop() {
        LocalWatch.Handle h;
        synchronized (this) {
            stopped = true;
            if (retry != null) {
                retry.cancel();
            }
            h = watch;
            watch = null;
        }
        if (h != null) {
            h.close();
        }
    }

    private void onEvent(Path root, Path path, boolean directory) {
        String rel = relative(root, path);
        if (rel == null) {
            return;
        }
        if (rel.isEmpty()) {
            events.localOverflow(); // the root itself changed
            return;
        }
        events.localChanged(rel, directory);
    }

    /** {@code path} relative to {@code root}, '/'-separated; "" for the root or outside it, null when not comparable. */
    static String relative(Path root, Path path) {
        Path rel;
        try {
            rel = root.relativize(path);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (rel.toString().isEmpty() || rel.startsWith("..")) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (Path part : rel) {
            if (sb.length() > 0) {
                sb.append('/');
            }
            sb.append(part);
        }
        return sb.toString();
    }
}
