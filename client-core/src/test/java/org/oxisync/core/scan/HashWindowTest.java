package org.oxisync.core.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.store.hash.Blake3;

/** The scan hashes through a window of tasks in flight, not one task per file at once; every file still gets its hash. */
class HashWindowTest {
    @TempDir
    Path root;
    private final PathFilter filter = new PathFilter(IgnoreRules.withDefaults(List.of()), SelectiveSync.none());

    @Test
    void moreFilesThanTheHashingWindowAreEachHashedWithTheirOwnContent() throws IOException {
        for (int threads : new int[] {1, 3}) {
            Path dir = Files.createDirectories(root.resolve("t" + threads));
            int files = LocalScanner.HASH_WINDOW_PER_THREAD * threads * 3 + 7;
            Map<String, String> expected = new TreeMap<>();
            for (int i = 0; i < files; i++) {
                byte[] body = ("file " + i + " of " + files).getBytes(StandardCharsets.UTF_8);
                String name = "d" + (i % 5) + "/f" + i + ".txt";
                Files.createDirectories(dir.resolve(name).getParent());
                Files.write(dir.resolve(name), body);
                expected.put(name, Blake3.hashHex(body));
            }
            ScanResult scan = new LocalScanner(org.oxisync.store.hash.FileChunker::digest, threads)
                    .scan(dir, filter, JournalBase.of());
            Map<String, String> hashed = new TreeMap<>();
            for (LocalEntry e : scan.snapshot().entries()) {
                if (e.kind() == EntryKind.FILE) {
                    hashed.put(e.path(), e.hash().value().orElseThrow());
                }
            }
            assertEquals(expected, hashed, threads + " thread(s)");
            assertEquals(files, scan.digests().size());
        }
    }
}
