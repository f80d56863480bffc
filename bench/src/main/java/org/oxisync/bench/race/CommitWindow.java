package org.oxisync.bench.race;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.oxisync.core.transfer.ProgressSink;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.core.transfer.UploadOutcome;
import org.oxisync.core.transfer.UploadRequest;
import org.oxisync.core.transfer.Uploader;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/**
 * How long the window stays open in which another device's commit of the same file can go
 * unnoticed. An update is checked right before its commit and right after it ({@code RemoteCheck}); a version is
 * lost from the server only when another device's check-before and commit bracket this device's commit and its
 * check-after. So the size that matters is one update's <b>check-before → commit</b> span: from sending the check
 * before the commit to the commit's answer (an upper bound of the server-side interval between reading the file's
 * state and writing the new content), and, beside it, this device's <b>commit → check-after</b> span that the other
 * device's window has to contain.
 *
 * <p>Runs real updates through the client's {@link Uploader} against the in-process emulator on loopback (its delta
 * limiter turned off: the figures are latencies, and 240 requests a minute would only add pauses between
 * updates), timing the API calls through a proxy. Prints median, 90th percentile and maximum per file size.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.oxisync.bench.race.CommitWindow [UPDATES_PER_SIZE=30] [SIZES_KIB=4,1024,16384]
 * </pre>
 */
public final class CommitWindow {
    private CommitWindow() {
    }

    /** The instants (nanoTime) of one update's calls: check before, commit, check after; each sent and answered. */
    private static final class Marks {
        final long[] at = new long[6];
        int files;
        int commits;

        synchronized void mark(String method, boolean after) {
            long now = System.nanoTime();
            if (method.equals("files") && files < 2) {
                at[files * 4 + (after ? 1 : 0)] = now;
                if (after) {
                    files++;
                }
            } else if (method.equals("commit") && commits == 0) {
                at[2 + (after ? 1 : 0)] = now;
                if (after) {
                    commits++;
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int updates = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        String sizes = args.length > 1 ? args[1] : "4,1024,16384";
        Path work = Files.createTempDirectory("oxisync-commit-window");
        Marks[] current = new Marks[1];
        try (OxiCloudEmulator server = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "pw-1")
                .dataDir(work.resolve("server")).deltaRateLimitPerMinute(0).build());
             OxiCloudApi raw = HttpOxiCloudApi.create(ApiConfig.builder(URI.create(server.baseUrl()), "alice").build());
             LocalStore store = LocalStore.open(work.resolve("data"), "alice", Clock.systemUTC())) {
            OxiCloudApi api = timed(raw, current);
            api.login("alice", "pw-1");
            String root = server.rootFolderId("alice");
            Path local = Files.createDirectories(work.resolve("local"));
            long pairId = store.accounts().savePair(FolderPair.create("w", local.toString(), root, "/")).id();
            Uploader uploader = new Uploader(api, store, TransferOptions.defaults());
            System.out.printf("commit window on loopback, %d updates per size (emulator in-process, %d cores, load %.1f)%n",
                    updates, Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            System.out.printf("%-9s %-32s %-32s %-32s%n", "size", "check-before -> commit answered",
                    "check-before answered -> commit sent", "commit sent -> check-after answered");
            for (String s : sizes.split(",")) {
                int kib = Integer.parseInt(s.trim());
                measure(uploader, store, pairId, local, root, kib, updates, current);
            }
        }
    }

    private static void measure(Uploader uploader, LocalStore store, long pairId, Path local, String root, int kib,
                                int updates, Marks[] current) throws Exception {
        Random rnd = new Random(kib);
        byte[] data = new byte[kib * 1024];
        rnd.nextBytes(data);
        String name = "w-" + kib + ".bin";
        Path file = local.resolve(name);
        Files.write(file, data);
        current[0] = new Marks();
        FileDto f = uploader.upload(new UploadRequest(pairId, name, file, FileChunker.digest(file), root, name, null,
                null), Set.of(), ProgressSink.NONE).file();
        List<Double> window = new ArrayList<>();
        List<Double> gap = new ArrayList<>();
        List<Double> after = new ArrayList<>();
        for (int i = 0; i < updates + 3; i++) { // the first 3 warm up
            byte[] edit = new byte[64];
            rnd.nextBytes(edit);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap(edit), rnd.nextInt(Math.max(1, data.length - edit.length)));
            }
            FileDigest d = FileChunker.digest(file);
            Marks m = new Marks();
            current[0] = m;
            UploadOutcome out = uploader.upload(new UploadRequest(pairId, name, file, d, root, name, f.id(),
                    f.contentHash()), Set.of(), ProgressSink.NONE);
            f = out.file();
            if (i >= 3) {
                window.add(ms(m.at[3] - m.at[0]));
                gap.add(ms(m.at[2] - m.at[1]));
                after.add(ms(m.at[5] - m.at[2]));
            }
        }
        System.out.printf("%-9s %-32s %-32s %-32s%n", kib >= 1024 ? kib / 1024 + " MiB" : kib + " KiB",
                stats(window), stats(gap), stats(after));
    }

    private static OxiCloudApi timed(OxiCloudApi api, Marks[] current) {
        return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(),
                new Class<?>[] {OxiCloudApi.class}, (proxy, method, args) -> {
                    Marks m = current[0];
                    if (m != null) {
                        m.mark(method.getName(), false);
                    }
                    Object result;
                    try {
                        result = method.invoke(api, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (m != null) {
                        m.mark(method.getName(), true);
                    }
                    return result;
                });
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static String stats(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        return String.format("%.2f / %.2f / %.2f ms", s.get(s.size() / 2), s.get((int) Math.ceil(s.size() * 0.9) - 1),
                s.get(s.size() - 1));
    }
}
