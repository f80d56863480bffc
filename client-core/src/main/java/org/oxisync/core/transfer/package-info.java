/**
 * Uploads ({@link org.oxisync.core.transfer.Uploader}) and downloads ({@link org.oxisync.core.transfer.Downloader})
 * of single files, as §6 and §14 of the protocol reference describe. Decisions:
 * <ul>
 *   <li>The digest comes from the scan, so the whole chunk list is known before the first request. Negotiation
 *       runs on the calling thread (one in flight, every 256 new chunks, at most two groups ahead of the PUTs) while
 *       {@code PutLanes} sends the queued chunks on two lanes with their own connections, so negotiating, reading
 *       and sending overlap.</li>
 *   <li>Missing chunks go through the cursor-clear {@code ChunkQueue} and leave it in PUT batches of
 *       {@link org.oxisync.core.transfer.TransferOptions#putBatchBytes()}; the api re-reads them from the file
 *       at send time and checks the echoed hashes (a mismatch = the file changed while being read).</li>
 *   <li>Resume state lives in {@code LocalStore.transfers()}: uploaded chunks are not sent again by a later attempt
 *       of the same content (negotiate does not count loose chunks as available, so the local record is what
 *       saves the bytes); the commit's {@code still_missing} covers chunks the server collected meanwhile.</li>
 *   <li>Downloads of at least the delta threshold keep their chunks in the chunk store (fsynced in 8 MiB groups) so
 *       a killed download continues; smaller ones just start over. Every local chunk is re-hashed before reuse.</li>
 *   <li>A run asked to stop ({@link org.oxisync.core.transfer.ProgressSink#stopRequested()}) ends a large
 *       transfer between chunk batches with {@code TransferException.Stopped}; what was sent or staged is
 *       recorded, so the next run continues from there.</li>
 *   <li>The chunk-index records of an upload (manifest, local chunk locations: a cache) go through
 *       {@link org.oxisync.core.transfer.StoreWrites}, so the engine can batch them with its journal writes.</li>
 *   <li>An update to 0 bytes trashes the remote file and creates an empty one (the server refuses an empty delta
 *       commit and multipart cannot overwrite), so the outcome carries a new file id.</li>
 *   <li>A download whose manifest names other content than expected is {@code RemoteChanged}: the engine lists again
 *       instead of writing content it did not plan for.</li>
 * </ul>
 */
package org.oxisync.core.transfer;
