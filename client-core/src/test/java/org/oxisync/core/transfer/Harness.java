package org.oxisync.core.transfer;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.oxisync.testing.ManualClock;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.emulator.cdc.FastCdc;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.journal.EntryKind;
import org.oxisync.store.journal.JournalEntry;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/**
 * The emulator on loopback, an api logged in as alice, and a local store with one folder pair rooted at
 * {@code local}, all on one hand-moved clock (the api's sleeper advances it, so retries and pacing never sleep).
 */
final class Harness implements AutoCloseable {
    static final int MIB = 1 << 20;

    final ManualClock clock = new ManualClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    final Path dir;
    final Path local;
    final Path serverData;
    final OxiCloudEmulator emu;
    final OxiCloudApi api;
    final String root;
    LocalStore store;
    final long pairId;

    /** The five endpoints the server's per-user delta rate limit counts (audit #1). */
    static final List<String> DELTA_ENDPOINTS = List.of("POST /api/files/delta/negotiate", "PUT /api/files/delta/chunks",
            "POST /api/files/delta/commit", "GET /api/files/{id}/manifest", "POST /api/files/delta/download");

    Harness(Path dir, Limits limits) throws IOException {
        this(dir, limits, new String[0]);
    }

    /** @param otherUsers more accounts on the same server (password "secret"), reachable through {@code emu.remote} */
    Harness(Path dir, Limits limits, String... otherUsers) throws IOException {
        this.dir = dir;
        this.local = Files.createDirectories(dir.resolve("local"));
        this.serverData = Files.createDirectories(dir.resolve("server"));
        EmulatorConfig.Builder config = EmulatorConfig.builder().user("alice", "secret");
        for (String u : otherUsers) {
            config.user(u, "secret");
        }
        emu = OxiCloudEmulator.start(config.clock(clock).dataDir(serverData)
                .accessTokenTtl(Duration.ofDays(30)).refreshTokenTtl(Duration.ofDays(60)).build());
        api = HttpOxiCloudApi.create(ApiConfig.builder(URI.create(emu.baseUrl()), "alice").clock(clock)
                .sleeper(clock::advance).jitter(() -> 0.5).limits(limits).build());
        api.login("alice", "secret");
        root = emu.rootFolderId("alice");
        store = openStore();
        pairId = store.accounts().savePair(FolderPair.create("main", local.toString(), root, "/")).id();
    }

    LocalStore openStore() {
        return LocalStore.open(dir.resolve("data"), "alice", clock);
    }

    /** Closes and reopens the local store, as a restarted process would. */
    void restartStore() {
        store.close();
        store = openStore();
    }

    RemoteClient remote() {
        return emu.remote("alice");
    }

    Path write(String path, byte[] data) throws IOException {
        Path p = local.resolve(path);
        Files.createDirectories(p.getParent());
        Files.write(p, data);
        return p;
    }

    /**
     * A file synced both ways (written, uploaded, journalled: its chunks count as held locally), then 1 MiB of it at
     * {@code editAt} changed on the server by another device. Returns the local content and the server's new one.
     */
    byte[][] syncedThenEditedRemotely(String path, int size, int editAt, long seed) throws IOException {
        byte[] ours = random(size, seed);
        write(path, ours);
        UploadRequest up = newFile(path);
        try {
            var f = new Uploader(api, store, TransferOptions.defaults()).upload(up, java.util.Set.of(), ProgressSink.NONE).file();
            journal(up, f.id());
        } catch (TransferException e) {
            throw new IOException(e);
        }
        byte[] theirs = ours.clone();
        System.arraycopy(random(MIB, seed + 1), 0, theirs, editAt, MIB);
        remote().putFile("/" + path, theirs);
        return new byte[][] {ours, theirs};
    }

    /**
     * A request for the file at {@code path} as the server lists it now (its size and modified time), to be staged
     * beside its local target; {@code versionsTarget}: the engine would keep the file at the target as a version.
     */
    DownloadRequest downloadRequest(String path, String expectedHash, boolean versionsTarget) {
        String id = remote().fileId("/" + path);
        org.oxisync.protocol.FileDto f = api.resources(root, 200, null).items().stream()
                .filter(r -> r.name().equals(path)).map(org.oxisync.protocol.FileDto.class::cast).findFirst().orElseThrow();
        return new DownloadRequest(pairId, path, id, expectedHash, f.size(), Instant.ofEpochSecond(f.modifiedAt()),
                local.resolve(path), versionsTarget);
    }

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** FastCDC with the server's parameters and BLAKE3 (what the scanner's digester computes). */
    static FileDigest digest(Path file) throws IOException {
        List<ChunkRef> chunks = new ArrayList<>();
        Blake3 whole = Blake3.newHasher();
        try (InputStream in = Files.newInputStream(file)) {
            FastCdc.server().chunk(in, (offset, buf, off, len) -> {
                chunks.add(new ChunkRef(offset, len, Blake3.newHasher().update(buf, off, len).hexDigest()));
                whole.update(buf, off, len);
            });
        }
        return new FileDigest(chunks, whole.hexDigest(), Files.size(file));
    }

    /** An upload request as the engine builds it from the scan (mtime and file key included). */
    UploadRequest newFile(String path) throws IOException {
        Path p = local.resolve(path);
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        return new UploadRequest(pairId, path, p, digest(p), root, p.getFileName().toString(), null, null,
                Instant.ofEpochMilli(a.lastModifiedTime().toMillis()), String.valueOf(a.fileKey()));
    }

    UploadRequest update(String path, String remoteId, String expectedRemoteHash) throws IOException {
        UploadRequest n = newFile(path);
        return new UploadRequest(pairId, path, n.file(), n.digest(), root, n.name(), remoteId, expectedRemoteHash,
                n.localMtime(), n.fileKey());
    }

    /** Writes the journal entry the engine would write after syncing {@code req}, so its chunk locations count. */
    void journal(UploadRequest req, String remoteId) {
        store.journal().upsert(new JournalEntry(pairId, req.path(), EntryKind.FILE, req.digest().size(), req.localMtime(),
                req.fileKey(), req.digest().fileHash(), remoteId, null, req.digest().fileHash(), clock.instant()));
    }

    EndpointStats stats(String key) {
        EndpointStats s = emu.stats().get(key);
        return s == null ? new EndpointStats(0, 0, 0) : s;
    }

    /** Requests counted by the server's delta rate limit since the last {@code emu.resetStats()}. */
    long deltaRequests() {
        return DELTA_ENDPOINTS.stream().mapToLong(k -> stats(k).requests()).sum();
    }

    List<Path> localFiles() throws IOException {
        try (Stream<Path> s = Files.list(local)) {
            return s.toList();
        }
    }

    @Override
    public void close() {
        store.close();
        api.close();
        emu.close();
    }
}
