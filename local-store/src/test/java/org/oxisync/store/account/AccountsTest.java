package org.oxisync.store.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.StoreFixture;
import org.oxisync.store.journal.EntryKind;
import org.oxisync.store.journal.JournalEntry;

class AccountsTest {
    @TempDir
    Path dir;

    @Test
    void theAccountAndAFolderPairWithItsListsAndSettingsRoundTrip() {
        try (StoreFixture f = new StoreFixture(dir)) {
            Accounts accounts = f.store.accounts();
            accounts.saveAccount(new Account("https://cloud.example:8086", "ann", "drive-1", "root-1"));
            assertEquals(new Account("https://cloud.example:8086", "ann", "drive-1", "root-1"), accounts.account().orElseThrow());
            FolderPair p = accounts.pair(f.pairId).orElseThrow()
                    .withExclusions(List.of("big/videos", "tmp"))
                    .withIgnorePatterns(List.of("*.tmp", "~$*", "*.tmp"))
                    .withSettings(Map.of("conflicts", "keep-both", "bandwidth.up", "512"));
            accounts.savePair(p);
            FolderPair back = accounts.pairByName("docs").orElseThrow();
            assertEquals(p, back);
            assertEquals(List.of("*.tmp", "~$*", "*.tmp"), back.ignorePatterns());
            assertEquals(1, accounts.pairs().size());
        }
    }

    @Test
    void aServerUrlWithCredentialsIsRejectedWithoutEchoingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Account("https://ann:s3cret@cloud.example", "ann", null, null));
        assertFalse(e.getMessage().contains("s3cret"));
    }

    @Test
    void removingAPairRemovesItsJournal() {
        try (StoreFixture f = new StoreFixture(dir)) {
            f.store.journal().upsert(new JournalEntry(f.pairId, "a", EntryKind.FILE, 1, null, null, null, null, null, null, null));
            f.store.settings().put("ui.theme", "dark");
            assertTrue(f.store.accounts().removePair(f.pairId));
            assertEquals(0, f.store.journal().count(f.pairId));
            assertEquals("dark", f.store.settings().get("ui.theme").orElseThrow());
        }
    }
}
