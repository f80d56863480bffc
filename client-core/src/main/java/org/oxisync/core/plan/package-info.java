/**
 * Reconcile: a pure function (local snapshot, remote snapshot, journal) → ordered {@link
 * org.oxisync.core.plan.SyncPlan}. No I/O; entry point {@link org.oxisync.core.plan.Reconciler#reconcile}.
 *
 * <h2>Steps</h2>
 * <ol>
 *   <li><b>Screen</b>: paths to NFC; entries the pair's ignore rules or selective sync exclude are dropped from
 *       all three inputs (never deleted anywhere); symlinks/special files, names the server refuses
 *       ({@code ServerNamePolicy}) or the local file system cannot hold ({@code LocalNamePolicy}), and remote
 *       names that clash by case on a case-insensitive volume become {@code Skip(path, reason)}: that path
 *       and its subtree are left alone on every side while the rest continues.</li>
 *   <li><b>Match</b> each journal entry: remotely by id (else a same-kind entry at the same path with an id no
 *       journal entry knows = replaced remotely); locally by path and kind, else under a moved parent, else by
 *       file key (with unchanged size and mtime, or the same hash, since file systems reuse keys), else by a
 *       hash and size unique on both sides.</li>
 *   <li><b>Final path</b> of each item: the remote's own move of it wins, else the local's own move, else the
 *       journal name; always under the parent's final path (a folder move carries its subtree).</li>
 *   <li><b>Fate</b> per the table below; then <b>claims</b>: two items ending at one path (case-folded on a
 *       case-insensitive volume) → the remote-placed one keeps it, the local one is renamed to a conflict copy
 *       first and uploaded as new.</li>
 *   <li><b>Order</b>: conflict copies and type-change deletes that free a path; folder creations and moves in
 *       the order of what each waits for ({@link org.oxisync.core.plan.StructureOrder}: its parent, the move that
 *       carries its source, whatever still sits at its destination; a folder move is one step); a cycle of such
 *       waits (a swap, a rotation, a folder moved into a new folder of its own name) is broken by staging one move
 *       through a visible sibling name {@code NAME (moving)};
 *       uploads and downloads; deletes (deepest first; a deleted folder is one step; remote deletes go to
 *       the server's trash); journal-only records; skips.</li>
 * </ol>
 *
 * <h2>Rules (L = local, R = remote, vs the journal)</h2>
 * <table border="1">
 *   <caption>Fate of one item</caption>
 *   <tr><th>L</th><th>R</th><th>plan</th></tr>
 *   <tr><td>unchanged</td><td>unchanged</td><td>nothing (journal record if only metadata such as mtime changed)</td></tr>
 *   <tr><td>changed</td><td>unchanged</td><td>Upload (update of the remote id)</td></tr>
 *   <tr><td>unchanged</td><td>changed</td><td>Download (update; carries the expected local state)</td></tr>
 *   <tr><td>changed</td><td>changed, same content</td><td>RecordJournal</td></tr>
 *   <tr><td>changed</td><td>changed, different</td><td>ConflictCopy of the local file
 *       ({@code NAME (conflicted copy YYYY-MM-DD HHMMSS HOST).EXT}), Upload of the copy as new, Download of
 *       the remote to the original name</td></tr>
 *   <tr><td>new</td><td>absent</td><td>Upload new / CreateRemoteFolder</td></tr>
 *   <tr><td>absent</td><td>new</td><td>Download new / CreateLocalFolder</td></tr>
 *   <tr><td>new</td><td>new, same content or both folders</td><td>RecordJournal (folders are merged)</td></tr>
 *   <tr><td>new</td><td>new, different</td><td>conflict as above</td></tr>
 *   <tr><td>deleted</td><td>unchanged</td><td>DeleteRemote (trash)</td></tr>
 *   <tr><td>unchanged</td><td>deleted</td><td>DeleteLocal (carries the expected local state)</td></tr>
 *   <tr><td>deleted</td><td>changed or moved</td><td>the change wins: Download again</td></tr>
 *   <tr><td>changed or moved</td><td>deleted</td><td>the change wins: Upload again as new</td></tr>
 *   <tr><td>deleted</td><td>deleted</td><td>ForgetJournal</td></tr>
 *   <tr><td>moved/renamed</td><td>unchanged</td><td>MoveRemote (one step for a whole folder)</td></tr>
 *   <tr><td>unchanged</td><td>moved/renamed</td><td>MoveLocal (one step for a whole folder)</td></tr>
 *   <tr><td>moved to X</td><td>moved to X</td><td>RecordJournal with the previous path</td></tr>
 *   <tr><td>moved to X</td><td>moved to Y</td><td>the remote place wins: MoveLocal to Y</td></tr>
 *   <tr><td>folder deleted</td><td>something inside changed or new</td><td>the changed entries survive,
 *       their folders are re-created locally (CreateLocalFolder); the other entries are trashed one by
 *       one</td></tr>
 *   <tr><td>something inside changed or new</td><td>folder deleted</td><td>symmetric: CreateRemoteFolder,
 *       Upload, DeleteLocal of the rest</td></tr>
 *   <tr><td>file replaced by folder (or back)</td><td>unchanged</td><td>delete of the old kind first, then
 *       the new kind is created (and filled)</td></tr>
 *   <tr><td>moved onto a path a new remote entry takes</td><td>-</td><td>the local entry becomes a
 *       conflict copy</td></tr>
 *   <tr><td colspan="2">case-only rename on either side</td><td>a Move whose paths differ only in case
 *       (described as "case only": the executor renames through a temporary name on case-insensitive
 *       volumes)</td></tr>
 *   <tr><td colspan="2">name refused / unusable / case clash / symlink / special file</td><td>Skip(path,
 *       reason); the rest continues</td></tr>
 * </table>
 *
 * <h2>Pair rights</h2>
 * The table above is a two-way pair of a drive's owner. A pair's mode and role ({@link
 * org.oxisync.core.plan.PairRights}) change the fates before conflicts are split and after the name claims
 * ({@code RightsRules}): what the pair may not send is undone (a delete: the server's entry comes back; a rename:
 * moved back), kept beside the server's version as a conflict copy (an edit), or kept locally and reported (a new
 * entry); an upload-only pair does not bring remote changes down. The full table is {@code docs/pair-rights.md}.
 *
 * <h2>Notes for the executor</h2>
 * <ul>
 *   <li>A move of a folder carries the journal rows under it (rebase them).</li>
 *   <li>Download and DeleteLocal carry the {@link org.oxisync.core.plan.LocalState} seen at scan time: act
 *       only if the local file still matches, and keep its old content in the version store first.</li>
 *   <li>Remote folder ETags are not recorded here; remote discovery owns them.</li>
 *   <li>Known limits: a file moved and edited locally in one run is seen as delete + new (file keys alone are not
 *       trusted), which uploads it again and trashes the old one: nothing is lost.</li>
 * </ul>
 */
package org.oxisync.core.plan;
