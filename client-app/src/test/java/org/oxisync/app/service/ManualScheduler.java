package org.oxisync.app.service;

import java.time.Duration;
import java.time.Instant;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.oxisync.testing.ManualClock;

/**
 * A {@link TaskScheduler} whose timers fire only when the test moves the clock ({@link #advance}); the run lane and
 * background tasks are real threads, so runs really overlap with what the test does meanwhile.
 */
final class ManualScheduler implements TaskScheduler {
    private final ManualClock clock;
    private final PriorityQueue<Timer> timers = new PriorityQueue<>();
    private final ExecutorService lane = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "test-run-lane");
        t.setDaemon(true);
        return t;
    });
    private long seq;
    private int laneTasks;

    ManualScheduler(ManualClock clock) {
        this.clock = clock;
    }

    private final class Timer implements Comparable<Timer>, Cancellable {
        final Instant due;
        final long order;
        final Runnable task;
        volatile boolean cancelled;

        Timer(Instant due, long order, Runnable task) {
            this.due = due;
            this.order = order;
            this.task = task;
        }

        @Override
        public int compareTo(Timer o) {
            int c = due.compareTo(o.due);
            return c != 0 ? c : Long.compare(order, o.order);
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }

    @Override
    public synchronized Cancellable schedule(Duration delay, Runnable task) {
        Timer t = new Timer(clock.instant().plus(delay), seq++, task);
        timers.add(t);
        return t;
    }

    @Override
    public void runLane(Runnable task) {
        synchronized (this) {
            laneTasks++;
        }
        lane.execute(() -> {
            try {
                task.run();
            } finally {
                synchronized (this) {
                    laneTasks--;
                    notifyAll();
                }
            }
        });
    }

    @Override
    public void background(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
    }

    private volatile Runnable onAdvance = () -> { };

    /** Runs {@code r} each time the clock moves (time passes for the server's own periodic work too). */
    void onAdvance(Runnable r) {
        this.onAdvance = r;
    }

    /** Moves the clock by {@code d}, firing due timers in order on this thread, each at its own time. */
    void advance(Duration d) {
        onAdvance.run();
        Instant target = clock.instant().plus(d);
        while (true) {
            Timer next;
            synchronized (this) {
                next = timers.peek();
                if (next == null || next.due.isAfter(target)) {
                    break;
                }
                timers.poll();
            }
            if (!next.cancelled) {
                clock.set(next.due);
                next.task.run();
            }
        }
        clock.set(target);
    }

    /** Live timers due within {@code d} from now. */
    synchronized long timersDueWithin(Duration d) {
        Instant limit = clock.instant().plus(d);
        return timers.stream().filter(t -> !t.cancelled && !t.due.isAfter(limit)).count();
    }

    /** Waits (real time, at most {@code seconds}) until no run is queued or going. */
    synchronized void awaitLaneIdle(int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (laneTasks > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("runs still going after " + seconds + " s");
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /** Waits (real time) until {@code condition} holds; for events that arrive from OS or network threads. */
    @Override
    public void close() {
        lane.shutdownNow();
    }
}
