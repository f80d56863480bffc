package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;

/**
 * A server (or a proxy) that sends a manifest whose chunk list does not describe the file: the download is refused
 * and falls back (a fresh manifest, then the plain GET) in the same run, and nothing of that list is kept for a later
 * run, which would otherwise fail the file on every run after the server answers honestly.
 */
class TamperedManifestEngineTest {
    @TempDir Path tmp;
    private SyncHarness h;
    /** How many manifest answers are still tampered with. */
    private final AtomicInteger tampered = new AtomicInteger();

    @BeforeEach
    void setUp() {
        h = new SyncHarness(SyncHarness.newServer(), tmp, true, Clock.systemUTC(), b -> b, this::tampering);
    }

    @AfterEach
    void tearDown() {
        h.close();
    }

    /** The first chunk one byte longer than it is: the list no longer adds up to the file. */
    private OxiCloudApi tampering(OxiCloudApi api) {
        return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(), new Class<?>[] {OxiCloudApi.class},
                (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(api, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("manifest") && result instanceof Optional<?> o && o.isPresent()
                            && tampered.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                        ManifestDto m = (ManifestDto) o.get();
                        List<ChunkRefDto> chunks = new ArrayList<>(m.chunks());
                        chunks.set(0, new ChunkRefDto(chunks.get(0).h(), chunks.get(0).s() + 1));
                        return Optional.of(new ManifestDto(m.fileHash(), m.totalSize(), chunks));
                    }
                    return result;
                });
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    /** big.bin synced, then edited on the server: the next run downloads it by delta (manifest first). */
    private byte[] editedOnTheServer() {
        int size = (int) TransferOptions.DEFAULT_DELTA_THRESHOLD + (2 << 20);
        byte[] first = random(size, 1);
        h.write("big.bin", first);
        h.syncOk();
        byte[] second = first.clone();
        System.arraycopy(random(256 << 10, 2), 0, second, size / 2, 256 << 10);
        h.remote().putFile("/big.bin", second);
        return second;
    }

    @Test
    void aManifestThatDoesNotAddUpFallsBackToThePlainDownloadInTheSameRun() {
        byte[] second = editedOnTheServer();
        tampered.set(Integer.MAX_VALUE); // every manifest the server sends is wrong
        SyncReport r = h.syncOk();
        assertEquals(1, r.downloaded());
        assertArrayEquals(second, h.readBytes("big.bin"));
        assertEquals(List.of(), h.store.errors().list(h.pair.id()));
    }

    @Test
    void aWrongChunkListIsNotKeptForALaterRun() {
        byte[] second = editedOnTheServer();
        tampered.set(1);
        h.syncOk();
        assertArrayEquals(second, h.readBytes("big.bin"));
        String hash = h.store.journal().get(h.pair.id(), "big.bin").orElseThrow().remoteHash();
        Optional<FileDigest> kept = h.store.chunks().manifest(hash);
        kept.ifPresent(d -> assertEquals(d.size(), d.chunks().stream().mapToLong(ChunkRef::length).sum(),
                "a kept chunk list adds up to the file"));
    }

    @Test
    void aWrongChunkListRecordedEarlierIsForgottenAndTheFileStillComes() {
        byte[] second = editedOnTheServer();
        // a list recorded before verification by an earlier process (a download interrupted after it began)
        OxiCloudApi honest = SyncHarness.newApi(h.server, Clock.systemUTC());
        honest.login(SyncHarness.USER, SyncHarness.PASSWORD);
        String id = h.remote().fileId("/big.bin");
        ManifestDto m = honest.manifest(id, null).orElseThrow();
        honest.close();
        List<ChunkRef> wrong = new ArrayList<>();
        long offset = 0;
        for (int i = 0; i < m.chunks().size(); i++) {
            int len = (int) m.chunks().get(i).s() + (i == 0 ? 1 : 0);
            wrong.add(new ChunkRef(offset, len, m.chunks().get(i).h()));
            offset += len;
        }
        h.store.chunks().recordManifest(new FileDigest(wrong, m.fileHash(), m.totalSize()));

        h.syncOk();
        assertArrayEquals(second, h.readBytes("big.bin"));
        FileDigest kept = h.store.chunks().manifest(m.fileHash()).orElse(null);
        assertTrue(kept == null || !kept.chunks().equals(wrong), "the wrong list is forgotten");
        assertNotEquals(0, second.length);
    }
}
