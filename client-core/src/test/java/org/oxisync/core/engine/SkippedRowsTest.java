package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.core.remote.RemoteScan;
import org.oxisync.core.remote.RemoteScanner;
import org.oxisync.core.remote.RemoteTree;
import org.oxisync.protocol.SkippedResource;

class SkippedRowsTest {
    @Test
    void aFolderTheServerListedTwiceIsOneSkippedItemAtItsJournalPathWithNoStandIns() {
        RemoteScan in = new RemoteScan(RemoteTree.empty("root"), new RemoteSnapshot(List.of(
                RemoteEntry.dir("a", "id:a", "root", "e"))), 3, false,
                List.of(new SkippedResource("folder", "id:a", "a", RemoteScanner.LISTED_TWICE)));
        List<ItemError> skipped = new ArrayList<>();
        RemoteScan out = SkippedRows.standIn(in, new JournalBase(List.of(JournalEntry.dir("a", "k", "id:a"),
                JournalEntry.file("a/gone.txt", 3, 1, "k2", "h", "id:g", "e"))), skipped);
        assertSame(in, out, "the folder was taken once where it was met first; nothing stands in");
        assertEquals(1, skipped.size());
        assertEquals("a", skipped.get(0).path());
        assertEquals(ReasonCode.FOLDER_LISTED_TWICE, skipped.get(0).code());
    }
}
