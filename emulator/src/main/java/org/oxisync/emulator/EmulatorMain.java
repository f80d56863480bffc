package org.oxisync.emulator;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.oxisync.emulator.config.EmulatorConfig;

/**
 * Standalone emulator:
 * {@code java -jar oxicloud-emulator.jar [--port 8086] [--data DIR] --user NAME:PASSWORD[:EMAIL] ...
 * [--auto-approve-device USER] [--quota BYTES] [--delta-rate-limit N] [--message-bus]
 * [--benchmark-only-trust-client-hashes] [--seed-tree LOCAL_DIR=REMOTE_PATH]...}. Prints one line with the base URL
 * when ready; stops (writing its metadata) on SIGTERM/Ctrl-C. The last two are not OxiCloud's behaviour:
 * see {@link BenchmarkModes}, and {@code --seed-tree}, a set-up aid that puts a local tree into the first
 * {@code --user}'s folder REMOTE_PATH before the emulator reports ready ({@link OxiCloudEmulator#seedTree}).
 */
public final class EmulatorMain {
    private EmulatorMain() {}

    public static void main(String[] args) throws InterruptedException {
        EmulatorConfig cfg;
        try {
            cfg = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("oxicloud-emulator: " + e.getMessage());
            System.err.println("usage: java -jar oxicloud-emulator.jar [--port N] [--data DIR] --user NAME:PASSWORD[:EMAIL]... "
                    + "[--auto-approve-device USER] [--quota BYTES] [--delta-rate-limit N] [--message-bus] "
                    + "[" + BenchmarkModes.TRUST_FLAG + "] "
                    + "[--shared-drive NAME:OWNER[:QUOTA]]... [--member DRIVE:USER:ROLE]... [--admin USER]... "
                    + "[--seed-tree LOCAL_DIR=REMOTE_PATH]...");
            System.exit(2);
            return;
        }
        OxiCloudEmulator emu = OxiCloudEmulator.start(cfg);
        CountDownLatch done = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            emu.close();
            done.countDown();
        }, "emulator-shutdown"));
        if (messageBus(args)) {
            emu.startMessageBus();
        }
        try {
            applyDrives(emu, args);
        } catch (IllegalArgumentException e) {
            System.err.println("oxicloud-emulator: " + e.getMessage());
            emu.close();
            System.exit(2);
            return;
        }
        try {
            for (SeedSpec seed : seeds(args)) {
                System.out.println(emu.seedTree(cfg.users().get(0).username(), seed.localDir(), seed.remotePath(), false)
                        .summary());
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("oxicloud-emulator: --seed-tree failed: " + e);
            emu.close();
            System.exit(1);
            return;
        }
        // The loaded tree (1.3 GB at a million files) still sits in the young generation: the first collection while
        // serving copied and tenured all of it, stopping every request for 3-6 s in the first client run after a
        // restart (flight recordings, bench/README.md "A million files"); a long-running server pays that once, at
        // start-up, and so does the emulator now, before it says it is ready. Milliseconds for a small tree.
        System.gc();
        System.err.println("oxicloud-emulator: BLAKE3 by " + org.oxisync.emulator.hash.Blake3.PROVIDER.name());
        System.out.println("OxiCloud emulator ready at " + emu.baseUrl());
        System.out.flush();
        done.await();
    }

    /** Parses the command line into a configuration (no clock or paths are touched). */
    static EmulatorConfig parse(String[] args) {
        EmulatorConfig.Builder b = EmulatorConfig.builder().port(8086);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--port" -> b.port(Integer.parseInt(require(a, v)));
                case "--data" -> b.dataDir(Path.of(require(a, v)));
                case "--user" -> {
                    String[] p = require(a, v).split(":", 3);
                    if (p.length < 2 || p[0].isEmpty() || p[1].isEmpty()) {
                        throw new IllegalArgumentException("--user needs NAME:PASSWORD");
                    }
                    b.user(p[0], p[1], p.length == 3 ? p[2] : null);
                }
                case "--auto-approve-device" -> b.autoApproveDevice(require(a, v));
                case "--quota" -> b.defaultQuotaBytes(Long.parseLong(require(a, v)));
                case "--delta-rate-limit" -> b.deltaRateLimitPerMinute(Integer.parseInt(require(a, v)));
                // the server's OXICLOUD_CHUNK_MAX_BYTES and OXICLOUD_DIRECT_PUT_MAX_BYTES (common/config.rs:1286), as
                // its own test suite sets them (tests/common/server.env)
                case "--chunk-max-bytes" -> b.chunkMaxBytes(Long.parseLong(require(a, v)));
                case "--direct-put-max-bytes" -> b.directPutMaxBytes(Long.parseLong(require(a, v)));
                case "--trust-proxy-cidr" -> b.trustProxyCidr(require(a, v)); // OXICLOUD_TRUST_PROXY_CIDR
                case "--shared-drive", "--member", "--admin" -> require(a, v); // applied once started (applyDrives)
                case "--seed-tree" -> seedSpec(require(a, v)); // checked here, applied once started (seeds)
                case BenchmarkModes.TRUST_FLAG -> {
                    i--; // a flag without a value
                    b.benchmarkOnlyTrustClientHashes();
                }
                case "--message-bus" -> {
                    i--; // a flag without a value: the real-time bus (reference §7.5), off by default like 0.8.7
                }
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
            i++;
        }
        EmulatorConfig cfg = b.build();
        if (!seeds(args).isEmpty() && cfg.users().isEmpty()) {
            throw new IllegalArgumentException("--seed-tree needs a --user (the tree goes into the first one's drive)");
        }
        return cfg;
    }

    /** One {@code --seed-tree LOCAL_DIR=REMOTE_PATH}. */
    record SeedSpec(Path localDir, String remotePath) {}

    /** The {@code --seed-tree} options in order; the split is at the last '=' (a local path may hold one). */
    static List<SeedSpec> seeds(String[] args) {
        List<SeedSpec> out = new ArrayList<>();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--seed-tree")) {
                out.add(seedSpec(args[i + 1]));
            }
        }
        return out;
    }

    private static SeedSpec seedSpec(String v) {
        int eq = v.lastIndexOf('=');
        if (eq <= 0 || eq == v.length() - 1 || !v.substring(eq + 1).startsWith("/")) {
            throw new IllegalArgumentException("--seed-tree needs LOCAL_DIR=REMOTE_PATH (REMOTE_PATH starting with /)");
        }
        return new SeedSpec(Path.of(v.substring(0, eq)), v.substring(eq + 1));
    }

    /**
     * {@code --shared-drive NAME:OWNER[:QUOTA]} creates a Shared drive (kept if one of that name exists in the data
     * dir); {@code --member DRIVE:USER:ROLE} sets a user's role on it (viewer, commenter, contributor, editor, owner);
     * {@code --admin USER} makes the user an OxiCloud admin (role {@code admin}: may create Shared drives and set
     * their quotas over HTTP, as the server's admin).
     */
    static void applyDrives(OxiCloudEmulator emu, String[] args) {
        EmulatorDrives drives = emu.drives();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--admin")) {
                drives.makeAdmin(args[i + 1]);
            }
        }
        for (int i = 0; i + 1 < args.length; i++) {
            String[] p = args[i + 1].split(":");
            if (args[i].equals("--shared-drive")) {
                if (p.length < 2 || p.length > 3) {
                    throw new IllegalArgumentException("--shared-drive needs NAME:OWNER[:QUOTA]");
                }
                if (drives.findShared(p[0]).isEmpty()) {
                    drives.createShared(p[0], p[1], p.length == 3 ? Long.valueOf(p[2]) : null);
                }
            } else if (args[i].equals("--member")) {
                if (p.length != 3) {
                    throw new IllegalArgumentException("--member needs DRIVE:USER:ROLE");
                }
                String id = drives.findShared(p[0])
                        .orElseThrow(() -> new IllegalArgumentException("--member: no shared drive " + p[0]));
                drives.setMember(id, p[1], p[2]);
            }
        }
    }

    static boolean messageBus(String[] args) {
        return java.util.Arrays.asList(args).contains("--message-bus");
    }

    private static String require(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }
}
