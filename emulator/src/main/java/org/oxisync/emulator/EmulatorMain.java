package org.oxisync.emulator;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Standalone emulator:
 * {@code java -jar oxicloud-emulator.jar [--port 8086] [--data DIR] --user NAME:PASSWORD[:EMAIL] ...
 * [--auto-approve-device USER] [--quota BYTES] [--delta-rate-limit N] [--message-bus]
 * [--benchmark-only-trust-client-hashes]}. Prints one line with the base URL when ready; stops (writing its metadata)
 * on SIGTERM/Ctrl-C. The last flag is not OxiCloud's behaviour (see {@link BenchmarkModes}).
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
                    + "[--shared-drive NAME:OWNER[:QUOTA]]... [--member DRIVE:USER:ROLE]...");
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
                case "--shared-drive", "--member" -> require(a, v); // applied once started (applyDrives)
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
        return b.build();
    }

    /**
     * {@code --shared-drive NAME:OWNER[:QUOTA]} creates a Shared drive (kept if one of that name exists in the data
     * dir); {@code --member DRIVE:USER:ROLE} sets a user's role on it (viewer, commenter, contributor, editor, owner).
     */
    static void applyDrives(OxiCloudEmulator emu, String[] args) {
        EmulatorDrives drives = emu.drives();
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
