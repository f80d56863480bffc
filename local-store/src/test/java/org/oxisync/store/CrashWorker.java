package org.oxisync.store;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.oxisync.store.chunks.ChunkStore;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.journal.EntryKind;
import org.oxisync.store.journal.JournalEntry;

/**
 * Child process of {@link CrashTest}: writes batches forever until killed. Batch n = chunks put into the chunk
 * store (one chunk batch), then one transaction with {@value #ENTRIES} journal rows "b&lt;n&gt;/f&lt;i&gt;", the
 * manifest of those chunks, a version pinning it, and the marker setting "batch.&lt;n&gt;".
 */
public final class CrashWorker {
    static final int ENTRIES = 400;

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        try (LocalStore store = LocalStore.open(data, "crash", Clock.systemUTC())) {
            long pair = store.accounts().pairByName("p").map(p -> p.id())
                    .orElseGet(() -> store.accounts().savePair(org.oxisync.store.account.FolderPair.create("p", "/l", "r", "/R")).id());
            int n = store.settings().all().keySet().stream().filter(k -> k.startsWith("batch."))
                    .mapToInt(k -> Integer.parseInt(k.substring(6))).max().orElse(-1) + 1;
            System.out.println("ready " + n);
            System.out.flush();
            Random rnd = new Random();
            ChunkStore chunks = store.chunkStore();
            for (; ; n++) {
                List<ChunkRef> refs = new ArrayList<>();
                long off = 0;
                byte[] whole = new byte[0];
                try (ChunkStore.Batch b = chunks.batch()) {
                    for (int c = 0; c < 8; c++) {
                        byte[] bytes = new byte[16_384 + rnd.nextInt(49_152)];
                        rnd.nextBytes(bytes);
                        String h = b.put(bytes);
                        refs.add(new ChunkRef(off, bytes.length, h));
                        off += bytes.length;
                        byte[] w = java.util.Arrays.copyOf(whole, whole.length + bytes.length);
                        System.arraycopy(bytes, 0, w, whole.length, bytes.length);
                        whole = w;
                    }
                    b.commit();
                }
                FileDigest digest = new FileDigest(refs, org.oxisync.store.hash.Blake3.hashHex(whole), whole.length);
                int batch = n;
                List<JournalEntry> entries = new ArrayList<>();
                for (int i = 0; i < ENTRIES; i++) {
                    entries.add(new JournalEntry(pair, "b" + batch + "/f" + i, EntryKind.FILE, i, null, "k" + i,
                            digest.fileHash(), "rid", "etag", null, null));
                }
                store.inTransaction(() -> {
                    store.journal().upsertAll(entries);
                    store.chunks().recordManifest(digest);
                    store.database().write(s -> s.update("INSERT INTO versions (pair_id, path, file_hash, size, created_ms) "
                            + "VALUES (?, ?, ?, ?, 0)", pair, "b" + batch, digest.fileHash(), digest.size()));
                    store.settings().put("batch." + batch, Integer.toString(ENTRIES));
                });
                System.out.println("committed " + batch); // CrashTest waits for one now and then
                System.out.flush();
            }
        }
    }
}
