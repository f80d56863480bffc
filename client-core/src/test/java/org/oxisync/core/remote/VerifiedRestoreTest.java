package org.oxisync.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.MemoryCredentialStore;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.TrashItemDto;
import org.oxisync.store.hash.Blake3;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/** A restore is relied on only once a listing shows the item (0.8.7 answers 200 for ids not in the trash). */
class VerifiedRestoreTest {
    private OxiCloudEmulator emu;
    private OxiCloudApi api;

    @BeforeEach
    void start() {
        emu = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        api = HttpOxiCloudApi.create(ApiConfig.builder(URI.create(emu.baseUrl()), "alice")
                .credentialStore(new MemoryCredentialStore()).clock(Clock.systemUTC())
                .hasher((d, o, l) -> {
                    Blake3 h = Blake3.newHasher();
                    h.update(d, o, l);
                    return h.hexDigest();
                }).build());
        api.login("alice", "secret");
    }

    @AfterEach
    void stop() {
        api.close();
        emu.close();
    }

    private TrashItemDto trashed(String path) {
        String id = emu.remote("alice").fileId(path);
        api.deleteFile(id);
        return api.trash(50, null).items().stream().filter(t -> id.equals(t.id())).findFirst().orElseThrow();
    }

    @Test
    void aRestoredFileIsReturnedAsItsFolderListsIt() {
        emu.remote("alice").putFile("/a.txt", "a".getBytes(StandardCharsets.UTF_8));
        TrashItemDto t = trashed("/a.txt");
        Resource back = VerifiedRestore.restore(api, t);
        assertEquals("a.txt", back.name());
        assertTrue(emu.remote("alice").exists("/a.txt"));
    }

    @Test
    void aRestoreAnswered200ForAnItemDeletedForGoodIsNotTakenAsRestored() {
        emu.remote("alice").putFile("/gone.txt", "g".getBytes(StandardCharsets.UTF_8));
        TrashItemDto t = trashed("/gone.txt");
        api.deleteFile(t.id()); // a second delete of a trashed file deletes it for good (0.8.7, audit #2)
        VerifiedRestore.NotRestored e = assertThrows(VerifiedRestore.NotRestored.class,
                () -> VerifiedRestore.restore(api, t));
        assertTrue(e.getMessage().contains("was restored, but it is not in its folder"), e.getMessage());
    }
}
