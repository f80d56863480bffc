package org.oxisync.protocol;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The client's model of OxiCloud 0.8.7's delta rate limiter, for one account.
 *
 * <p>The server (moka cache, {@code rate_limit.rs:42-72}) keeps one counter per user for all five delta endpoints
 * ({@code negotiate}, {@code chunks}, {@code commit}, {@code manifest}, {@code delta/download}). Every request,
 * refused ones included, increments it and restarts its 60 s time-to-live; above 240 the answer is 429 without
 * {@code Retry-After}. So the counter only resets after 60 s with <em>no</em> delta request from that user on any
 * device, and a client that keeps asking while refused stays locked out for ever.
 *
 * <p>This budget counts the delta requests since the last quiet gap of {@link #quietGap()} (61 s: the server's 60 s
 * plus a margin). A request may start while the count is below {@link #usable()} (the server's limit less a safety
 * margin). Otherwise every caller waits until the quiet gap has passed since the <em>end</em> of the last delta
 * request and no request of this budget is in flight; nobody sends in between, so the server's counter expires.
 *
 * <p>A delta 429 means other devices of the user share the server's counter (each device knows only its own
 * budget). The transport then calls {@link #refused}: the budget is <em>paused</em> until a quiet gap plus a random
 * part of up to half a gap from now (so that the devices that were refused together do not come back together),
 * and while it is paused {@link #acquire} refuses at once with {@link OxiCloudException.RateLimited} instead of
 * waiting or sending: the callers take the plain, non-limited endpoints for the rest of their work ({@link
 * #usableNow} tells them beforehand). Nobody of this account sends a delta request during the pause, so the
 * server's counter expires unless another device keeps it alive, and the pause is shared through the {@link Store}
 * by every process of this account on this machine.
 *
 * <p>One instance per account, shared by every {@link OxiCloudApi}, lane and worker of that account: pass it with
 * {@link ApiConfig.Builder#deltaBudget} (the process's composition root makes one per account; without it each
 * {@link ApiConfig} gets its own in-memory budget, {@link #inMemory(int)}). To share the budget across processes give it a {@link Store} backed by a file in the account's
 * data folder (e.g. {@link FileDeltaBudgetStore}): its state is read and written on every change. Thread-safe.
 */
public final class DeltaBudget {
    /** The server's delta limit per user and TTL window (OxiCloud 0.8.7, {@code di.rs:2221-2223}). */
    public static final int SERVER_LIMIT = 240;
    /** Requests kept in reserve below the server's limit (other devices, a request counted twice). */
    public static final int DEFAULT_SAFETY_MARGIN = 4;
    /** The server's 60 s TTL plus one second. */
    public static final Duration DEFAULT_QUIET_GAP = Duration.ofSeconds(61);
    /** The random part of the pause after a refusal is up to this fraction of the quiet gap. */
    public static final double PAUSE_JITTER = 0.5;


    /**
     * The persisted part of the budget: delta requests counted since the last quiet gap, when the last ended, and
     * until when no delta request may be sent after a refusal (null: not paused).
     */
    public record State(int count, Instant lastRequest, Instant pausedUntil) {
        public static final State EMPTY = new State(0, null, null);

        public State {
            if (count < 0) {
                throw new IllegalArgumentException("count must be >= 0");
            }
        }

        public State(int count, Instant lastRequest) {
            this(count, lastRequest, null);
        }

        State withCount(int c, Instant last) {
            return new State(c, last, pausedUntil);
        }
    }

    /**
     * Where the state lives. {@link #update} must apply {@code change} to the latest stored state and store the
     * result; a store shared by processes should do that under a lock. Failures should be logged and swallowed:
     * the budget then carries on in memory.
     */
    public interface Store {
        State load();

        void save(State state);

        default State update(UnaryOperator<State> change) {
            State next = change.apply(load());
            save(next);
            return next;
        }
    }

    /** A read-only view for progress, status display and benchmarks. */
    public record View(int used, int usable, int serverLimit, Optional<Instant> lastRequest, Instant freesAt,
            boolean exhausted) {}

    /** A store that keeps the state in memory only (the default). */
    public static final class MemoryStore implements Store {
        private State state = State.EMPTY;

        @Override
        public synchronized State load() {
            return state;
        }

        @Override
        public synchronized void save(State s) {
            state = Objects.requireNonNull(s);
        }
    }

    private final int serverLimit;
    private final int usable;
    private final Duration quietGap;
    private final Store store;
    private final java.util.function.DoubleSupplier jitter;
    private final Object lock = new Object();
    private int inFlight;

    public DeltaBudget(int serverLimit, int safetyMargin, Duration quietGap, Store store) {
        this(serverLimit, safetyMargin, quietGap, store, () -> java.util.concurrent.ThreadLocalRandom.current().nextDouble());
    }

    /** @param jitter values in [0, 1): the random part of each pause after a refusal (tests pass a fixed one) */
    public DeltaBudget(int serverLimit, int safetyMargin, Duration quietGap, Store store,
                       java.util.function.DoubleSupplier jitter) {
        if (serverLimit < 1 || safetyMargin < 0 || quietGap.isNegative()) {
            throw new IllegalArgumentException("serverLimit >= 1, safetyMargin >= 0 and a non-negative gap required");
        }
        this.serverLimit = serverLimit;
        this.usable = Math.max(1, serverLimit - safetyMargin);
        this.quietGap = quietGap;
        this.store = Objects.requireNonNull(store, "store");
        this.jitter = Objects.requireNonNull(jitter, "jitter");
    }

    /** 240 requests, 4 kept in reserve, 61 s quiet gap, in memory. */
    public static DeltaBudget inMemory() {
        return new DeltaBudget(SERVER_LIMIT, DEFAULT_SAFETY_MARGIN, DEFAULT_QUIET_GAP, new MemoryStore());
    }

    /** 240 requests, 4 kept in reserve, 61 s quiet gap, in {@code store} (e.g. a file shared by processes). */
    public static DeltaBudget persistent(Store store) {
        return new DeltaBudget(SERVER_LIMIT, DEFAULT_SAFETY_MARGIN, DEFAULT_QUIET_GAP, store);
    }

    /** An in-memory budget for a server that allows {@code serverLimit} delta requests per quiet-gap window. */
    public static DeltaBudget inMemory(int serverLimit) {
        return new DeltaBudget(serverLimit, Math.min(DEFAULT_SAFETY_MARGIN, serverLimit - 1), DEFAULT_QUIET_GAP,
                new MemoryStore());
    }

    public int serverLimit() {
        return serverLimit;
    }

    public int usable() {
        return usable;
    }

    public Duration quietGap() {
        return quietGap;
    }

    private State current(State s, Instant now) {
        if (s == null) {
            return State.EMPTY;
        }
        if (s.lastRequest() != null && s.lastRequest().isAfter(now)) {
            // The wall clock went back (or another process's clock was ahead): the last request cannot have ended in
            // the future. Counting the gap from now is safe (at least that much real time has to pass) and bounds
            // the wait by one quiet gap instead of the size of the jump (docs/local-faults.md).
            s = new State(s.count(), now);
        }
        if (s.lastRequest() != null && inFlight == 0 && !now.isBefore(s.lastRequest().plus(quietGap))) {
            return s.withCount(0, s.lastRequest()); // the server's counter has expired
        }
        return s;
    }

    private static Instant later(Instant a, Instant b) {
        return a == null || b.isAfter(a) ? b : a;
    }

    private static boolean paused(State s, Instant now) {
        return s.pausedUntil() != null && now.isBefore(s.pausedUntil());
    }

    /**
     * Whether a delta request could start now without waiting: not paused after a refusal, and under the usable
     * count. The transfer policy asks this to choose the plain endpoints beforehand.
     */
    public boolean usableNow(Clock clock) {
        synchronized (lock) {
            Instant now = clock.instant();
            State s = current(load(), now);
            return !paused(s, now) && s.count() < usable;
        }
    }

    /**
     * How many delta requests could start now without waiting: 0 while paused after a refusal, else what is left of
     * the usable count (requests in flight are counted already). A caller that plans several requests (a group of
     * small updates) takes what fits and sends the rest by the plain endpoints, instead of having a request wait a
     * quiet gap in {@link #acquire}.
     */
    public int roomNow(Clock clock) {
        synchronized (lock) {
            Instant now = clock.instant();
            State s = current(load(), now);
            return paused(s, now) ? 0 : Math.max(0, usable - s.count());
        }
    }

    /** Until when delta requests are paused after a refusal, if they are now. */
    public Optional<Instant> pausedUntil(Clock clock) {
        synchronized (lock) {
            State s = load();
            return paused(s, clock.instant()) ? Optional.of(s.pausedUntil()) : Optional.empty();
        }
    }

    /**
     * Waits (on {@code sleeper}) until a delta request may start, then counts it. Pair with {@link #release}.
     * While paused after a refusal ({@link #refused}) it does not wait: it throws {@link OxiCloudException.RateLimited}
     * with the time left, and the caller takes a plain endpoint. Interruptible: an interrupt ends the wait with
     * {@link OxiCloudException.NetworkFailure}.
     */
    public void acquire(Clock clock, Sleeper sleeper, String what) {
        while (true) {
            Duration wait;
            synchronized (lock) {
                Instant now = clock.instant();
                boolean[] granted = {false};
                State s = update(old -> {
                    State cur = current(old, now);
                    if (!paused(cur, now) && cur.count() < usable) {
                        granted[0] = true;
                        return cur.withCount(cur.count() + 1, later(cur.lastRequest(), now));
                    }
                    return cur;
                });
                if (paused(s, now)) {
                    throw new OxiCloudException.RateLimited(Duration.between(now, s.pausedUntil()));
                }
                if (granted[0]) {
                    inFlight++;
                    return;
                }
                Instant frees = s.lastRequest() == null ? now : s.lastRequest().plus(quietGap);
                wait = Duration.between(now, frees);
                if (wait.compareTo(Duration.ofSeconds(1)) < 0) {
                    wait = Duration.ofSeconds(1); // a request of ours is still in flight: look again shortly
                }
            }
            try {
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedException();
                }
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OxiCloudException.NetworkFailure(what + ": interrupted while waiting for the delta request budget", e);
            }
        }
    }

    /** A delta request counted by {@link #acquire} has ended (response read, or failed): its end restarts the gap. */
    public void release(Clock clock) {
        synchronized (lock) {
            Instant now = clock.instant();
            inFlight = Math.max(0, inFlight - 1);
            update(old -> old == null ? new State(0, now) : old.withCount(old.count(), later(old.lastRequest(), now)));
        }
    }

    /**
     * The server answered a delta request with 429: the budget is exhausted, and paused until a quiet gap plus a
     * random part of up to {@value #PAUSE_JITTER} gaps from now (a pause already running longer is kept).
     */
    public void refused(Clock clock) {
        synchronized (lock) {
            Instant now = clock.instant();
            double r = Math.min(Math.max(jitter.getAsDouble(), 0), 1);
            Instant until = now.plus(quietGap).plusMillis((long) (quietGap.toMillis() * PAUSE_JITTER * r));
            update(old -> {
                State o = old == null ? State.EMPTY : old;
                return new State(Math.max(serverLimit, o.count()), later(o.lastRequest(), now),
                        later(o.pausedUntil(), until));
            });
        }
    }

    /** Requests used since the last quiet gap, and when the budget frees up (now when it is not exhausted). */
    public View view(Clock clock) {
        synchronized (lock) {
            Instant now = clock.instant();
            State s = current(load(), now);
            boolean exhausted = s.count() >= usable || paused(s, now);
            Instant frees = exhausted && s.lastRequest() != null ? later(now, s.lastRequest().plus(quietGap)) : now;
            if (paused(s, now)) {
                frees = later(frees, s.pausedUntil());
            }
            return new View(s.count(), usable, serverLimit, Optional.ofNullable(s.lastRequest()), frees, exhausted);
        }
    }

    private State load() {
        try {
            State s = store.load();
            return s == null ? State.EMPTY : s;
        } catch (RuntimeException e) {
            return State.EMPTY;
        }
    }

    private State update(UnaryOperator<State> change) {
        return store.update(change);
    }

    @Override
    public String toString() {
        return "DeltaBudget[" + usable + "/" + serverLimit + ", gap " + quietGap.toSeconds() + " s]";
    }
}
