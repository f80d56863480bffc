#!/usr/bin/env bash
# Start-up time of the installed `oxisync --version` and `--help` (goal: under 500 ms median).
# Prints, for each variant, the median, min and max wall time of RUNS runs (default 15), taken in turn so that load
# from elsewhere hits every variant alike. Variants: the launcher as installed (answers from the text recorded at
# build time, no JVM), and the same command through the JVM (OXISYNC_JAVA_OPTS set, which the launcher's fast path
# steps aside for: what every run cost before), and a bash that does nothing (the floor of any script
# launcher on this machine at this load). Needs the package installed (packaging/README.md).
#   bench/scripts/cli-start.sh [RUNS]
set -euo pipefail
RUNS="${1:-15}"
command -v oxisync >/dev/null || { echo "oxisync is not installed" >&2; exit 2; }
ms() { echo $(( $(date +%s%N) / 1000000 )); }
declare -A times
variants=("--version" "--help" "--version (JVM)" "--help (JVM)" "reference: bash -c true")
for _ in $(seq 1 "$RUNS"); do
  for v in "${variants[@]}"; do
    arg=${v%% *}
    if [[ "$v" == reference* ]]; then
      s=$(ms); bash -c true; e=$(ms)
    elif [[ "$v" == *JVM* ]]; then
      s=$(ms); OXISYNC_JAVA_OPTS=-Doxisync.bench=1 oxisync "$arg" >/dev/null 2>&1; e=$(ms)
    else
      s=$(ms); oxisync "$arg" >/dev/null 2>&1; e=$(ms)
    fi

    times[$v]="${times[$v]:-} $((e - s))"
  done
done
echo "oxisync start-up, $RUNS runs each, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for v in "${variants[@]}"; do
  sorted=($(printf '%s\n' ${times[$v]} | sort -n))
  echo "  $v: median ${sorted[$(( RUNS / 2 ))]} ms, min ${sorted[0]} ms, max ${sorted[$(( RUNS - 1 ))]} ms (goal < 500 ms)"
done
