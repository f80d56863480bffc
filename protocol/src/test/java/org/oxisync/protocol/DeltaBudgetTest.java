package org.oxisync.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/** Audit #1: the delta budget models 0.8.7's TTL-reset limiter; 429s are never retried within the quiet gap. */
class DeltaBudgetTest {
    private static final Duration GAP = Duration.ofSeconds(61);
    private final MockWebServer server = new MockWebServer();
    private final FakeTime time = new FakeTime();

    @BeforeEach
    void setUp() throws Exception {
        server.start();
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    private static List<ChunkRefDto> oneChunk() {
        return List.of(new ChunkRefDto("a".repeat(64), 10));
    }

    @Test
    void countsUntilTheLimitThenWaitsAQuietGapFromTheEndOfTheLastRequest() {
        DeltaBudget b = new DeltaBudget(5, 1, GAP, new DeltaBudget.MemoryStore());
        for (int i = 0; i < 4; i++) {
            b.acquire(time, time, "t");
            time.advance(Duration.ofSeconds(10)); // a 10 s request: the gap counts from its end
            b.release(time);
        }
        Instant lastEnd = time.instant();
        assertTrue(b.view(time).exhausted());
        assertEquals(lastEnd.plus(GAP), b.view(time).freesAt());
        // A sliding window would let the 5th request go 60 s after the first started; the server would refuse it.
        b.acquire(time, time, "t");
        assertEquals(lastEnd.plus(GAP), time.instant());
        assertEquals(1, b.view(time).used());
        b.release(time);
    }

    @Test
    void roomNowIsWhatIsLeftOfTheUsableCountZeroWhilePausedAndAllAgainAfterAQuietGap() {
        DeltaBudget b = new DeltaBudget(10, 2, GAP, new DeltaBudget.MemoryStore(), () -> 0.0);
        assertEquals(8, b.roomNow(time));
        for (int i = 0; i < 3; i++) {
            b.acquire(time, time, "t");
        }
        assertEquals(5, b.roomNow(time), "requests in flight count");
        for (int i = 0; i < 3; i++) {
            b.release(time);
        }
        assertEquals(5, b.roomNow(time));
        time.advance(GAP);
        assertEquals(8, b.roomNow(time), "the server's counter expired");
        b.refused(time);
        assertEquals(0, b.roomNow(time), "paused after a refusal");
        time.advance(GAP.plusSeconds(1));
        assertEquals(8, b.roomNow(time));
    }

    @Test
    void refusalPausesTheBudgetForAGapPlusAJitteredPartAndAcquireRefusesAtOnceMeanwhile() {
        DeltaBudget b = new DeltaBudget(240, 4, GAP, new DeltaBudget.MemoryStore(), () -> 0.5);
        b.acquire(time, time, "t");
        b.release(time);
        b.refused(time);
        Instant until = time.instant().plus(GAP).plusMillis((long) (GAP.toMillis() * 0.25));
        DeltaBudget.View v = b.view(time);
        assertTrue(v.exhausted());
        assertEquals(until, v.freesAt());
        assertFalse(b.usableNow(time));
        assertEquals(until, b.pausedUntil(time).orElseThrow());
        OxiCloudException.RateLimited e = assertThrows(OxiCloudException.RateLimited.class, () -> b.acquire(time, time, "t"));
        assertEquals(Duration.between(time.instant(), until), e.retryAfter());
        assertEquals(Duration.ZERO, time.slept(), "no wait while paused: the caller takes a plain endpoint");
        time.advance(GAP);
        assertFalse(b.usableNow(time), "still paused: the jittered part");
        time.advance(Duration.between(time.instant(), until));
        assertTrue(b.usableNow(time));
        assertEquals(0, b.view(time).used());
        b.acquire(time, time, "t");
        assertEquals(1, b.view(time).used());
    }

    @Test
    void devicesRefusedTogetherComeBackAtDifferentTimes() {
        DeltaBudget early = new DeltaBudget(240, 4, GAP, new DeltaBudget.MemoryStore(), () -> 0.0);
        DeltaBudget late = new DeltaBudget(240, 4, GAP, new DeltaBudget.MemoryStore(), () -> 0.99);
        early.refused(time);
        late.refused(time);
        assertEquals(time.instant().plus(GAP), early.pausedUntil(time).orElseThrow());
        assertTrue(late.pausedUntil(time).orElseThrow().isAfter(time.instant().plus(GAP).plusSeconds(29)));
    }

    @Test
    void thePauseIsSharedThroughTheFileStore(@TempDir Path dir) {
        Path file = dir.resolve("account/delta-budget");
        DeltaBudget a = new DeltaBudget(240, 4, GAP, new FileDeltaBudgetStore(file), () -> 0.0);
        a.refused(time);
        DeltaBudget b = DeltaBudget.persistent(new FileDeltaBudgetStore(file));
        assertFalse(b.usableNow(time));
        assertThrows(OxiCloudException.RateLimited.class, () -> b.acquire(time, time, "t"));
        time.advance(GAP);
        assertTrue(b.usableNow(time));
    }

    @Test
    void interruptedWaitIsANetworkFailure() {
        DeltaBudget b = new DeltaBudget(1, 0, GAP, new DeltaBudget.MemoryStore());
        b.acquire(time, time, "t");
        b.release(time);
        Thread.currentThread().interrupt();
        try {
            assertThrows(OxiCloudException.NetworkFailure.class, () -> b.acquire(time, time, "t"));
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aFileStoreSharesTheCountAcrossInstancesAsAcrossProcesses(@TempDir Path dir) {
        Path file = dir.resolve("account/delta-budget");
        DeltaBudget a = DeltaBudget.persistent(new FileDeltaBudgetStore(file));
        for (int i = 0; i < 3; i++) {
            a.acquire(time, time, "t");
            a.release(time);
        }
        DeltaBudget b = DeltaBudget.persistent(new FileDeltaBudgetStore(file));
        assertEquals(3, b.view(time).used());
        b.acquire(time, time, "t");
        b.release(time);
        assertEquals(4, a.view(time).used());
    }

    @Test
    void oneBudgetIsSharedByEveryApiOfTheAccount() {
        DeltaBudget shared = DeltaBudget.inMemory();
        server.enqueue(Fixtures.json("{\"missing\":[]}"));
        server.enqueue(Fixtures.json("{\"missing\":[]}"));
        ApiConfig cfg = Fixtures.config(server, time).credentialStore(appPassword()).deltaBudget(shared).build();
        try (OxiCloudApi one = HttpOxiCloudApi.create(cfg); OxiCloudApi two = HttpOxiCloudApi.create(cfg)) {
            one.negotiate(oneChunk());
            two.negotiate(oneChunk());
            assertEquals(2, one.deltaBudget().view(time).used());
        }
    }

    private static CredentialStore appPassword() {
        MemoryCredentialStore s = new MemoryCredentialStore();
        s.save("alice@test", new Credentials.AppPassword("alice", "pw"));
        return s;
    }

    @Test
    void aDelta429IsNotRetriedAndNoDeltaRequestLeavesDuringThePause() {
        server.enqueue(Fixtures.json(429, "{\"status\":429,\"error\":\"Too Many Requests\",\"error_type\":\"RateLimited\"}"));
        server.enqueue(Fixtures.json("{\"missing\":[]}"));
        try (OxiCloudApi api = HttpOxiCloudApi.create(Fixtures.config(server, time).credentialStore(appPassword())
                .deltaBudget(DeltaBudget.inMemory()).build())) {
            OxiCloudException.RateLimited e = assertThrows(OxiCloudException.RateLimited.class,
                    () -> api.negotiate(oneChunk()));
            assertTrue(e.retryAfter().compareTo(GAP) >= 0, "pause " + e.retryAfter());
            assertThrows(OxiCloudException.RateLimited.class, () -> api.negotiate(oneChunk()));
            assertEquals(1, server.getRequestCount(), "the second call was refused locally");
            assertEquals(Duration.ZERO, time.slept());
            time.advance(e.retryAfter());
            assertEquals(List.of(), api.negotiate(oneChunk()));
        }
        assertEquals(2, server.getRequestCount());
    }

    @Test
    void login429IsNotRetried() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(Fixtures.json(429, "{\"error_type\":\"RateLimited\"}"));
        }
        try (OxiCloudApi api = HttpOxiCloudApi.create(Fixtures.config(server, time).build())) {
            assertThrows(OxiCloudException.RateLimited.class, () -> api.login("alice", "pw"));
        }
        assertEquals(1, server.getRequestCount());
        assertEquals(Duration.ZERO, time.slept());
    }

    @Test
    void a429WithoutRetryAfterIsNotRetriedOnOtherCalls() {
        server.enqueue(new MockResponse.Builder().code(429).body("{}").build());
        try (OxiCloudApi api = HttpOxiCloudApi.create(Fixtures.config(server, time).credentialStore(appPassword()).build())) {
            assertThrows(OxiCloudException.RateLimited.class, api::me);
        }
        assertEquals(1, server.getRequestCount());
    }
}
