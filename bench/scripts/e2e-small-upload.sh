#!/usr/bin/env bash
# End-to-end: first upload of N small files (1..16 KiB of random content; default 1,000, the issue's figure is
# 10,000) by one `oxisync sync-once` against the standalone emulator on loopback. Goal >= 1,000 files/s.
# The rate is N / the process's wall time (JVM start included); the engine's own elapsed_ms is shown beside it.
#
# usage: bench/scripts/e2e-small-upload.sh [N=1000]
# env: E2E_EMU_WARMUP=N (default 3000): before the measured run, another client uploads N other small files into
#      another folder, so that the emulator, which stands in for a long-running server, has compiled its request
#      path (a cold emulator spent up to a third of its CPU in that run on its own JIT); 0 measures a cold one.
#      See e2e-lib.sh for the rest (OXISYNC_JAVA_OPTS, E2E_TMP, E2E_KEEP, E2E_EMU_OPTS).
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
n=${1:-1000}

e2e_init
echo "== first upload of $n small files (1..16 KiB) =="
machine
tree="$WORK/small"
helper TreeGen tree "$tree" "$n" 1024 16384 7
total=$(du -sb "$tree" | cut -f1)
emu_start
warm=${E2E_EMU_WARMUP:-3000}
if [ "$warm" -gt 0 ]; then
    helper TreeGen tree "$WORK/warm" "$warm" 1024 16384 8 > /dev/null
    client_new "$WORK/warm-home" "$WORK/warm" /warmup
    sync_run "$WORK/warm-home" warmup
    echo "emulator warmed up: $warm other files uploaded into /warmup by another client (E2E_EMU_WARMUP=0: cold)"
else
    echo "emulator cold (E2E_EMU_WARMUP=0)"
fi
client_new "$WORK/home" "$tree" /small
emu_reset
emu_cpu0=$(emu_cpu_ms)
sync_run "$WORK/home" small-upload
emu_cpu=$(( $(emu_cpu_ms) - emu_cpu0 ))
[ "$(j .uploaded)" = "$n" ] || e2e_die "uploaded $(j .uploaded) of $n files"
sent=$(j .bytes_sent)
requests=$(emu_sum requests)
server_in=$(emu_sum bytes_received)
load

rate=$(div "$((n * 1000))" "$WALL_MS" '%.0f')
echo "results ($n files, $(mib "$total") including folders):"
row "files/s (wall, JVM start included)" "$rate files/s" "1000 files/s" "$(div "$rate" 1000)" "goal >= 1000 files/s: $(verdict "$rate" '>=' 1000)"
row "files/s (engine elapsed_ms)" "$(div "$((n * 1000))" "$ENGINE_MS" '%.0f') files/s" "1000 files/s" "" "engine $(secs "$ENGINE_MS") of $(secs "$WALL_MS") wall"
row "bytes sent (sync-once JSON)" "$(mib "$sent")" "" "" "server received $(mib "$server_in") in request bodies"
row "server requests" "$requests" "" "" "$(div "$requests" "$n") per file; $(emu_endpoints)"
row "CPU per file: client / emulator" "$(div "$CPU_MS" "$n" '%.2f') / $(div "$emu_cpu" "$n" '%.2f') ms" "" "" "client $(secs "$CPU_MS") (JVM start included), emulator $(secs "$emu_cpu"); both share the machine's cores"
row "peak RSS" "$(mib "$((RSS_KIB * 1024))")" "256 MiB" "$(div "$RSS_KIB" 262144)" ""
