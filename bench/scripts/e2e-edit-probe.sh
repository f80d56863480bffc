#!/usr/bin/env bash
# Where an edit run's time goes, on a work folder kept by e2e-million.sh (E2E_KEEP=1): makes 1,000 scattered local
# edits (or, with MODE=remote, 1,000 remote edits through the emulator's bulk seed in replace mode) to the files
# OFFSET, OFFSET + N/1000, ... of the tree, runs one sync-once with OXISYNC_LOG_LEVEL=${LEVEL:-debug} (its log in
# WORK/NAME.err: the run's phases and every request with its time), and prints the wall time, the client's CPU and
# peak RSS, and the emulator's CPU during the run. Use another OFFSET (1..N/1000-1) for each probe.
#
# usage: [MODE=local|remote] [LEVEL=debug] bench/scripts/e2e-edit-probe.sh WORK OFFSET NAME
#        (E2E_EMU_OPTS, E2E_EMU_JAVA_OPTS, OXISYNC_JAR, EMU_JAR as for e2e-million.sh; OXISYNC_JAVA_OPTS for a
#        flight recording of the client; EMU_JFR=FILE records the emulator's own flight recording of the run
#        alone, started with jcmd after the edits and dumped to FILE when the run ends)
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
[ $# -eq 3 ] && [ -d "$1/home" ] && [ -f "$1/files.txt" ] || e2e_die "usage: $0 WORK OFFSET NAME (a kept work folder)"
WORK=$(cd "$1" && pwd); off=$2; name=$3; mode=${MODE:-local}
port=$(sed -n 's/^server=http\\:\/\/127\.0\.0\.1\\:\([0-9]*\)$/\1/p' "$WORK/home/config.properties" | head -1)
[ -n "$port" ] || e2e_die "no loopback server in $WORK/home/config.properties"
EMU_PORT=$port E2E_EMU_START_SECONDS=${E2E_EMU_START_SECONDS:-600} emu_start
trap emu_stop EXIT
if [ "$mode" = local ]; then
    local_edits "$off"
else
    remote_edits "$off" "$name"
fi
[ -z "${EMU_JFR:-}" ] || jcmd "$EMU_PID" JFR.start name=probe settings=profile > /dev/null
e0=$(awk '{print $14 + $15}' "/proc/$EMU_PID/stat")
OXISYNC_LOG_LEVEL=${LEVEL:-debug} sync_run "$WORK/home" "$name"
e1=$(awk '{print $14 + $15}' "/proc/$EMU_PID/stat")
[ -z "${EMU_JFR:-}" ] || jcmd "$EMU_PID" JFR.dump name=probe filename="$(realpath -m "$EMU_JFR")" > /dev/null
echo "$name: wall $(secs "$WALL_MS"), client cpu $(secs "$CPU_MS"), peak RSS $(mib "$((RSS_KIB * 1024))"),"\
" emulator cpu $(secs "$(( (e1 - e0) * 1000 / $(getconf CLK_TCK) ))"); $(load)"
jq -c '{status, uploaded, downloaded}' "$WORK/$name.json" 2>/dev/null || true
