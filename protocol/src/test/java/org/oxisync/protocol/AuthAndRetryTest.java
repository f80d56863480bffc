package org.oxisync.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/** Token upkeep (proactive, single-flight, persisted before use, never replayed) and bounded retries. */
class AuthAndRetryTest {
    private final MockWebServer server = new MockWebServer();
    private final FakeTime time = new FakeTime();
    private final RecordingStore store = new RecordingStore();

    /** Remembers what was saved, in order; can be told to fail. */
    static final class RecordingStore implements CredentialStore {
        final List<String> savedAccess = Collections.synchronizedList(new ArrayList<>());
        volatile Credentials current;
        volatile boolean failSaves;
        final AtomicInteger deletes = new AtomicInteger();

        @Override
        public Optional<Credentials> load(String account) {
            return Optional.ofNullable(current);
        }

        @Override
        public void save(String account, Credentials c) {
            if (failSaves) {
                throw new IllegalStateException("disk full");
            }
            current = c;
            if (c instanceof Credentials.TokenPair p) {
                savedAccess.add(p.accessToken());
            }
        }

        @Override
        public void delete(String account) {
            current = null;
            deletes.incrementAndGet();
        }
    }

    @BeforeEach
    void setUp() throws Exception {
        server.start();
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    private OxiCloudApi api() {
        return HttpOxiCloudApi.create(Fixtures.config(server, time).credentialStore(store).build());
    }

    private String meJson() {
        return "{\"id\":\"u1\",\"username\":\"alice\",\"email\":\"a@x\",\"role\":\"user\",\"active\":true}";
    }

    @Test
    void loginStoresThePairAndCallsCarryTheBearerToken() throws Exception {
        String access = Fixtures.jwt(time.instant().plusSeconds(3600), "a1");
        server.enqueue(Fixtures.json(Fixtures.authJson(access, "r1", 3600)));
        server.enqueue(Fixtures.json(meJson()));
        try (OxiCloudApi api = api()) {
            api.login("alice", "pw");
            assertEquals("alice", api.me().username());
        }
        RecordedRequest login = server.takeRequest();
        assertTrue(login.getBody().utf8().contains("\"password\":\"pw\""));
        assertEquals("Bearer " + access, server.takeRequest().getHeaders().get("Authorization"));
        assertEquals(List.of(access), store.savedAccess);
    }

    @Test
    void accessTokenIsRefreshedBeforeItExpiresByTheInjectedClock() throws Exception {
        store.current = new Credentials.TokenPair("old-access", "r1", time.instant().plusSeconds(3600));
        String fresh = Fixtures.jwt(time.instant().plusSeconds(7200), "a2");
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest r) {
                if (r.getUrl().encodedPath().equals("/api/auth/refresh")) {
                    return Fixtures.json(Fixtures.authJson(fresh, "r2", 3600));
                }
                return Fixtures.json(meJson());
            }
        });
        try (OxiCloudApi api = api()) {
            api.me();
            time.advance(Duration.ofSeconds(3600 - 30)); // inside the 60 s margin
            api.me();
        }
        assertEquals("Bearer old-access", server.takeRequest().getHeaders().get("Authorization"));
        RecordedRequest refresh = server.takeRequest();
        assertEquals("/api/auth/refresh", refresh.getUrl().encodedPath());
        assertEquals("{\"refresh_token\":\"r1\"}", refresh.getBody().utf8());
        assertEquals("Bearer " + fresh, server.takeRequest().getHeaders().get("Authorization"));
        assertEquals(3, server.getRequestCount());
    }

    @Test
    void concurrent401sCollapseIntoOneRefreshAndTheNewPairIsSavedBeforeUse() throws Exception {
        store.current = new Credentials.TokenPair("stale", "r1", time.instant().plusSeconds(3600));
        String fresh = Fixtures.jwt(time.instant().plusSeconds(3600), "new");
        AtomicInteger refreshes = new AtomicInteger();
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch allStale = new CountDownLatch(4);
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest r) throws InterruptedException {
                String auth = r.getHeaders().get("Authorization");
                if (r.getUrl().encodedPath().equals("/api/auth/refresh")) {
                    refreshes.incrementAndGet();
                    return Fixtures.json(Fixtures.authJson(fresh, "r2", 3600));
                }
                if (("Bearer " + fresh).equals(auth)) {
                    if (!store.savedAccess.contains(fresh)) {
                        violations.add("new token used before it was saved");
                    }
                    return Fixtures.json(meJson());
                }
                allStale.countDown();
                allStale.await(5, TimeUnit.SECONDS); // every caller holds the stale token before any 401 returns
                return Fixtures.json(401, "{\"error\":\"Token expired\"}");
            }
        });
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (OxiCloudApi api = api()) {
            List<Future<UserDto>> results = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                results.add(pool.submit(api::me));
            }
            for (Future<UserDto> f : results) {
                assertEquals("alice", f.get(10, TimeUnit.SECONDS).username());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, refreshes.get());
        assertEquals(List.of(), violations);
        assertEquals(List.of(fresh), store.savedAccess);
    }

    @Test
    void lostRefreshResponseEndsInAuthExpiredWithoutEverResendingTheToken() throws Exception {
        store.current = new Credentials.TokenPair("stale", "r1", time.instant().minusSeconds(1));
        server.enqueue(new MockResponse.Builder().code(200).body(Fixtures.authJson("x", "r2", 3600))
                .onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build());
        try (OxiCloudApi api = api()) {
            assertThrows(OxiCloudException.AuthExpired.class, api::me);
            assertFalse(api.isLoggedIn());
            assertThrows(OxiCloudException.AuthExpired.class, api::me);
            assertThrows(OxiCloudException.AuthExpired.class, api::drives);
        }
        assertEquals(1, server.getRequestCount());
        assertEquals("/api/auth/refresh", server.takeRequest().getUrl().encodedPath());
        assertEquals(null, store.current);
        assertTrue(store.deletes.get() >= 1);
    }

    @Test
    void refreshThatNeverLeftTheClientKeepsTheSession() throws Exception {
        store.current = new Credentials.TokenPair("stale", "r1", time.instant().minusSeconds(1));
        int port = server.getPort();
        server.close(); // connection refused: nothing was sent, the token is still good
        OxiCloudApi api = HttpOxiCloudApi.create(ApiConfig.builder(java.net.URI.create("http://127.0.0.1:" + port + "/"), "a")
                .credentialStore(store).clock(time).sleeper(time).retryPolicy(RetryPolicy.NONE).build());
        assertThrows(OxiCloudException.NetworkFailure.class, api::me);
        assertTrue(api.isLoggedIn());
        assertTrue(store.current instanceof Credentials.TokenPair p && p.refreshToken().equals("r1"));
        api.close();
    }

    @Test
    void rotatedPairThatCannotBeSavedIsNotUsed() throws Exception {
        store.current = new Credentials.TokenPair("stale", "r1", time.instant().minusSeconds(1));
        store.failSaves = true;
        server.enqueue(Fixtures.json(Fixtures.authJson("new-access", "r2", 3600)));
        server.enqueue(Fixtures.json(meJson()));
        try (OxiCloudApi api = api()) {
            var e = assertThrows(OxiCloudException.CredentialStoreFailure.class, api::me);
            assertFalse(e.getMessage().contains("new-access"));
            assertEquals(1, server.getRequestCount());
            store.failSaves = false;
            api.me(); // saved now, then used
        }
        server.takeRequest();
        assertEquals("Bearer new-access", server.takeRequest().getHeaders().get("Authorization"));
    }

    @Test
    void rejectedRefreshTokenMeansReLogin() {
        store.current = new Credentials.TokenPair("stale", "r1", time.instant().minusSeconds(1));
        server.enqueue(Fixtures.json(401, "{\"error\":\"Invalid refresh token\"}"));
        try (OxiCloudApi api = api()) {
            assertThrows(OxiCloudException.AuthExpired.class, api::me);
        }
        assertEquals(null, store.current);
    }

    @Test
    void appPasswordIsSentAsBasicAndA401IsAuthExpired() throws Exception {
        store.current = new Credentials.AppPassword("alice", "oxicloud-abc");
        server.enqueue(Fixtures.json(401, "{\"error\":\"bad\"}"));
        try (OxiCloudApi api = api()) {
            var e = assertThrows(OxiCloudException.AuthExpired.class, api::me);
            assertFalse(e.getMessage().contains("oxicloud-abc"));
        }
        assertEquals(AuthSessionHeader.basic("alice", "oxicloud-abc"), server.takeRequest().getHeaders().get("Authorization"));
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void badPasswordIsLoginFailedWithoutThePassword() {
        server.enqueue(Fixtures.json(401, "{\"error\":\"Invalid credentials\",\"error_type\":\"Unauthorized\"}"));
        try (OxiCloudApi api = api()) {
            var e = assertThrows(OxiCloudException.LoginFailed.class, () -> api.login("alice", "s3cret-pw"));
            assertFalse(e.getMessage().contains("s3cret-pw"));
        }
    }

    @Test
    void lockedAccountLoginIsRateLimitedForTheLockoutTheServerNamesNotTheDefaultMinute() {
        server.enqueue(Fixtures.json(429, "{\"status\":\"429 Too Many Requests\",\"error\":\"Account temporarily locked"
                + " due to too many failed attempts. Try again in 900 seconds.\",\"message\":\"Account temporarily locked"
                + " due to too many failed attempts. Try again in 900 seconds.\",\"error_type\":\"AccountLocked\"}"));
        try (OxiCloudApi api = api()) {
            var e = assertThrows(OxiCloudException.RateLimited.class, () -> api.login("alice", "s3cret-pw"));
            assertEquals(Duration.ofSeconds(900), e.retryAfter());
        }
        assertEquals(1, server.getRequestCount(), "a login 429 is not retried");
    }

    @Test
    void deviceLoginHonoursIntervalAndSlowDown() throws Exception {
        server.enqueue(Fixtures.json("{\"device_code\":\"dc\",\"user_code\":\"WXYZ-1234\",\"verification_uri\":\"http://x/device\","
                + "\"verification_uri_complete\":\"http://x/device?code=WXYZ-1234\",\"expires_in\":900,\"interval\":5}"));
        server.enqueue(Fixtures.json(400, "{\"error\":\"authorization_pending\",\"error_description\":\"wait\"}"));
        server.enqueue(Fixtures.json(400, "{\"error\":\"slow_down\"}"));
        server.enqueue(Fixtures.json(400, "{\"error\":\"authorization_pending\"}"));
        String access = Fixtures.jwt(time.instant().plusSeconds(4000), "d");
        server.enqueue(Fixtures.json("{\"access_token\":\"" + access + "\",\"token_type\":\"Bearer\",\"refresh_token\":\"dr\","
                + "\"expires_in\":604800,\"scope\":\"all\"}"));
        try (OxiCloudApi api = api()) {
            DeviceAuthorizationDto d = api.startDeviceLogin("OxiSync test");
            assertEquals("WXYZ-1234", d.userCode());
            api.completeDeviceLogin(d);
            assertTrue(api.isLoggedIn());
        }
        assertEquals(List.of(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(10)),
                time.sleeps);
        server.takeRequest();
        assertTrue(server.takeRequest().getBody().utf8().contains("urn:ietf:params:oauth:grant-type:device_code"));
        Credentials.TokenPair p = (Credentials.TokenPair) store.current;
        assertEquals("dr", p.refreshToken());
        assertEquals(java.time.Instant.parse("2026-09-01T10:00:00Z").plusSeconds(4000), p.accessExpiresAt());
    }

    @Test
    void deniedDeviceLoginIsLoginFailed() {
        server.enqueue(Fixtures.json(400, "{\"error\":\"access_denied\"}"));
        try (OxiCloudApi api = api()) {
            var e = assertThrows(OxiCloudException.LoginFailed.class, () -> api.completeDeviceLogin(
                    new DeviceAuthorizationDto("dc", "U", "u", "u", 900, 5)));
            assertEquals("\"access_denied\"", e.reason());
        }
    }

    @Test
    void idempotentCallsRetry503And500WithBackoffWithoutRealSleeping() throws Exception {
        store.current = new Credentials.AppPassword("alice", "pw");
        server.enqueue(Fixtures.json(503, "{}"));
        server.enqueue(Fixtures.json(500, "{}"));
        server.enqueue(Fixtures.json(meJson()));
        try (OxiCloudApi api = api()) {
            assertEquals("alice", api.me().username());
        }
        // RetryPolicy.DEFAULT: 500 ms base, jitter 0.5 → 375 ms, then 750 ms
        assertEquals(List.of(Duration.ofMillis(375), Duration.ofMillis(750)), time.sleeps);
    }

    @Test
    void rateLimitWaitsForRetryAfterAndGivesUpOnLongWaits() {
        store.current = new Credentials.AppPassword("alice", "pw");
        server.enqueue(new MockResponse.Builder().code(429).addHeader("Retry-After", "7").body("{}").build());
        server.enqueue(Fixtures.json(meJson()));
        server.enqueue(new MockResponse.Builder().code(429).addHeader("Retry-After", "3600").body("{}").build());
        try (OxiCloudApi api = api()) {
            api.me();
            assertEquals(List.of(Duration.ofSeconds(7)), time.sleeps);
            var e = assertThrows(OxiCloudException.RateLimited.class, api::me);
            assertEquals(Duration.ofHours(1), e.retryAfter());
        }
        assertEquals(3, server.getRequestCount());
    }

    @Test
    void nonIdempotentCreateIsNotRetriedAfterALostResponse() {
        store.current = new Credentials.AppPassword("alice", "pw");
        server.enqueue(new MockResponse.Builder().code(201).body(Fixtures.folderJson(Fixtures.FILE_ID, "new"))
                .onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build());
        server.enqueue(Fixtures.json(409, "{\"error\":\"exists\"}"));
        try (OxiCloudApi api = api()) {
            assertThrows(OxiCloudException.NetworkFailure.class, () -> api.createFolder(Fixtures.FOLDER_ID, "new"));
        }
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void readOnlyServerRefusalIsServerReadOnly() {
        store.current = new Credentials.AppPassword("alice", "pw");
        for (int i = 0; i < 4; i++) {
            server.enqueue(new MockResponse.Builder().code(503).addHeader("X-Server-Status", "{\"readonly\":true}")
                    .body("{\"error\":\"read-only\"}").build());
        }
        try (OxiCloudApi api = api()) {
            assertThrows(OxiCloudException.ServerReadOnly.class, () -> api.createFolder(Fixtures.FOLDER_ID, "x"));
            assertTrue(api.serverReadOnly());
        }
    }

    @Test
    void statusCodesMapToTheirTypes() {
        store.current = new Credentials.AppPassword("alice", "pw");
        server.enqueue(Fixtures.json(404, "{\"error\":\"blob_not_owned_by_caller\",\"upload_path\":\"/api/files/upload\"}"));
        server.enqueue(Fixtures.json(409, "{\"error\":\"'a' already exists\"}"));
        server.enqueue(Fixtures.json(409, "{\"still_missing\":[\"" + "c".repeat(64) + "\"]}"));
        server.enqueue(Fixtures.json(507, "{\"error\":\"quota\"}"));
        server.enqueue(Fixtures.json(403, "{\"error\":\"nope\"}"));
        server.enqueue(Fixtures.json(400, "{\"error\":\"bad\"}"));
        try (OxiCloudApi api = api()) {
            var nf = assertThrows(OxiCloudException.NotFound.class, () -> api.createByHash(Fixtures.FOLDER_ID, "a", "d".repeat(64)));
            assertEquals(Optional.of("\"blob_not_owned_by_caller\""), nf.errorCode());
            assertThrows(OxiCloudException.Conflict.class, () -> api.createFolder(Fixtures.FOLDER_ID, "a"));
            var sm = assertThrows(OxiCloudException.StillMissing.class,
                    () -> api.commit(CommitDto.update("f".repeat(64), List.of(), Fixtures.FILE_ID)));
            assertEquals(List.of("c".repeat(64)), sm.hashes());
            assertThrows(OxiCloudException.QuotaExceeded.class, () -> api.createFolder(Fixtures.FOLDER_ID, "b"));
            assertThrows(OxiCloudException.Forbidden.class, () -> api.createFolder(Fixtures.FOLDER_ID, "c"));
            var rr = assertThrows(OxiCloudException.RequestRejected.class, () -> api.createFolder(Fixtures.FOLDER_ID, "d"));
            assertEquals(400, rr.status());
        }
    }

    /** Mirrors the header format without reaching into the internal package. */
    static final class AuthSessionHeader {
        static String basic(String u, String p) {
            return "Basic " + java.util.Base64.getEncoder().encodeToString((u + ":" + p).getBytes());
        }
    }
}
