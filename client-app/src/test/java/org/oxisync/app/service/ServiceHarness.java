package org.oxisync.app.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.testing.ManualClock;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.account.FolderPair;
import org.oxisync.app.state.PairState;

/** An emulator, a logged-in client home with one pair "docs" (local folder ↔ drive root) and its service. */
final class ServiceHarness implements AutoCloseable {
    static final String PAIR = "docs";
    final ManualClock clock = new ManualClock(Instant.parse("2026-03-01T10:00:00Z"));
    final ManualScheduler scheduler = new ManualScheduler(clock);
    final OxiCloudEmulator server;
    final AppContext ctx;
    final Path local;
    final Recorder events = new Recorder();
    SyncService service;

    ServiceHarness(Path tmp) throws IOException {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").clock(clock).build());
        // the test's clock moves in steps of seconds: the server's 500 ms tree-ETag flush has happened by then
        scheduler.onAdvance(server::flushTreeEtags);
        local = Files.createDirectories(tmp.resolve("local"));
        ctx = new AppContext(new AppHome(tmp.resolve("home"), true), clock);
        ctx.saveConfig(new AppConfig(server.baseUrl(), "alice", null));
        ctx.api().login("alice", "secret");
        ctx.store().accounts().savePair(FolderPair.create(PAIR, local.toString(), server.rootFolderId("alice"), "/"));
    }

    /** Starts the service and waits for its first run. */
    SyncService start(LocalWatch watch, boolean bus) throws InterruptedException {
        service = new SyncService(ctx, events, ServiceOptions.defaults(), clock, scheduler).withLocalWatch(watch);
        if (!bus) {
            service.withoutBus();
        } else if (server.messageBus() != null) {
            // the emulator's bus listens on a port of its own, which an announced URL may not move the client to
            service.withBusEndpoint(java.net.URI.create(server.messageBus().url()));
        }
        service.start();
        scheduler.awaitLaneIdle(30);
        return service;
    }

    RemoteClient remote() {
        return server.remote("alice");
    }

    long runs() {
        return service.runCount(PAIR);
    }

    void write(String rel, String text) throws IOException {
        Path p = local.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    @Override
    public void close() {
        if (service != null) {
            service.close();
        }
        scheduler.close();
        ctx.close();
        server.close();
    }

    /** Records what the service tells its UI. */
    static final class Recorder implements SyncEvents {
        final List<String> states = new CopyOnWriteArrayList<>();
        final List<SyncReport> reports = new CopyOnWriteArrayList<>();
        final AtomicInteger completed = new AtomicInteger();
        final List<String> errors = new CopyOnWriteArrayList<>();
        final List<org.oxisync.core.progress.ProgressSnapshot> progress = new CopyOnWriteArrayList<>();
        volatile Runnable onItem = () -> {};
        /** Runs with every state change, after it is recorded (on the thread that changed the state). */
        volatile java.util.function.Consumer<String> onState = s -> {};

        @Override
        public void progress(String pair, org.oxisync.core.progress.ProgressSnapshot snapshot) {
            progress.add(snapshot);
        }

        @Override
        public void stateChanged(String pair, PairState state, String detail) {
            states.add(state + ": " + detail);
            onState.accept(state + ": " + detail);
        }

        @Override
        public void itemCompleted(String pair, String description) {
            completed.incrementAndGet();
            onItem.run();
        }

        @Override
        public void error(String pair, String path, String reason) {
            errors.add(path + ": " + reason);
        }

        @Override
        public void runFinished(String pair, SyncReport report) {
            reports.add(report);
        }
    }

    /** A watcher the test drives by hand (nothing of the disk is seen unless the test says so). */
    static final class HandWatch implements LocalWatch {
        volatile Sink sink;

        @Override
        public Handle watch(Path root, Sink s) {
            this.sink = s;
            return () -> sink = null;
        }
    }

    /** The native watcher, counting the events it delivers (so a test knows the OS has reported its writes). */
    static final class CountingWatch implements LocalWatch {
        final AtomicInteger events = new AtomicInteger();
        private final LocalWatch delegate = LocalWatch.nativeWatch();

        @Override
        public Handle watch(Path root, Sink sink) throws IOException {
            return delegate.watch(root, new Sink() {
                @Override
                public void changed(Path path, boolean directory) {
                    sink.changed(path, directory);
                    events.incrementAndGet();
                }

                @Override
                public void overflow(String why) {
                    sink.overflow(why);
                    events.incrementAndGet();
                }
            });
        }
    }

    static Duration ms(long n) {
        return Duration.ofMillis(n);
    }
}
