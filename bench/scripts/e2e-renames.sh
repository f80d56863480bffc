#!/usr/bin/env bash
# Renames A/B: N files renamed in place and synced by `oxisync sync-once`, for each given client jar in
# turn, ROUNDS times, interleaved against one emulator so that every jar sees the same machine load. Prints per run:
# wall time (JVM start included), the engine's elapsed time, client CPU and requests.
# usage: bench/scripts/e2e-renames.sh [N=1000] [ROUNDS=2] JAR...   (default JAR: $OXISYNC_JAR or the built one)
# env: RENAMES_TREE=M: the tree has M files (default N) of which the first N are renamed (e.g. 10000 and 1000).
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
n=${1:-1000}
rounds=${2:-2}
shift $(( $# >= 2 ? 2 : $# ))
jars=("$@")
[ ${#jars[@]} -gt 0 ] || jars=("$OXISYNC_JAR")
export OXISYNC_JAR=${jars[0]}
e2e_init
machine
emu_start
tree_n=${RENAMES_TREE:-$n}
[ "$tree_n" -ge "$n" ] || e2e_die "RENAMES_TREE ($tree_n) is smaller than N ($n)"
helper TreeGen tree "$WORK/small" "$tree_n" 1024 16384 7 > /dev/null
run=0
for ((r = 0; r < rounds; r++)); do
    for jar in "${jars[@]}"; do
        export OXISYNC_JAR=$jar
        run=$((run + 1))
        cp -r "$WORK/small" "$WORK/s$run"
        client_new "$WORK/h$run" "$WORK/s$run" "/s$run"
        sync_run "$WORK/h$run" "up$run"
        # one process renames them all (fNNNNNNN.bin -> rNNNNNNN.bin in TreeGen's layout)
        python3 -c '
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    d = "%s/t%02d/d%04d" % (root, i // 10000, i // 100)
    os.rename("%s/f%07d.bin" % (d, i), "%s/r%07d.bin" % (d, i))
' "$WORK/s$run" "$n"
        sleep 1
        emu_reset
        sync_run "$WORK/h$run" "renames$run"
        [ "$(j .moved)" = "$n" ] || e2e_die "run $run moved $(j .moved) of $n"
        echo "renames $(basename "$jar") wall $WALL_MS ms engine $ENGINE_MS ms cpu $CPU_MS ms requests $(emu_sum requests) load $(cut -d' ' -f1 /proc/loadavg)"
    done
done
