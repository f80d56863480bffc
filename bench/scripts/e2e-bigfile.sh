#!/usr/bin/env bash
# End-to-end: one large file (default 64 MiB; the issue's figure is 1024 MiB) through the real CLI against the
# standalone emulator on loopback, in this order:
#   1. reference: the same bytes over a plain loopback TCP copy (SocketCopy, best of 3, in-process receiver);
#      for reading the figures also `oxisync inspect chunks` (the client's FastCDC + BLAKE3 alone);
#   2. device A: first upload. Goal: socket copy time / upload time >= 0.5;
#   3. device A: 1 MiB overwritten in the middle, sync. Goal: bytes sent <= 3 MiB (sync-once's JSON and the
#      emulator's request-body counters), time beside the first upload's;
#   4. device B (a second client home on the same account and folder): first sync downloads the file; then
#      B overwrites 1 MiB at a quarter of the file and uploads it;
#   5. device A: sync. Goal: bytes received <= 3 MiB (JSON and the emulator's response-body counters); A's file
#      must then equal B's.
# usage: bench/scripts/e2e-bigfile.sh [SIZE_MIB=64]
# env: see e2e-lib.sh. The work folder needs about 5 x SIZE of free space.
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
size_mib=${1:-64}
bytes=$((size_mib * 1024 * 1024))
change=$((1024 * 1024))
[ "$bytes" -ge $((4 * change)) ] || e2e_die "SIZE_MIB must be at least 4"

e2e_init
echo "== one file of $size_mib MiB: first upload, 1 MiB changed locally, 1 MiB changed remotely =="
machine
mkdir -p "$WORK/a" "$WORK/b"
file_a="$WORK/a/big.bin"
helper TreeGen file "$file_a" "$bytes" 11
cat "$file_a" > /dev/null   # in the page cache, for the reference and the client alike

echo "reference: plain socket copy over loopback (org.oxisync.bench.e2e.SocketCopy)"
helper SocketCopy "$file_a" 3 | tee "$WORK/socket.txt" | grep -v '^RESULT'
socket_ms=$(awk '$1 == "RESULT" && $2 == "stream" { printf "%d", $3 * 1000 }' "$WORK/socket.txt")
t0=$(now_ms); "$LAUNCHER" inspect chunks "$file_a" > /dev/null; t1=$(now_ms); chunks_ms=$((t1 - t0))

emu_start
client_new "$WORK/home-a" "$WORK/a" /big
emu_reset
sync_run "$WORK/home-a" big-upload
[ "$(j .uploaded)" = 1 ] || e2e_die "the first sync uploaded $(j .uploaded) files"
up_ms=$WALL_MS; up_engine=$ENGINE_MS; up_rss=$RSS_KIB; up_sent=$(j .bytes_sent)
up_server_in=$(emu_sum bytes_received); up_requests=$(emu_endpoints)

helper TreeGen overwrite "$file_a" $((bytes / 2)) "$change" 12
emu_reset
sync_run "$WORK/home-a" big-local-change
[ "$(j .uploaded)" = 1 ] || e2e_die "the sync after the local change uploaded $(j .uploaded) files"
lc_ms=$WALL_MS; lc_engine=$ENGINE_MS; lc_sent=$(j .bytes_sent); lc_reused=$(j .bytes_reused)
lc_server_in=$(emu_sum bytes_received); lc_requests=$(emu_endpoints)

client_new "$WORK/home-b" "$WORK/b" /big
sync_run "$WORK/home-b" big-b-download
[ "$(j .downloaded)" = 1 ] || e2e_die "device B downloaded $(j .downloaded) files"
dl_ms=$WALL_MS; dl_engine=$ENGINE_MS; dl_rss=$RSS_KIB
cmp -s "$file_a" "$WORK/b/big.bin" || e2e_die "device B's copy differs from A's file"
helper TreeGen overwrite "$WORK/b/big.bin" $((bytes / 4)) "$change" 13
sync_run "$WORK/home-b" big-b-change
[ "$(j .uploaded)" = 1 ] || e2e_die "device B uploaded $(j .uploaded) files"

emu_reset
sync_run "$WORK/home-a" big-remote-change
[ "$(j .downloaded)" = 1 ] || e2e_die "device A downloaded $(j .downloaded) files after B's change"
rc_ms=$WALL_MS; rc_engine=$ENGINE_MS; rc_recv=$(j .bytes_received); rc_reused=$(j .bytes_reused)
rc_server_out=$(emu_sum bytes_sent); rc_requests=$(emu_endpoints)
cmp -s "$file_a" "$WORK/b/big.bin" || e2e_die "after the sync A's file differs from B's"
load

goal=$((3 * change))
ratio=$(div "$socket_ms" "$up_ms" "%.3f")
echo "results ($size_mib MiB file; times are process wall times, JVM start included; engine elapsed_ms in brackets):"
row "first upload" "$(secs "$up_ms")" "socket copy $(secs "$socket_ms")" "$ratio" "goal >= 0.5: $(verdict "$ratio" '>=' 0.5); $(div "$((bytes / 1048576 * 1000))" "$up_ms" '%.0f') MiB/s (engine $(secs "$up_engine"))"
row "  (client FastCDC + BLAKE3 alone)" "$(secs "$chunks_ms")" "socket copy $(secs "$socket_ms")" "$(div "$socket_ms" "$chunks_ms")" "oxisync inspect chunks, same file"
row "  bytes sent / server request bodies" "$(mib "$up_sent")" "" "" "server received $(mib "$up_server_in"); requests $up_requests"
row "  peak RSS" "$(mib "$((up_rss * 1024))")" "256 MiB" "$(div "$up_rss" 262144)" ""
row "1 MiB changed locally: bytes sent (JSON)" "$(mib "$lc_sent")" "3 MiB" "$(div "$lc_sent" "$goal")" "goal <= 3 MiB: $(verdict "$lc_sent" '<=' "$goal"); reused $(mib "$lc_reused")"
row "  server request bodies" "$(mib "$lc_server_in")" "3 MiB" "$(div "$lc_server_in" "$goal")" "goal <= 3 MiB: $(verdict "$lc_server_in" '<=' "$goal"); requests $lc_requests"
row "  time" "$(secs "$lc_ms")" "first upload $(secs "$up_ms")" "$(div "$lc_ms" "$up_ms")" "(engine $(secs "$lc_engine"))"
row "device B first download" "$(secs "$dl_ms")" "first upload $(secs "$up_ms")" "$(div "$dl_ms" "$up_ms")" "(engine $(secs "$dl_engine")); peak RSS $(mib "$((dl_rss * 1024))")"
row "1 MiB changed remotely: bytes recv (JSON)" "$(mib "$rc_recv")" "3 MiB" "$(div "$rc_recv" "$goal")" "goal <= 3 MiB: $(verdict "$rc_recv" '<=' "$goal"); reused $(mib "$rc_reused")"
row "  server response bodies" "$(mib "$rc_server_out")" "3 MiB" "$(div "$rc_server_out" "$goal")" "goal <= 3 MiB: $(verdict "$rc_server_out" '<=' "$goal"); requests $rc_requests"
row "  time" "$(secs "$rc_ms")" "first upload $(secs "$up_ms")" "$(div "$rc_ms" "$up_ms")" "(engine $(secs "$rc_engine"))"
