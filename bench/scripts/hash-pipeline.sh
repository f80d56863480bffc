#!/usr/bin/env bash
# Pipeline benchmark: `oxisync inspect chunks FILE` (FastCDC + BLAKE3 per chunk + whole-file BLAKE3, JVM
# start included) against `b3sum --num-threads 1 FILE` (one BLAKE3 pass, native, one thread) on the same
# file in the page cache, measured in the same run. Also `oxisync inspect hash` (BLAKE3 only).
# Each line: best wall time of RUNS, the CPU time (user+sys) of that run, GB/s and the wall-time ratio.
#
# Kernel modes (system property oxisync.blake3.kernel, passed through OXISYNC_JAVA_OPTS):
#   auto   = the launcher's default: scalar until the SIMD kernel is JIT-compiled and measured faster
#   simd   = SIMD kernel from the first byte (pays the JIT warm-up on real data)
#   scalar = plain `java -jar` (no Vector API module)
#
# usage: bench/scripts/hash-pipeline.sh [SIZE_MIB (default 2048)] [RUNS (default 3, best of)]
# needs: client-app/target/oxisync.jar (mvn -pl client-app -am package), b3sum (apt-get install -y b3sum).
# OXISYNC_JAR overrides the jar; TMPDIR chooses where the test file goes (it is deleted at the end).
set -euo pipefail
size_mib=${1:-2048}
runs=${2:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
launcher="$root/client-app/src/main/scripts/oxisync"
export OXISYNC_JAR=${OXISYNC_JAR:-$root/client-app/target/oxisync.jar}
[ -f "$OXISYNC_JAR" ] || { echo "missing $OXISYNC_JAR: build client-app first" >&2; exit 1; }
command -v b3sum >/dev/null || { echo "b3sum missing: apt-get install -y b3sum" >&2; exit 1; }

file=$(mktemp "${TMPDIR:-/tmp}/oxisync-bench.XXXXXX")
timing=$(mktemp "${TMPDIR:-/tmp}/oxisync-time.XXXXXX")
trap 'rm -f "$file" "$timing"' EXIT
head -c "$((size_mib * 1024 * 1024))" /dev/urandom > "$file"
cat "$file" > /dev/null   # into the page cache

best() {   # "wall cpu" of the fastest of $runs runs of "$@", output discarded
  local best_w="" best_c="" w c
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %U %S' -o "$timing" "$@" > /dev/null
    read -r w u s < "$timing"
    c=$(echo "$u + $s" | bc -l)
    if [ -z "$best_w" ] || [ "$(echo "$w < $best_w" | bc -l)" = 1 ]; then best_w=$w; best_c=$c; fi
  done
  echo "$best_w $best_c"
}

bytes=$((size_mib * 1024 * 1024))
read -r ref ref_cpu <<< "$(best b3sum --num-threads 1 "$file")"
rate() { echo "scale=3; $bytes / $1 / 1000000000" | bc -l; }
line() {   # label wall cpu
  printf '%-48s %7.2f s  cpu %6.2f s  %6s GB/s  ratio vs b3sum %s\n' "$1" "$2" "$3" "$(rate "$2")" \
    "$(echo "scale=2; $ref / $2" | bc -l)"
}
echo "file: ${size_mib} MiB in the page cache; best of $runs; wall time incl. JVM start; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "kernel: $("$launcher" --version | tail -1)"
line "b3sum --num-threads 1 (reference)" "$ref" "$ref_cpu"
for mode in auto simd; do
  read -r w c <<< "$(OXISYNC_JAVA_OPTS="-Doxisync.blake3.kernel=$mode" best "$launcher" inspect chunks "$file")"
  line "oxisync inspect chunks (launcher, $mode)" "$w" "$c"
done
read -r w c <<< "$(best java -jar "$OXISYNC_JAR" inspect chunks "$file")"
line "java -jar oxisync.jar inspect chunks (scalar)" "$w" "$c"
read -r w c <<< "$(best "$launcher" inspect hash "$file")"
line "oxisync inspect hash (launcher, auto)" "$w" "$c"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
