package org.oxisync.core.transfer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A few requests of one group sent at once, each on a virtual thread of its own (they only wait for the server), so
 * that a part of a group costs one round trip instead of one per file ({@link SmallUpdates}' commits,
 * {@link PlainReplaces}' uploads and renames). The caller bounds how many there are (a part: at most
 * {@value SmallUpdates#COMMITS_AT_ONCE}); the threads end with the call.
 */
final class AtOnce {
    private AtOnce() {
    }

    /** One request of the part. */
    @FunctionalInterface
    interface Task<T> {
        T call() throws Exception;
    }

    /** What one task gave: its value, or what it threw (an interrupt of the caller gives {@code Stopped}). */
    record Outcome<T>(T value, Exception failure) {
        boolean ok() {
            return failure == null;
        }
    }

    static <T> List<Outcome<T>> run(String threadName, List<Task<T>> tasks) {
        List<Outcome<T>> out = new ArrayList<>(tasks.size());
        if (tasks.isEmpty()) {
            return out;
        }
        if (tasks.size() == 1) {
            out.add(call(tasks.get(0)));
            return out;
        }
        ExecutorService pool = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(threadName).factory());
        try {
            List<Future<Outcome<T>>> answers = new ArrayList<>(tasks.size());
            for (Task<T> task : tasks) {
                answers.add(pool.submit(() -> call(task)));
            }
            for (Future<Outcome<T>> f : answers) {
                out.add(answer(f));
            }
            return out;
        } finally {
            pool.shutdownNow(); // a stopped caller does not wait for the requests still out
        }
    }

    private static <T> Outcome<T> call(Task<T> task) {
        try {
            return new Outcome<>(task.call(), null);
        } catch (Exception e) {
            return new Outcome<>(null, e);
        }
    }

    private static <T> Outcome<T> answer(Future<Outcome<T>> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome<>(null, new TransferException.Stopped("interrupted while waiting for a request"));
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return new Outcome<>(null, cause instanceof Exception x ? x : new IllegalStateException(cause));
        }
    }
}
