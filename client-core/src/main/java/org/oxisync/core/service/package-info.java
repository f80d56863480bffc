/**
 * Continuous sync: {@link org.oxisync.core.service.SyncService} keeps every folder pair of the account in sync
 * by running the one-shot engine when something changed. Decisions:
 * <ul>
 *   <li>One {@code PairWorker} per pair; runs of all pairs go through one run lane (one thread), so two runs
 *       never use the store at once and a pair never runs twice at the same time. A trigger during a run sets a
 *       "run again" flag instead of queueing.</li>
 *   <li>Time and threads come from an injected {@link java.time.Clock} and {@link
 *       org.oxisync.core.service.TaskScheduler}: tests fire timers by moving the clock.</li>
 *   <li>Pause and stop take effect at a safe point: the engine's listener callbacks between items (phase
 *       changes, item done) block while the pair is paused or the service stops. The engine has no stop flag of
 *       its own; this parks its workers after their current item without throwing into it.</li>
 *   <li>Before each run one cheap request ({@code GET /api/folders/{root}}) checks the server: unreachable or
 *       read-only → OFFLINE, retried with backoff 5 s … 5 min.</li>
 * </ul>
 */
package org.oxisync.core.service;
