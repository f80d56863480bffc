package org.oxisync.emulator.config;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Configuration of an emulator instance. Defaults follow OxiCloud 0.8.7 (see emulator/README.md for the server
 * citations): access token 1 h, refresh token 7 days, 240 delta requests per user with a 60 s TTL window, 10 logins
 * and 20 refreshes per IP per 60 s, 1 GiB user quota, tree-ETag bumps flushed every 500 ms, 100 MB per chunk
 * request, 10 GiB per file, 1 GiB per direct Nextcloud WebDAV PUT, 1 h orphan grace, 900 s device codes.
 */
public record EmulatorConfig(
        List<UserSpec> users,
        int port,
        Path dataDir,
        Clock clock,
        Duration accessTokenTtl,
        Duration refreshTokenTtl,
        int deltaRateLimitPerMinute,
        long defaultQuotaBytes,
        Duration treeEtagFlushDelay,
        long chunkMaxBytes,
        long maxUploadSize,
        Duration orphanGrace,
        Duration deviceCodeTtl,
        String autoApproveDeviceUser,
        Duration deltaRateLimitWindow,
        int loginRateLimit,
        int refreshRateLimit,
        Duration authRateLimitWindow,
        boolean benchmarkOnlyTrustClientHashes,
        long directPutMaxBytes,
        List<String> trustProxyCidrs) {

    /** OXICLOUD_DIRECT_PUT_MAX_BYTES's default, 1 GiB (common/config.rs:229-230, :1287, :3367-3370). */
    public static final long DIRECT_PUT_MAX_BYTES = 1L << 30;

    /** The constructor of earlier versions: the new limits take their real-server defaults. */
    public EmulatorConfig(List<UserSpec> users, int port, Path dataDir, Clock clock, Duration accessTokenTtl,
                          Duration refreshTokenTtl, int deltaRateLimitPerMinute, long defaultQuotaBytes,
                          Duration treeEtagFlushDelay, long chunkMaxBytes, long maxUploadSize, Duration orphanGrace,
                          Duration deviceCodeTtl, String autoApproveDeviceUser) {
        this(users, port, dataDir, clock, accessTokenTtl, refreshTokenTtl, deltaRateLimitPerMinute, defaultQuotaBytes,
                treeEtagFlushDelay, chunkMaxBytes, maxUploadSize, orphanGrace, deviceCodeTtl, autoApproveDeviceUser,
                Duration.ofSeconds(60), 10, 20, Duration.ofSeconds(60), false, DIRECT_PUT_MAX_BYTES, List.of());
    }

    /** A user to create at start (kept if it already exists in the data dir). */
    public record UserSpec(String username, String password, String email) {
        public UserSpec {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(password, "password");
            if (email == null) {
                email = username + "@oxisync.test";
            }
        }
    }

    public EmulatorConfig {
        users = List.copyOf(users);
        trustProxyCidrs = trustProxyCidrs == null ? List.of() : List.copyOf(trustProxyCidrs);
        Objects.requireNonNull(clock, "clock");
        if (deltaRateLimitPerMinute < 0 || chunkMaxBytes <= 0 || maxUploadSize <= 0 || directPutMaxBytes <= 0 || port < 0
                || loginRateLimit < 0 || refreshRateLimit < 0 || deltaRateLimitWindow.isNegative()
                || deltaRateLimitWindow.isZero() || authRateLimitWindow.isNegative() || authRateLimitWindow.isZero()
                || treeEtagFlushDelay.isNegative()) {
            throw new IllegalArgumentException("invalid emulator limits");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private final List<UserSpec> users = new ArrayList<>();
        private int port;
        private Path dataDir;
        private Clock clock = Clock.systemUTC();
        private Duration accessTokenTtl = Duration.ofHours(1);
        private Duration refreshTokenTtl = Duration.ofDays(7);
        private int deltaRateLimitPerMinute = 240;
        private long defaultQuotaBytes = 1L << 30;
        private Duration treeEtagFlushDelay = Duration.ofMillis(500);
        private long chunkMaxBytes = 104_857_600L;
        private long maxUploadSize = 10_737_418_240L;
        private Duration orphanGrace = Duration.ofHours(1);
        private Duration deviceCodeTtl = Duration.ofSeconds(900);
        private String autoApproveDeviceUser;
        private Duration deltaRateLimitWindow = Duration.ofSeconds(60);
        private int loginRateLimit = 10;
        private int refreshRateLimit = 20;
        private Duration authRateLimitWindow = Duration.ofSeconds(60);
        private boolean benchmarkOnlyTrustClientHashes;
        private long directPutMaxBytes = DIRECT_PUT_MAX_BYTES;
        private final List<String> trustProxyCidrs = new ArrayList<>();

        public Builder user(String username, String password) { users.add(new UserSpec(username, password, null)); return this; }
        public Builder user(String username, String password, String email) { users.add(new UserSpec(username, password, email)); return this; }
        /** 0 = an ephemeral port. */
        public Builder port(int p) { port = p; return this; }
        /** Where metadata and chunks live; null = a fresh temporary folder deleted on close. */
        public Builder dataDir(Path d) { dataDir = d; return this; }
        public Builder clock(Clock c) { clock = c; return this; }
        public Builder accessTokenTtl(Duration d) { accessTokenTtl = d; return this; }
        public Builder refreshTokenTtl(Duration d) { refreshTokenTtl = d; return this; }
        /**
         * Delta requests per user per window (all five delta endpoints); 0 = no limit; default 240 (the real
         * server's). The name is historical: the window is {@link #deltaRateLimitWindow}, and it is a TTL that every
         * request (refused ones too) restarts, not a sliding minute.
         */
        public Builder deltaRateLimitPerMinute(int n) { deltaRateLimitPerMinute = n; return this; }
        /** The delta limiter's window (TTL since the user's last delta request); default 60 s. */
        public Builder deltaRateLimitWindow(Duration d) { deltaRateLimitWindow = d; return this; }
        /** Logins per client IP per {@link #authRateLimitWindow}; 0 = no limit; default 10. */
        public Builder loginRateLimit(int n) { loginRateLimit = n; return this; }
        /** Token refreshes per client IP per {@link #authRateLimitWindow}; 0 = no limit; default 20. */
        public Builder refreshRateLimit(int n) { refreshRateLimit = n; return this; }
        /** Window (TTL since the IP's last request) of the login and refresh limiters; default 60 s. */
        public Builder authRateLimitWindow(Duration d) { authRateLimitWindow = d; return this; }
        /** Quota of users created by this emulator; 0 = unlimited. */
        public Builder defaultQuotaBytes(long n) { defaultQuotaBytes = n; return this; }
        /**
         * Period of the tree-ETag flusher (default 500 ms, the real server's {@code OXICLOUD_TREE_ETAG_FLUSH_MS}):
         * ancestors' tree ETags are bumped by a background task that runs at this period. Zero = synchronous bumps
         * (a friendlier mode for benchmarks).
         */
        public Builder treeEtagFlushDelay(Duration d) { treeEtagFlushDelay = d; return this; }
        public Builder chunkMaxBytes(long n) { chunkMaxBytes = n; return this; }
        public Builder maxUploadSize(long n) { maxUploadSize = n; return this; }
        /** The cap of one plain (not chunked) Nextcloud WebDAV PUT; over it the server answers 413. */
        public Builder directPutMaxBytes(long n) { directPutMaxBytes = n; return this; }
        public Builder orphanGrace(Duration d) { orphanGrace = d; return this; }
        public Builder deviceCodeTtl(Duration d) { deviceCodeTtl = d; return this; }
        /** Approve every device-flow code for this user as soon as it is issued (demo/CLI use). */
        public Builder autoApproveDevice(String username) { autoApproveDeviceUser = username; return this; }

        /**
         * <b>Not OxiCloud's behaviour; for benchmarks only.</b> Delta uploads are stored under the hashes the client
         * declared (negotiate, commit) without recomputing BLAKE3, so a benchmark measures the client and not the
         * emulator's hashing. A server that trusts its clients' hashes would hide every client hashing bug, so
         * {@link org.oxisync.emulator.OxiCloudEmulator#start} refuses it in test JVMs ({@link org.oxisync.emulator.BenchmarkModes}); see emulator/README.md.
         */
        public Builder benchmarkOnlyTrustClientHashes() { benchmarkOnlyTrustClientHashes = true; return this; }

        /**
         * The server's {@code OXICLOUD_TRUST_PROXY_CIDR}: peers in these ranges name the client with
         * {@code X-Forwarded-For} (none by default, as on 0.8.7; the server's own test suite trusts 0.0.0.0/0).
         */
        public Builder trustProxyCidr(String cidrs) { trustProxyCidrs.add(cidrs); return this; }

        public EmulatorConfig build() {
            return new EmulatorConfig(users, port, dataDir, clock, accessTokenTtl, refreshTokenTtl,
                    deltaRateLimitPerMinute, defaultQuotaBytes, treeEtagFlushDelay, chunkMaxBytes,
                    maxUploadSize, orphanGrace, deviceCodeTtl, autoApproveDeviceUser, deltaRateLimitWindow,
                    loginRateLimit, refreshRateLimit, authRateLimitWindow, benchmarkOnlyTrustClientHashes,
                    directPutMaxBytes, trustProxyCidrs);
        }
    }
}
