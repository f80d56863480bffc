package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A local write that lands while a run replaces or deletes that file is never lost (issue "hard to break" #5). The
 * write is made so that the plan's quick check (size and mtime) cannot see it, which puts it deterministically in
 * the window between that check and the swap: only the check after the swap (the hash of what was taken aside) can
 * catch it.
 */
class LocalWriteRaceTest extends HarnessTest {

    /** Rewrites a file with other bytes of the same length and gives it back its old mtime. */
    private void invisibleWrite(String rel, String sameLengthText) throws IOException {
        Path p = h.local.resolve(rel);
        FileTime mtime = Files.getLastModifiedTime(p);
        Files.writeString(p, sameLengthText, StandardCharsets.UTF_8);
        Files.setLastModifiedTime(p, mtime);
    }

    private Set<String> localContents() throws IOException {
        try (Stream<Path> s = Files.walk(h.local)) {
            return s.filter(Files::isRegularFile).map(p -> {
                try {
                    return Files.readString(p);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).collect(Collectors.toSet());
        }
    }

    @Test
    void aWriteDuringADownloadThatReplacesTheFileIsKeptAsAConflictCopy() throws Exception {
        h.write("notes.txt", "hello");
        h.syncOk();
        h.remote().putFile("/notes.txt", "from the server".getBytes(StandardCharsets.UTF_8));
        invisibleWrite("notes.txt", "HELLO");

        SyncReport r = h.syncOk();
        assertEquals(1, r.downloaded());
        assertEquals(1, r.conflicts(), "the local write became a conflict copy");
        assertEquals("from the server", h.read("notes.txt"));
        assertEquals(Set.of("from the server", "HELLO"), localContents());
        assertEquals(1, h.store.conflicts().unresolved(h.pair.id()).size());

        h.syncOk(); // the conflict copy goes up like any new file
        h.assertInSync();
    }

    @Test
    void aWriteDuringARemoteDeleteIsPutBackAndUploadedAgain() throws Exception {
        h.write("keep/draft.txt", "first");
        h.syncOk();
        h.remote().delete("/keep/draft.txt");
        invisibleWrite("keep/draft.txt", "FIRST");

        SyncReport r = h.sync();
        assertEquals(SyncStatus.PARTIAL, r.status(), r.message());
        assertEquals("FIRST", h.read("keep/draft.txt"), "the write is back in place");
        assertEquals(org.oxisync.core.reason.ReasonCode.CHANGED_DURING_RUN, r.errors().get(0).code(),
                "coded as a change during the run (the daemon retries those at once)");

        h.syncOk(); // the change wins over the remote delete: uploaded again
        assertEquals("FIRST", new String(h.remote().read("/keep/draft.txt"), StandardCharsets.UTF_8));
        h.assertInSync();
    }

    @Test
    void aWriteInsideAFolderDeletedOnTheServerIsKept() throws Exception {
        h.write("old/a.txt", "aaaa");
        h.write("old/b.txt", "bbbb");
        h.write("stays.txt", "s"); // not every file of the pair: the mass-delete guard would stop the run
        h.syncOk();
        h.remote().delete("/old");
        invisibleWrite("old/b.txt", "BBBB");

        SyncReport r = h.sync();
        assertTrue(r.status() == SyncStatus.PARTIAL, r.message());
        assertEquals("BBBB", h.read("old/b.txt"));
        assertTrue(!h.exists("old/a.txt"), "the unchanged file went with its folder");

        h.syncOk();
        assertEquals("BBBB", new String(h.remote().read("/old/b.txt"), StandardCharsets.UTF_8));
        h.assertInSync();
    }
}
