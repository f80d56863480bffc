#!/usr/bin/env bash
# The runs of e2e-million.sh after its join, again, on a work folder it kept (E2E_KEEP=1), against one emulator
# restarted on the kept data (it tenures the loaded tree before it says ready, and its first snapshot waits as long
# as the load took: a restart no longer stops it in the first run): RUNS no-change sync-once runs (the first may
# renew the seal after earlier edits), one run after 1,000 scattered local edits (appends to the files OFFSET,
# OFFSET + N/1000, ...), one after 1,000 remote edits (the files OFFSET + 1, ...; made through the emulator's bulk
# seed in replace mode, as e2e-million.sh E2E_SEED=bulk makes them), and a last no-change run (it renews the seal).
# Prints for each: wall, client CPU, peak RSS, the emulator's CPU during the run, requests; and each edit run against
# the best no-change run (goal <= 2x). Use another OFFSET (1..N/1000-2) each time.
# Emulator options as for e2e-million.sh; at a million files E2E_EMU_JAVA_OPTS="-Xms6g -Xmx6g -XX:+UseParallelGC"
# (bench/README.md "A million files", fifteenth session: with -Xmx3g a full collection of 3 s still fell in the
# local-edit run). OXISYNC_LOG_LEVEL=debug puts each run's phases and requests in WORK/TAG-*.err.
#
# usage: bench/scripts/e2e-million-again.sh WORK OFFSET TAG [RUNS=2]   (RUNS >= 2 for the ratios: the first run may
#        be the one that renews the seal, and the best no-change run is the reference)
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
[ $# -ge 3 ] && [ -d "$1/home" ] && [ -f "$1/files.txt" ] || e2e_die "usage: $0 WORK OFFSET TAG [RUNS] (a kept work folder)"
WORK=$(cd "$1" && pwd); off=$2; tag=$3; runs=${4:-2}
port=$(sed -n 's/^server=http\\:\/\/127\.0\.0\.1\\:\([0-9]*\)$/\1/p' "$WORK/home/config.properties" | head -1)
[ -n "$port" ] || e2e_die "no loopback server in $WORK/home/config.properties"
machine
EMU_PORT=$port E2E_EMU_START_SECONDS=${E2E_EMU_START_SECONDS:-600} emu_start
trap emu_stop EXIT
best_ms=0
run() {
    local e0 e1 r0 r1
    e0=$(emu_cpu_ms); r0=$(emu_sum requests)
    sync_run "$WORK/home" "$tag-$1"
    e1=$(emu_cpu_ms); r1=$(emu_sum requests)
    echo "  $tag-$1: wall $(secs "$WALL_MS"), client cpu $(secs "$CPU_MS"), peak RSS $(mib "$((RSS_KIB * 1024))"),"\
" emulator cpu $(secs $((e1 - e0))), $((r1 - r0)) requests,"\
" $(jq -c '{uploaded: .pairs[0].uploaded, downloaded: .pairs[0].downloaded}' "$JSON"); $(load)"
}
edit_ratio() { echo "  $1 against the best no-change run: $(div "$WALL_MS" "$best_ms") (goal <= 2: $(verdict "$(div "$WALL_MS" "$best_ms" %.4f)" "<=" 2))"; }
for i in $(seq "$runs"); do
    run "nochange-$i"
    if [ "$best_ms" = 0 ] || [ "$WALL_MS" -lt "$best_ms" ]; then best_ms=$WALL_MS; fi
done
local_edits "$off"
run local-edits
edit_ratio local-edits
remote_edits "$((off + 1))" "$tag"
run remote-edits
edit_ratio remote-edits
run nochange-after
