/**
 * Continuous sync: {@link org.oxisync.app.service.SyncService} keeps every folder pair of the account in sync by
 * running the one-shot engine ({@code SyncEngine.runOnce}) whenever something may have changed. Decisions:
 *
 * <h2>Scheduling</h2>
 * <ul>
 *   <li>One {@code PairWorker} per pair. Runs of <em>all</em> pairs go through one run lane (one thread): two runs
 *       never use the store at once, and a pair never runs twice at the same time. A trigger during a run sets a
 *       "run again" flag instead of queueing a second run. The worker is the pair's scheduler and lock; its parts:
 *       {@code PendingChanges} (what the next run looks at), {@code LocalDebounce}, {@code OfflineBackoff},
 *       {@code PairStateBoard} (what the pair shows, its own lock) and {@code RunListener} (engine callbacks).
 *       The service's bus parts: {@code BusTopics} (which folders the bus listens to, for which pairs) and
 *       {@code BusAuthorization}.</li>
 *   <li>Triggers: local events (debounced), remote changes (poll or bus), a periodic full run (default hourly, to
 *       catch what a watcher missed), start, and {@code syncNow}.</li>
 *   <li>Debounce: a run starts once the pair has been quiet for {@code quietPeriod} (1 s), but never later than
 *       {@code maxDelay} (10 s) after the first event of a burst. A 1,000-file burst is 1-3 runs.</li>
 *   <li>Time and threads come from an injected {@link java.time.Clock} and
 *       {@link org.oxisync.app.service.TaskScheduler}: tests fire timers by moving the clock while runs use a real
 *       thread. The only real-time wait is in {@code close()} (for the running run to end).</li>
 * </ul>
 *
 * <h2>Local changes</h2>
 * <ul>
 *   <li>Recursive native watching through io.methvin directory-watcher ({@link org.oxisync.app.service.LocalWatch});
 *       file hashing is off (it would read every file at start; the engine's scan compares anyway).</li>
 *   <li>Ignored at once: the client's temp names ({@code TempNames.isOwnTemp}) and paths the pair's ignore rules or
 *       selective sync exclude.</li>
 *   <li>The engine's own writes: events that arrive while a run is queued or going are remembered (up to 10,000
 *       paths) and judged when it ends. A path whose size and mtime equal its journal row (or that is gone from
 *       both disk and journal) was written by the run, or is already in sync; anything else starts the debounce.
 *       This needs no cooperation from the engine and cannot lose a user's save made during a run.</li>
 *   <li>Watcher overflow or failure → debounced run (a full scan). If watching cannot start (e.g. inotify limit),
 *       the pair relies on polling and the periodic run, says so in its status, and retries watching every 5 min.</li>
 *   <li>Incremental runs: the paths the watcher reported since the last run that ended OK go to the engine as a
 *       {@link org.oxisync.core.scan.LocalHint} (at most 10,000; more → full scan). The engine then reads only the
 *       folders holding them (plus every folder where the server changed something) and takes all other entries from
 *       the journal. Full scans ({@code LocalHint.ALL}): the first run after start, a watcher overflow or failure, an
 *       overflow of the paths remembered during a run, the periodic run (hourly), {@code syncNow} from the user, and
 *       changed pair settings. A run that does not end OK (stopped, partial, failed, offline) keeps its hint, and the
 *       paths of its failed items, for the next run. Trust in the watcher is bounded by the hourly full scan.</li>
 * </ul>
 *
 * <h2>Remote changes</h2>
 * <ul>
 *   <li>Poll: one {@code GET /api/folders/{root}} per pair (the tree ETag, reference §7.6); a different ETag → run.
 *       The baseline is the ETag seen just before the last run, so a change made by another device during a run
 *       is never mistaken for our own. Cost: after a run that uploaded, the next poll sees our own change and
 *       starts one more run that finds nothing to do.</li>
 *   <li>Bus (reference §7.5): {@code GET /api/config}; {@code features.message_bus} → WebSocket to
 *       {@code /api/rt/ws} (or an announced {@code message_bus_url} on the same host), {@code Authorization} from
 *       the credential store the API client keeps current (Bearer; Basic for app passwords), JSON-RPC
 *       {@code subscribe} to {@code folder:{id}} for the pair's root and every folder the engine last listed (at
 *       most 10,000 per pair), since a server may only announce a folder's direct children. Any event is a
 *       "sync now" hint for the pairs owning that folder. While connected the poll runs every 5 min (safety
 *       net); on disconnect every 30 s again, reconnecting with backoff 1 s … 5 min; after a reconnect each pair
 *       polls at once (events are not replayed). No bus (404, flag absent: 0.8.7) → polling only, asked again
 *       hourly. Servers with a pinned self-signed certificate are polled only (the bus client has no pin).</li>
 * </ul>
 *
 * <h2>Control</h2>
 * <ul>
 *   <li>Pause (per pair or global), {@code close()}/SIGTERM and removing a pair set the running run's
 *       {@link org.oxisync.core.engine.StopSignal}: the engine stops at its next safe point (between items, between
 *       chunk batches of a large transfer; what was sent or staged is recorded) and returns {@code STOPPED}. Such a
 *       run is no error: the pair shows PAUSED (or IDLE) and remembers that work is left, so {@code resume}
 *       schedules a run at once. A paused pair starts no run. {@code close()} waits for the run to have really
 *       ended (at most 30 s), then the caller closes the store; DaemonProcessTest checks that the next start
 *       completes the work.</li>
 *   <li>Before each run one cheap request checks the server: unreachable (transient error) or read-only
 *       ({@code X-Server-Status}) → OFFLINE, retried with backoff 5 s … 5 min, and the pair continues when the
 *       server is back. A run that FAILED is classified the same way.</li>
 *   <li>Bandwidth: {@code setBandwidth} sets the {@link org.oxisync.protocol.Throttle}s the API client was built
 *       with, which apply to running transfers at once; the service must be given that
 *       {@link org.oxisync.protocol.Bandwidth} (the API client does not expose its configuration).</li>
 * </ul>
 *
 * <h2>Daemon</h2>
 * {@code oxisync daemon} runs the service headless; {@link org.oxisync.app.service.ControlSocket} serves
 * {@code status}/{@code pause}/{@code resume}/{@code sync-now} on {@code daemon.sock} (a Unix domain socket, 0600,
 * refusing peers of another user) in the OxiSync home, plus the CLI's store changes
 * ({@code org.oxisync.app.service.StoreVerbs}: {@code pair-add}, {@code pair-remove}, {@code pair-ignore-add|remove},
 * {@code versions-restore}, {@code conflicts-resolve}, each followed by its JSON arguments), which the holder of the
 * store runs on the CLI's behalf. The desktop app serves the same socket while it syncs ({@code status} says
 * {@code "process": "desktop app"}). A socket rather than a status file: always current, no writes while idle, and
 * a stale file cannot pretend that a dead daemon runs. {@code oxisync status} asks it for the live state and reads
 * the rest from the store read-only.
 */
package org.oxisync.app.service;
