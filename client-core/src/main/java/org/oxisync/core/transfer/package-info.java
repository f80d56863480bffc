/**
 * Uploads ({@link org.oxisync.core.transfer.Uploader}) and downloads ({@link org.oxisync.core.transfer.Downloader})
 * of single files, as §6 and §14 of the protocol reference describe. Decisions:
 * <ul>
 *   <li>Delta budget (audit #1): the real server allows 240 requests per user to its five delta endpoints
 *       (negotiate, PUT chunks, commit, manifest, delta download) and resets the count only after 60 s without
 *       any. Downloads below the delta threshold, and downloads of which nothing is held locally, use the plain
 *       {@code GET /api/files/{id}} (0 delta requests); empty files and content whose chunks are all held locally
 *       need no request at all; only a large file with an older version held locally costs a manifest plus
 *       delta downloads. Updates below the threshold PUT their chunks without negotiating (PUT + commit, plus the
 *       checks before and after the commit, which are not delta requests); larger transfers negotiate {@link org.oxisync.core.transfer.TransferOptions#negotiateEvery()}
 *       (4096) chunks at a time and PUT batches of 64 MiB. Tests count the requests with the emulator's stats.</li>
 *   <li>{@code still_missing} at commit: chunks this upload has just PUT may be held by a concurrent commit
 *       (audit #12), so the commit is repeated after a short delay before they are PUT again; an update whose
 *       chunks stay unclaimable after a re-PUT (another user's file references them, audit #4) is uploaded by
 *       multipart under a temporary {@code .oxisync-<random>.tmp} name in the same folder, committed with the same
 *       file hash (the server's fast path for content the caller owns), and the temporary file is deleted.</li>
 *   <li>Names (audit #5): a delta create trims outer whitespace, so such new files go by multipart; the outcome
 *       carries the name the server stored.</li>
 *   <li>Sending while hashing (on for a server elsewhere, off for one on this machine, where it
 *       measured slower: {@code EarlySendPolicy}, bench/README.md "The upload pipeline on its own" and "Peers over a
 *       link"; {@code -Doxisync.upload.earlySendBytes=N} overrides it): a run that
 *       may upload scans with {@code EarlySendingDigester}, so a file of
 *       {@link org.oxisync.core.transfer.TransferOptions#earlySendBytes()} or more is negotiated in
 *       groups of 64 chunks, doubling up to 1024, and PUT on two lanes while FastCDC and BLAKE3 go on; what the server got is kept by
 *       content hash in {@code EarlyChunks}, and the upload of that content neither negotiates nor sends it again
 *       (the commit's {@code still_missing} covers whatever the server lost meanwhile). Without it a large file was
 *       hashed by the scan and only then read again and sent. Dry runs and pairs that send nothing only hash; an
 *       error ends the early send of that file, never the scan.</li>
 *   <li>The digest comes from the scan, so the whole chunk list is known before the first request. Negotiation
 *       runs on the calling thread (one in flight, every 4096 new chunks, at most two groups ahead of the PUTs) while
 *       {@code PutLanes} sends the queued chunks on two lanes with their own connections, so negotiating, reading
 *       and sending overlap.</li>
 *   <li>Missing chunks go through the cursor-clear {@code ChunkQueue} and leave it in PUT batches of
 *       {@link org.oxisync.core.transfer.TransferOptions#putBatchBytes()}; the api re-reads them from the file
 *       at send time and checks the echoed hashes (a mismatch = the file changed while being read).</li>
 *   <li>Resume state lives in {@code LocalStore.transfers()}: uploaded chunks are not sent again by a later attempt
 *       of the same content (negotiate does not count loose chunks as available, so the local record is what
 *       saves the bytes); the commit's {@code still_missing} covers chunks the server collected meanwhile.</li>
 *   <li>Delta downloads keep their chunks in the chunk store (fsynced in 8 MiB groups) so a killed download
 *       continues; plain downloads move their part file (stable name per file and content) into the store's
 *       directory after a network failure or a stop, and a later attempt continues it with {@code Range}. Every local chunk is re-hashed before reuse.</li>
 *   <li>A run asked to stop ({@link org.oxisync.core.transfer.ProgressSink#stopRequested()}) ends a large
 *       transfer between chunk batches with {@code TransferException.Stopped}; what was sent or staged is
 *       recorded, so the next run continues from there.</li>
 *   <li>The chunk-index records of an upload (manifest, local chunk locations: a cache) go through
 *       {@link org.oxisync.core.transfer.StoreWrites}, so the engine can batch them with its journal writes.</li>
 *   <li>An update to 0 bytes trashes the remote file and creates an empty one (multipart cannot overwrite), so the
 *       outcome carries a new file id. The real server's validation does not reject an empty delta commit
 *       (audit #22, which would keep the id), but the emulator does, so this stays until the two agree.</li>
 *   <li>A download whose manifest names other content than expected is {@code RemoteChanged}: the engine lists again
 *       instead of writing content it did not plan for.</li>
 *   <li>An update reads its file ({@code POST /api/batch/files/get}) right before and right after its commit
 *       ({@code RemoteCheck}): the server's commit has no precondition, so another device's commit of the same file
 *       is found there. Other content before the commit: nothing is committed; other content after it: another
 *       device committed right after. Both are {@code RemoteChanged} carrying the server's file, and the engine keeps
 *       both versions in the same run ({@code engine.OvertakenUpdate}).</li>
 * </ul>
 */
package org.oxisync.core.transfer;
