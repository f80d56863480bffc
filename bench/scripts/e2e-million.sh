#!/usr/bin/env bash
# Scale benchmark (issue 20 item 2): a tree of N small files, PER_FOLDER to a folder (default: a million files in
# 20,000 folders; `e2e-million.sh 50000 50000` gives 50,000 files in one folder), synced by the real CLI against
# the standalone emulator on loopback, with the launcher's default JVM options:
#   1. first sync (upload): wall, files/s, peak RSS;
#   2. second sync (settle): wall, peak RSS, requests;
#   3. no-change sync-once, best of RUNS: wall and CPU against `find ROOT -printf '%s %T@\n'` in the same minutes
#      (goal <= 3x find, exactly 1 request), peak RSS (goal <= 512 MiB);
#   4. one run after CHANGES scattered local edits (goal <= 2x the no-change run), peak RSS, requests.
# The faithful emulator limits delta requests (240 per 60 s of quiet, OxiCloud 0.8.7): an edited file costs 2 of
# them, so step 4 has a floor of about 2 x CHANGES / 4 seconds that no client can beat; E2E_EMU_OPTS="--delta-rate-limit 0"
# measures the client without it (say which in the figures).
# Daemon idle CPU and save-to-server time at this size: org.oxisync.bench.daemon.ContinuousSyncBench (bench/README.md).
#
# usage: bench/scripts/e2e-million.sh [N=1000000] [PER_FOLDER=50] [RUNS=3] [CHANGES=1000]
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
n=${1:-1000000}
per_folder=${2:-50}
runs=${3:-3}
changes=${4:-1000}

e2e_init
echo "== scale: $n files, $per_folder per folder =="
machine
tree="$WORK/tree"
helper TreeGen tree "$tree" "$n" 100 2000 42 "$per_folder"
emu_start
client_new "$WORK/home" "$tree" /scale

cpu() { echo "$CPU_MS"; }
sync_run "$WORK/home" upload
[ "$(j .uploaded)" = "$n" ] || e2e_die "first sync uploaded $(j .uploaded) of $n files"
row "first sync (upload), wall" "$(secs "$WALL_MS")" "" "" "$(div "$((n * 1000))" "$WALL_MS" '%.0f') files/s, cpu $(secs "$CPU_MS"), peak RSS $(mib "$((RSS_KIB * 1024))")"
emu_reset
sync_run "$WORK/home" settle
row "second sync (settle), wall" "$(secs "$WALL_MS")" "" "" "$(emu_sum requests) requests, cpu $(secs "$CPU_MS"), peak RSS $(mib "$((RSS_KIB * 1024))")"
cds_settle

find "$tree" -printf '%s %T@\n' > /dev/null
best=""; best_cpu=""; find_best=""; rss_max=0; reqs=""
for i in $(seq "$runs"); do
    t0=$(now_ms); find "$tree" -printf '%s %T@\n' > /dev/null; t1=$(now_ms)
    t=$((t1 - t0)); { [ -z "$find_best" ] || [ "$t" -lt "$find_best" ]; } && find_best=$t
    emu_reset
    sync_run "$WORK/home" "nochange-$i"
    reqs="$reqs $(emu_sum requests)"
    { [ -z "$best" ] || [ "$WALL_MS" -lt "$best" ]; } && best=$WALL_MS && best_cpu=$CPU_MS
    [ "$RSS_KIB" -gt "$rss_max" ] && rss_max=$RSS_KIB
done
[ "$find_best" -gt 0 ] || find_best=1
row "no-change sync, wall (best of $runs)" "$(secs "$best")" "find $(secs "$find_best")" "$(div "$best" "$find_best")x" "goal <= 3x: $(verdict "$(div "$best" "$find_best")" '<=' 3); cpu $(secs "$best_cpu")"
row "no-change sync, requests" "$(echo $reqs)" "1" "" ""
row "peak RSS, no-change syncs (max)" "$(mib "$((rss_max * 1024))")" "512 MiB" "$(div "$rss_max" 524288)" "goal <= 512 MiB: $(verdict "$rss_max" '<=' 524288)"

# CHANGES scattered local edits: one byte appended to every (n / CHANGES)-th file
find "$tree" -type f | sort | awk -v step="$((n / changes))" -v max="$changes" 'NR % step == 1 && c < max { print; c++ }' \
    | while IFS= read -r f; do printf 'x' >> "$f"; done
emu_reset
sync_run "$WORK/home" local-changes
[ "$(j .uploaded)" = "$changes" ] || echo "note: uploaded $(j .uploaded) of $changes edited files"
row "run after $changes local edits, wall" "$(secs "$WALL_MS")" "no-change $(secs "$best")" "$(div "$WALL_MS" "$best")x" "goal <= 2x: $(verdict "$(div "$WALL_MS" "$best")" '<=' 2); $(emu_sum requests) requests; peak RSS $(mib "$((RSS_KIB * 1024))")"
load
