#!/usr/bin/env bash
# Pipeline benchmark: `oxisync inspect chunks FILE` (FastCDC + BLAKE3 per chunk + whole-file BLAKE3, JVM
# start included) against `b3sum --num-threads 1 FILE` (one BLAKE3 pass, native, one thread) on the same
# file in the page cache, measured in the same run. Also `oxisync inspect hash` (BLAKE3 only).
#
# usage: bench/scripts/hash-pipeline.sh [SIZE_MIB (default 2048)] [RUNS (default 3, best of)]
# needs: client-core/target/oxisync.jar (mvn -pl client-core -am package), b3sum (apt-get install -y b3sum).
# OXISYNC_JAR overrides the jar; TMPDIR chooses where the test file goes (it is deleted at the end).
set -euo pipefail
size_mib=${1:-2048}
runs=${2:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
launcher="$root/client-core/src/main/scripts/oxisync"
export OXISYNC_JAR=${OXISYNC_JAR:-$root/client-core/target/oxisync.jar}
[ -f "$OXISYNC_JAR" ] || { echo "missing $OXISYNC_JAR: build client-core first" >&2; exit 1; }
command -v b3sum >/dev/null || { echo "b3sum missing: apt-get install -y b3sum" >&2; exit 1; }

file=$(mktemp "${TMPDIR:-/tmp}/oxisync-bench.XXXXXX")
trap 'rm -f "$file"' EXIT
head -c "$((size_mib * 1024 * 1024))" /dev/urandom > "$file"
cat "$file" > /dev/null   # into the page cache

best() {   # best wall time in seconds of "$@" over $runs runs, output discarded
  local best_t="" t0 t1 t
  for _ in $(seq "$runs"); do
    t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N)
    t=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$best_t" ] || [ "$(echo "$t < $best_t" | bc -l)" = 1 ]; then best_t=$t; fi
  done
  echo "$best_t"
}

bytes=$((size_mib * 1024 * 1024))
ref=$(best b3sum --num-threads 1 "$file")
chunks=$(best "$launcher" inspect chunks "$file")
chunks_scalar=$(best java -jar "$OXISYNC_JAR" inspect chunks "$file")
hash=$(best "$launcher" inspect hash "$file")
rate() { echo "scale=3; $bytes / $1 / 1000000000" | bc -l; }
ratio() { echo "scale=2; $ref / $1" | bc -l; }

echo "file: ${size_mib} MiB in the page cache; best of $runs; wall time incl. JVM start"
echo "kernel: $("$launcher" --version | tail -1)"
printf '%-46s %8.3f s %7s GB/s  reference\n' "b3sum --num-threads 1 (one BLAKE3 pass)" "$ref" "$(rate "$ref")"
printf '%-46s %8.3f s %7s GB/s  ratio vs b3sum %s (goal >= 0.5)\n' "oxisync inspect chunks (launcher, SIMD)" "$chunks" "$(rate "$chunks")" "$(ratio "$chunks")"
printf '%-46s %8.3f s %7s GB/s  ratio vs b3sum %s\n' "java -jar oxisync.jar inspect chunks (scalar)" "$chunks_scalar" "$(rate "$chunks_scalar")" "$(ratio "$chunks_scalar")"
printf '%-46s %8.3f s %7s GB/s  ratio vs b3sum %s\n' "oxisync inspect hash (BLAKE3 only, 2 threads)" "$hash" "$(rate "$hash")" "$(ratio "$hash")"
