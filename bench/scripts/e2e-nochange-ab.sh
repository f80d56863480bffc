#!/usr/bin/env bash
# No-change sync-once runs alternating two client jars on a work folder kept by e2e-million.sh (E2E_KEEP=1), ROUNDS
# times each: wall, CPU and peak RSS of every run, for an A/B of a change at a million files. The first run of the
# first jar may be the one that renews the seal (when the last run changed something).
#
# usage: bench/scripts/e2e-nochange-ab.sh WORK JAR_A JAR_B [ROUNDS=3]   (E2E_EMU_JAVA_OPTS, EMU_JAR as e2e-million.sh)
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
[ $# -ge 3 ] && [ -d "$1/home" ] || e2e_die "usage: $0 WORK JAR_A JAR_B [ROUNDS] (a kept work folder)"
WORK=$(cd "$1" && pwd); a=$2; b=$3; rounds=${4:-3}
port=$(sed -n 's/^server=http\\:\/\/127\.0\.0\.1\\:\([0-9]*\)$/\1/p' "$WORK/home/config.properties" | head -1)
[ -n "$port" ] || e2e_die "no loopback server in $WORK/home/config.properties"
EMU_PORT=$port E2E_EMU_START_SECONDS=${E2E_EMU_START_SECONDS:-600} emu_start
trap emu_stop EXIT
for i in $(seq "$rounds"); do
    for jar in "$a" "$b"; do
        OXISYNC_JAR=$jar sync_run "$WORK/home" "nochange-ab-$i-$(basename "$jar" .jar)"
        echo "$(basename "$jar"): wall $(secs "$WALL_MS"), cpu $(secs "$CPU_MS"), peak RSS $(mib "$((RSS_KIB * 1024))"); $(load)"
    done
done
