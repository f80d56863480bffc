#!/usr/bin/env bash
# End-to-end behind the real OxiCloud 0.8.7 delta limiter (the emulator's default: 240 delta requests per user, a
# counter that resets only after 60 s without any delta request, refused ones included; audit finding #1).
#   1. another device uploads N small files (default 10,000); this client's first sync downloads them all;
#   2. this client edits K of them (default 1,000) and syncs once.
# Each run must end in sync with nothing failed. Printed beside each wall time: the delta requests the run made,
# and the least time the limiter allows for that many requests (a quiet window of 60 s after every 240), and for
# the fewest requests the work needs (downloads: none, by plain GET; edits: one commit each).
#
# usage: bench/scripts/e2e-ratelimit.sh [N=10000] [K=1000]      (env: see e2e-lib.sh; with K=1000 it takes ~10 min)
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
n=${1:-10000}
k=${2:-1000}
[ "$k" -le "$n" ] || e2e_die "K ($k) must not exceed N ($n)"

delta_requests() {
    emu_stats | jq '[.endpoints | to_entries[] | select(.key | test("/delta/|/manifest$")) | .value.requests] | add // 0'
}
# limiter_floor R: seconds the limiter makes R delta requests wait at least (60 s of silence after each 240)
limiter_floor() { awk -v r="$1" 'BEGIN { w = int((r + 239) / 240) - 1; if (w < 0) w = 0; printf "%d", w * 60 }'; }

e2e_init
echo "== behind the real delta limiter: first sync of $n small remote files, then $k small local edits =="
machine
emu_start
helper TreeGen tree "$WORK/a" "$n" 1024 16384 11
client_new "$WORK/home-a" "$WORK/a" /rl
sync_run "$WORK/home-a" device-a-upload
echo "another device uploaded $n files into /rl"

client_new "$WORK/home-b" "$WORK/b" /rl
emu_reset
sync_run "$WORK/home-b" first-sync
[ "$(j .downloaded)" = "$n" ] || e2e_die "downloaded $(j .downloaded) of $n files"
[ "$(j '.errors | length')" = 0 ] || e2e_die "the first sync reported errors"
d1=$(delta_requests)
first_ms=$WALL_MS
first_endpoints=$(emu_endpoints)

find "$WORK/b" -type f | sort > "$WORK/b-files"
head -n "$k" "$WORK/b-files" | while IFS= read -r f; do printf 'edited on this device\n' >> "$f"; done
emu_reset
sync_run "$WORK/home-b" edits
[ "$(j .uploaded)" = "$k" ] || e2e_die "uploaded $(j .uploaded) of $k edits"
[ "$(j '.errors | length')" = 0 ] || e2e_die "the edit run reported errors"
d2=$(delta_requests)
load

echo "results:"
row "first sync of $n remote files (wall)" "$(secs "$first_ms")" "limiter floor $(limiter_floor "$d1") s" "" \
    "$d1 delta requests (floor for the work: 0, plain GET); nothing failed, one run"
row "sync of $k local edits (wall)" "$(secs "$WALL_MS")" "limiter floor $(limiter_floor "$d2") s" "" \
    "$d2 delta requests ($(div "$d2" "$k") per edit); floor for one commit per edit: $(limiter_floor "$k") s; nothing failed, one run"
row "requests of the first sync" "$(echo "$first_endpoints" | jq '[.[]] | add')" "" "" "$first_endpoints"
row "requests of the edit run" "$(emu_sum requests)" "" "" "$(emu_endpoints)"
