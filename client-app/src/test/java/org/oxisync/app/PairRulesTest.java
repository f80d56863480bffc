package org.oxisync.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.store.account.FolderPair;

/** The folder-pair rules shared by {@code oxisync pair add} and the desktop wizard. */
class PairRulesTest {
    @TempDir Path tmp;

    private FolderPair pair(String name, Path local) {
        return FolderPair.create(name, local.toString(), "f-" + name, "/" + name);
    }

    @Test
    void aFolderInsideOrAroundAnotherPairsFolderIsRefusedWithThatPairsName() {
        List<FolderPair> existing = List.of(pair("Docs", tmp.resolve("Docs")));
        String inside = PairRules.localProblem(tmp.resolve("Docs/Sub"), existing, null).orElseThrow();
        assertTrue(inside.contains("overlaps the folder of pair 'Docs'"), inside);
        String around = PairRules.localProblem(tmp, existing, null).orElseThrow();
        assertTrue(around.contains("'Docs'"), around);
        String same = PairRules.localProblem(tmp.resolve("Other/../Docs"), existing, null).orElseThrow();
        assertTrue(same.contains("'Docs'"), "a path that normalises to the same folder: " + same);
    }

    @Test
    void siblingsSharingANamePrefixDoNotOverlap() {
        List<FolderPair> existing = List.of(pair("Docs", tmp.resolve("Docs")));
        assertEquals(Optional.empty(), PairRules.localProblem(tmp.resolve("Docs2"), existing, null));
        assertEquals(Optional.empty(), PairRules.localProblem(tmp.resolve("Music"), existing, tmp.resolve("home")));
    }

    @Test
    void aFileOrOxiSyncsOwnDataFolderIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "x");
        assertTrue(PairRules.localProblem(file, List.of(), null).orElseThrow().contains("is a file"));
        Path home = tmp.resolve("home");
        String around = PairRules.localProblem(tmp, List.of(), home).orElseThrow();
        assertTrue(around.contains("OxiSync's own data folder"), around);
        assertTrue(PairRules.localProblem(home.resolve("data"), List.of(), home).isPresent(), "inside the data folder");
    }

    @Test
    void namesDefaultToTheFolderNameAndAreMadeUnique() {
        assertEquals("Docs", PairRules.defaultName(tmp.resolve("Docs/")));
        assertEquals("root", PairRules.defaultName(tmp.getRoot()));
        assertEquals("Docs", PairRules.uniqueName("Docs", Set.of("Music")::contains));
        assertEquals("Docs 3", PairRules.uniqueName("Docs", Set.of("Docs", "Docs 2")::contains));
    }

    @Test
    void remotePathsAreCanonicalAndNfcAndRejectDotSegments() {
        assertEquals("/", PairRules.normalizeRemotePath("/"));
        assertEquals("/", PairRules.normalizeRemotePath(""));
        assertEquals("/Docs/2024", PairRules.normalizeRemotePath("Docs//2024/"));
        assertEquals("/Caf\u00e9", PairRules.normalizeRemotePath("/Cafe\u0301"), "decomposed input becomes NFC");
        for (String bad : List.of("/a/../b", "/./a", "/a\\b", "/a\0b")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PairRules.normalizeRemotePath(bad), bad);
            assertTrue(e.getMessage().startsWith("not a valid remote folder path"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> PairRules.remoteSegments(null));
    }

    @Test
    void missingRemoteFoldersAreCreatedAndExistingOnesReused() throws Exception {
        try (OxiCloudEmulator server = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
             AppContext ctx = new AppContext(new AppHome(tmp.resolve("home"), true), Clock.systemUTC())) {
            ctx.saveConfig(new AppConfig(server.baseUrl(), "alice", null));
            ctx.api().login("alice", "secret");
            String existing = server.remote("alice").mkdirs("/Work");
            String root = server.rootFolderId("alice");

            String created = PairRules.resolveOrCreateRemote(ctx.api(), root, "/Work/2024");
            assertEquals(created, server.remote("alice").folderId("/Work/2024"));
            assertEquals(existing, PairRules.resolveOrCreateRemote(ctx.api(), root, "/Work"), "reused, not duplicated");
            assertEquals(created, PairRules.resolveOrCreateRemote(ctx.api(), root, "Work/2024/"));
            assertEquals(root, PairRules.resolveOrCreateRemote(ctx.api(), root, "/"));
        }
    }
}
