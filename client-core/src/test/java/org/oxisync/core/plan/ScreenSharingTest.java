package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;
import org.oxisync.core.naming.ServerNamePolicy;

/**
 * The screen hands the reconciler the snapshots' own records when their paths are already NFC (nearly every path):
 * a copy per entry was two local and two remote records per file at a join's peak (bench/README.md "A million
 * files"). A path that is not NFC still gets a normalized copy.
 */
class ScreenSharingTest {
    private static final String HASH = "ab".repeat(32);

    private static Screen screen() {
        return new Screen(new ServerNamePolicy(), new LocalNamePolicy(OsFamily.LINUX),
                new PathFilter(IgnoreRules.of(List.of()), SelectiveSync.none()));
    }

    @Test
    void entriesWhosePathsAreAlreadyNfcReachTheReconcilerAsTheSameRecordsNotCopies() {
        LocalEntry local = LocalEntry.file("docs/a.txt", 5, 1_700_000_000_000L, "(dev=1,ino=7)", HASH);
        RemoteEntry remote = RemoteEntry.file("docs/a.txt", "11111111-2222-3333-4444-555555555555",
                "66666666-2222-3333-4444-555555555555", "0123456789abcdef-1700000000", HASH, 5, null);

        Screen.Result out = screen().apply(LocalSnapshot.of(local), RemoteSnapshot.of(remote),
                new JournalBase(List.of()));

        assertSame(local, out.local().get(0));
        assertSame(remote, out.remote().get(0));
    }

    @Test
    void anEntryWhosePathIsNotNfcIsCopiedUnderItsNfcPath() {
        String decomposed = "docs/cafe\u0301.txt";
        LocalEntry local = LocalEntry.file(decomposed, 5, 1_700_000_000_000L, "(dev=1,ino=7)", HASH);

        Screen.Result out = screen().apply(LocalSnapshot.of(local), RemoteSnapshot.of(), new JournalBase(List.of()));

        assertNotSame(local, out.local().get(0));
        assertEquals("docs/caf\u00e9.txt", out.local().get(0).path());
    }
}
