package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;

/**
 * Which differing paths are files changed in place on one side only, the ones that bring their ancestors but not
 * their siblings to the reconciler ({@link Narrowing#inPlace}; the plans stay the same as the full reconcile:
 * IncrementalRunTest's random scenarios).
 */
class NarrowingInPlaceTest {
    private final TreeMap<String, LocalEntry> local = new TreeMap<>();
    private final TreeMap<String, RemoteEntry> remote = new TreeMap<>();
    private final List<JournalEntry> journal = new ArrayList<>();

    NarrowingInPlaceTest() {
        local.put("d", LocalEntry.dir("d", "kd"));
        remote.put("d", RemoteEntry.dir("d", "idd", "root", "ed"));
        journal.add(JournalEntry.dir("d", "kd", "idd"));
        for (int f = 0; f < 8; f++) {
            String p = "d/f" + f + ".txt";
            local.put(p, LocalEntry.unhashedFile(p, 10 + f, 1000 + f, "k" + f));
            remote.put(p, RemoteEntry.file(p, "id" + f, "idd", "e" + f, "h" + f, 10 + f, Instant.ofEpochSecond(1000 + f)));
            journal.add(JournalEntry.file(p, 10 + f, 1000 + f, "k" + f, "h" + f, "id" + f, "e" + f));
        }
    }

    @Test
    void aFileEditedOnOneSideIsInPlaceAndEverythingThatMayClaimANameIsNot() {
        local.put("d/f0.txt", LocalEntry.file("d/f0.txt", 99, 5000, "k0", "new0")); // local edit
        remote.put("d/f1.txt", RemoteEntry.file("d/f1.txt", "id1", "idd", "re1", "rh1", 77, Instant.ofEpochSecond(9)));
        local.put("d/f2.txt", LocalEntry.file("d/f2.txt", 99, 5000, "k2", "new2")); // both sides edit: a conflict
        remote.put("d/f2.txt", RemoteEntry.file("d/f2.txt", "id2", "idd", "re2", "rh2", 77, Instant.ofEpochSecond(9)));
        local.put("d/new.txt", LocalEntry.file("d/new.txt", 5, 5000, "kn", "hn")); // a new name
        local.put("d/f3.txt", LocalEntry.file("d/f3.txt", 13, 1003, "other-key", "h3")); // replaced: another file key
        RemoteEntry moved = remote.remove("d/f4.txt"); // moved on the server
        remote.put("d/m4.txt", new RemoteEntry("d/m4.txt", moved.kind(), moved.id(), moved.parentId(), moved.etag(),
                moved.contentHash(), moved.size(), moved.modifiedAt()));
        local.remove("d/f5.txt"); // deleted locally

        LocalSnapshot l = new LocalSnapshot(new ArrayList<>(local.values()), false);
        RemoteSnapshot r = new RemoteSnapshot(new ArrayList<>(remote.values()));
        JournalBase b = new JournalBase(journal);
        Set<String> differing = Narrowing.differing(l, r, b);

        assertEquals(Set.of("d/f0.txt", "d/f1.txt", "d/f2.txt", "d/new.txt", "d/f3.txt", "d/f4.txt", "d/m4.txt",
                "d/f5.txt"), differing);
        assertEquals(Set.of("d/f0.txt", "d/f1.txt"), Narrowing.inPlace(differing, l, r, b));
    }
}
