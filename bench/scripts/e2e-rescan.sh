#!/usr/bin/env bash
# End-to-end: a tree of N small files (default 5,000; the issue's figure is 100,000) synced by the real CLI
# against the standalone emulator on loopback.
#   1. first sync: uploads the tree (time, files/s, peak RSS);
#   2. second sync: settles (peak RSS; server requests);
#   3. no-change syncs (RUNS of them, best wall time): each after a stats reset; goal exactly one server
#      request, and wall time <= 3 x `find ROOT -printf '%s %T@\n'` over the same (warm) tree.
# Peak RSS (GNU time's "Maximum resident set size") of every sync; goal <= 256 MiB during the N-file sync.
#
# usage: bench/scripts/e2e-rescan.sh [N=5000] [RUNS=3]
# env: E2E_RESCAN_MIN / E2E_RESCAN_MAX file sizes in bytes (default 100 / 2000); see e2e-lib.sh for the rest
#      (OXISYNC_JAVA_OPTS="-Xmx..." to try heap limits).
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
n=${1:-5000}
runs=${2:-3}
min=${E2E_RESCAN_MIN:-100}
max=${E2E_RESCAN_MAX:-2000}

e2e_init
echo "== no-change rescan of $n files ($min..$max bytes each, 100 per folder) =="
machine
tree="$WORK/rescan"
helper TreeGen tree "$tree" "$n" "$min" "$max" 42
emu_start
client_new "$WORK/home" "$tree" /rescan

sync_run "$WORK/home" rescan-upload
[ "$(j .uploaded)" = "$n" ] || e2e_die "first sync uploaded $(j .uploaded) of $n files"
upload_ms=$WALL_MS; upload_rss=$RSS_KIB; upload_engine=$ENGINE_MS
emu_reset
sync_run "$WORK/home" rescan-settle
settle_ms=$WALL_MS; settle_rss=$RSS_KIB; settle_req=$(emu_sum requests)
settle_changes=$(j '.uploaded + .downloaded + .deleted_local + .deleted_remote + .moved')

# the reference: find over the same tree, warm (one untimed pass first), best of RUNS
find "$tree" -printf '%s %T@\n' > /dev/null
find_best=""
for _ in $(seq "$runs"); do
    t0=$(now_ms); find "$tree" -printf '%s %T@\n' > /dev/null; t1=$(now_ms)
    t=$((t1 - t0)); { [ -z "$find_best" ] || [ "$t" -lt "$find_best" ]; } && find_best=$t
done
[ "$find_best" -gt 0 ] || find_best=1

# JVM + CLI start alone, for reading the figures: `oxisync --version`
t0=$(now_ms); "$LAUNCHER" --version > /dev/null; t1=$(now_ms); start_ms=$((t1 - t0))

best=""; best_engine=""; requests_all=""; rss_max=0; endpoints=""
for i in $(seq "$runs"); do
    emu_reset
    sync_run "$WORK/home" "rescan-nochange-$i"
    changes=$(j '.uploaded + .downloaded + .deleted_local + .deleted_remote + .moved + .conflicts')
    [ "$changes" = 0 ] || e2e_die "no-change sync $i changed $changes items"
    req=$(emu_sum requests); requests_all="$requests_all $req"
    [ "$req" = 1 ] || endpoints="$endpoints run $i: $(emu_endpoints)"
    { [ -z "$best" ] || [ "$WALL_MS" -lt "$best" ]; } && best=$WALL_MS
    { [ -z "$best_engine" ] || [ "$ENGINE_MS" -lt "$best_engine" ]; } && best_engine=$ENGINE_MS
    [ "$RSS_KIB" -gt "$rss_max" ] && rss_max=$RSS_KIB
done
load

echo "results ($n files, $(du -sh "$tree" | cut -f1) on disk):"
row "first sync (upload), wall" "$(secs "$upload_ms")" "" "" "$(div "$((n * 1000))" "$upload_ms" '%.0f') files/s (engine $(secs "$upload_engine"))"
row "second sync (settle), wall" "$(secs "$settle_ms")" "" "" "$settle_changes changes, $settle_req server requests"
row "no-change sync, wall (best of $runs)" "$(secs "$best")" "find $(secs "$find_best")" "$(div "$best" "$find_best")x" "goal <= 3x: $(verdict "$(div "$best" "$find_best")" '<=' 3)"
row "no-change sync, engine elapsed_ms (best)" "$(secs "$best_engine")" "find $(secs "$find_best")" "$(div "$best_engine" "$find_best")x" "(without JVM start and store open)"
row "JVM + CLI start (oxisync --version)" "$(secs "$start_ms")" "" "" "fixed cost inside every wall time"
row "no-change sync, server requests" "$(echo $requests_all)" "1" "" "goal exactly 1: $( [ -z "$endpoints" ] && echo MET || echo "NOT MET;$endpoints")"
row "peak RSS, first sync (upload)" "$(mib "$((upload_rss * 1024))")" "256 MiB" "$(div "$upload_rss" 262144)" "goal <= 256 MiB: $(verdict "$upload_rss" '<=' 262144)"
row "peak RSS, second sync" "$(mib "$((settle_rss * 1024))")" "256 MiB" "$(div "$settle_rss" 262144)" "goal <= 256 MiB: $(verdict "$settle_rss" '<=' 262144)"
row "peak RSS, no-change syncs (max)" "$(mib "$((rss_max * 1024))")" "256 MiB" "$(div "$rss_max" 262144)" "goal <= 256 MiB: $(verdict "$rss_max" '<=' 262144)"
