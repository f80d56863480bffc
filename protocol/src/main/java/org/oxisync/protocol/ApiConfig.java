package org.oxisync.protocol;

import java.net.Proxy;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Everything an {@link OxiCloudApi} needs, with safe defaults. {@code account} keys the {@link CredentialStore}.
 * {@code pinnedCertificateSha256} (lowercase hex of the leaf certificate's DER) makes exactly that certificate
 * trusted in addition to the system trust store, after the user accepted it. {@code proxy} empty = the system
 * {@link java.net.ProxySelector}.
 */
public record ApiConfig(URI baseUrl, String account, CredentialStore credentialStore, Clock clock, Sleeper sleeper,
        DoubleSupplier jitter, RetryPolicy retryPolicy, Limits limits, Timeouts timeouts, Duration refreshMargin,
        Optional<String> pinnedCertificateSha256, Optional<Proxy> proxy, Bandwidth bandwidth, ApiListener listener,
        ChunkHasher hasher, String userAgent, DeltaBudget deltaBudget) {

    public ApiConfig {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(credentialStore, "credentialStore");
        Objects.requireNonNull(deltaBudget, "deltaBudget");
        String scheme = baseUrl.getScheme() == null ? "" : baseUrl.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new IllegalArgumentException("base URL must be http or https");
        }
        pinnedCertificateSha256 = pinnedCertificateSha256.map(p -> p.replace(":", "").toLowerCase(Locale.ROOT));
        pinnedCertificateSha256.ifPresent(p -> {
            if (!p.matches("[0-9a-f]{64}")) {
                throw new IllegalArgumentException("a certificate pin is 64 hex characters (SHA-256)");
            }
        });
    }

    public static Builder builder(URI baseUrl, String account) {
        return new Builder(baseUrl, account);
    }

    public Builder toBuilder() {
        Builder b = new Builder(baseUrl, account);
        b.credentialStore = credentialStore;
        b.clock = clock;
        b.sleeper = sleeper;
        b.jitter = jitter;
        b.retryPolicy = retryPolicy;
        b.limits = limits;
        b.timeouts = timeouts;
        b.refreshMargin = refreshMargin;
        b.pin = pinnedCertificateSha256.orElse(null);
        b.proxy = proxy.orElse(null);
        b.bandwidth = bandwidth;
        b.listener = listener;
        b.hasher = hasher;
        b.userAgent = userAgent;
        b.deltaBudget = deltaBudget;
        return b;
    }

    /** Builds an {@link ApiConfig}; unset values get the defaults documented on each setter. */
    public static final class Builder {
        private final URI baseUrl;
        private final String account;
        private CredentialStore credentialStore = new MemoryCredentialStore();
        private Clock clock = Clock.systemUTC();
        private Sleeper sleeper = Sleeper.SYSTEM;
        private DoubleSupplier jitter = () -> ThreadLocalRandom.current().nextDouble();
        private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
        private Limits limits = Limits.DEFAULT;
        private Timeouts timeouts = Timeouts.DEFAULT;
        private Duration refreshMargin = Duration.ofSeconds(60);
        private String pin;
        private Proxy proxy;
        private Bandwidth bandwidth;
        private ApiListener listener = ApiListener.NONE;
        private ChunkHasher hasher = new Blake3Hasher();
        private String userAgent = "OxiSync";
        private DeltaBudget deltaBudget;

        private Builder(URI baseUrl, String account) {
            this.baseUrl = baseUrl;
            this.account = account;
        }

        /** Default: in memory only. */
        public Builder credentialStore(CredentialStore v) {
            credentialStore = v;
            return this;
        }

        /** Default: the UTC system clock. */
        public Builder clock(Clock v) {
            clock = v;
            return this;
        }

        public Builder sleeper(Sleeper v) {
            sleeper = v;
            return this;
        }

        /** Jitter samples in [0, 1); default a thread-local random. */
        public Builder jitter(DoubleSupplier v) {
            jitter = v;
            return this;
        }

        public Builder retryPolicy(RetryPolicy v) {
            retryPolicy = v;
            return this;
        }

        public Builder limits(Limits v) {
            limits = v;
            return this;
        }

        public Builder timeouts(Timeouts v) {
            timeouts = v;
            return this;
        }

        /** Refresh the access token this long before it expires; default 60 s. */
        public Builder refreshMargin(Duration v) {
            refreshMargin = v;
            return this;
        }

        /** Trust this certificate (SHA-256 hex of its DER, colons allowed) besides the system trust store. */
        public Builder pinnedCertificateSha256(String v) {
            pin = v;
            return this;
        }

        /** An explicit proxy, e.g. {@code new Proxy(Type.HTTP, addr)}; default the system proxy selector. */
        public Builder proxy(Proxy v) {
            proxy = v;
            return this;
        }

        /** Shared bandwidth limits; default unlimited on this builder's clock and sleeper. */
        public Builder bandwidth(Bandwidth v) {
            bandwidth = v;
            return this;
        }

        public Builder listener(ApiListener v) {
            listener = v;
            return this;
        }

        public Builder hasher(ChunkHasher v) {
            hasher = v;
            return this;
        }

        public Builder userAgent(String v) {
            userAgent = v;
            return this;
        }

        /**
         * The account's delta request budget, shared by every {@link OxiCloudApi} of the account (and, with a file
         * store, by every process). Default: a budget of this config's own, {@link DeltaBudget#inMemory(int)}.
         */
        public Builder deltaBudget(DeltaBudget v) {
            deltaBudget = v;
            return this;
        }

        public ApiConfig build() {
            Bandwidth bw = bandwidth != null ? bandwidth : Bandwidth.unlimited(clock, sleeper);
            return new ApiConfig(baseUrl, account, credentialStore, clock, sleeper, jitter, retryPolicy, limits,
                    timeouts, refreshMargin, Optional.ofNullable(pin), Optional.ofNullable(proxy), bw, listener, hasher,
                    userAgent, deltaBudget != null ? deltaBudget
                            : DeltaBudget.inMemory(limits.deltaRequestsPerMinute()));
        }
    }
}
