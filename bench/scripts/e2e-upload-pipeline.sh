#!/usr/bin/env bash
# The upload pipeline measured on its own: one new file of random bytes (default 4096 MiB),
# in this order, all in one run:
#   1. reference: `oxisync inspect chunks FILE` (the client's FastCDC + BLAKE3 of every chunk and of the whole file,
#      JVM start included; the launcher hands a file this large to its hashing child JVM, as sync-once does);
#   2. a first `oxisync sync-once` upload (sending while hashing on: -Doxisync.upload.earlySendBytes=64 MiB) of the
#      file to an emulator started with
#      --benchmark-only-trust-client-hashes (it stores chunks and the file under the hashes the client declared
#      without recomputing BLAKE3: the client's side alone); the stored chunk files are then checked with b3sum;
#   2b. (unless E2E_PIPELINE_AB=0) the same trusting upload with sending-while-hashing turned off
#      (-Doxisync.upload.earlySendBytes=huge: the scan hashes the whole file, then the upload reads and sends it),
#      the client as it was before issue 20 item 3 and its default now, measured in the same run (E2E_PIPELINE_ORDER=sequential-first
#      runs it before 2.);
#   3. the same upload, with the client's defaults, to the faithful emulator (OxiCloud 0.8.7's behaviour: every chunk and the whole file are
#      hashed again on the same 2 cores);
#   4. the reference again (the load moves: the two references bracket the uploads).
# Each line: process wall time, CPU time (user+sys, the client's child JVMs included), peak RSS of the largest
# process (GNU time) and of the client's whole process tree (sampled from /proc every 0.2 s), MiB/s, and the ratio
# of the upload's throughput to inspect chunks' (mean of the two references). Goal: trusting upload >= 0.8x, with a
# peak RSS that does not grow with the file (compare SIZE_MIB=1024 and 4096).
# usage: bench/scripts/e2e-upload-pipeline.sh [SIZE_MIB=4096]
# env: see e2e-lib.sh. The work folder needs about 2 x SIZE of free space.
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
size_mib=${1:-4096}
bytes=$((size_mib * 1024 * 1024))
[ "$size_mib" -ge 16 ] || e2e_die "SIZE_MIB must be at least 16 (the delta threshold is 8 MiB)"
command -v b3sum > /dev/null || e2e_die "b3sum is missing (apt-get install -y b3sum)"

e2e_init
echo "== the upload pipeline: one new file of $size_mib MiB, inspect chunks vs first upload (trusting, faithful) =="
machine
mkdir -p "$WORK/data"
file="$WORK/data/big.bin"
helper TreeGen file "$file" "$bytes" 21
cat "$file" > /dev/null   # in the page cache, for the reference and the uploads alike

# Process tree of $1 (the pid itself and every descendant).
tree_pids() { echo "$1"; local c; for c in $(pgrep -P "$1" 2>/dev/null); do tree_pids "$c"; done; }
# Sum of VmRSS (KiB) over the tree of $1.
tree_rss() {
    local total=0 p r
    for p in $(tree_pids "$1"); do
        r=$(awk '/^VmRSS:/ {print $2}' "/proc/$p/status" 2>/dev/null || true)
        total=$((total + ${r:-0}))
    done
    echo "$total"
}
# measured TAG CMD...: runs CMD under GNU time while sampling its tree's RSS; sets M_WALL_MS, M_CPU_MS, M_RSS_KIB
# (largest process), M_TREE_KIB (largest sum over the tree). stdout goes to $WORK/TAG.out.
measured() {
    local tag=$1 t0 t1 pid peak=0 now rc=0
    shift
    t0=$(now_ms)
    /usr/bin/time -v -o "$WORK/$tag.time" "$@" > "$WORK/$tag.out" 2> "$WORK/$tag.err" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        now=$(tree_rss "$pid")
        [ "$now" -le "$peak" ] || peak=$now
        sleep 0.2
    done
    wait "$pid" || rc=$?
    t1=$(now_ms)
    [ "$rc" = 0 ] || { tail -20 "$WORK/$tag.err" >&2; e2e_die "$tag exited $rc"; }
    M_WALL_MS=$((t1 - t0))
    M_CPU_MS=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%d", s * 1000}' "$WORK/$tag.time")
    M_RSS_KIB=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$WORK/$tag.time")
    M_TREE_KIB=$peak
}

inspect() {   # TAG
    measured "$1" "$LAUNCHER" inspect chunks "$file"
    eval "${1}_ms=$M_WALL_MS ${1}_cpu=$M_CPU_MS ${1}_rss=$M_RSS_KIB ${1}_tree=$M_TREE_KIB"
    echo "  $1: $(secs "$M_WALL_MS") wall, $(secs "$M_CPU_MS") CPU; $(load)"
}

# upload TAG EMULATOR_OPTS [CLIENT_JAVA_OPTS]: a fresh emulator (data dir emptied), a fresh client home, one sync-once.
upload() {
    local tag=$1 emu_cpu0 client_opts=${3:-${OXISYNC_JAVA_OPTS:-}}
    rm -rf "$WORK/emu" "$WORK/home-$tag"
    E2E_EMU_OPTS=$2 emu_start
    client_new "$WORK/home-$tag" "$WORK/data" "/pipeline-$tag"
    emu_reset
    emu_cpu0=$(emu_cpu_ms)
    OXISYNC_JAVA_OPTS=$client_opts measured "$tag" "$LAUNCHER" sync-once --json --home "$WORK/home-$tag"
    JSON="$WORK/$tag.out"
    [ "$(j .status)" = ok ] && [ "$(j .uploaded)" = 1 ] || e2e_die "$tag: status $(j .status), uploaded $(j .uploaded)"
    eval "${tag}_ms=$M_WALL_MS ${tag}_cpu=$M_CPU_MS ${tag}_rss=$M_RSS_KIB ${tag}_tree=$M_TREE_KIB"
    eval "${tag}_engine=$(j '.pairs[0].elapsed_ms') ${tag}_emu_cpu=$(( $(emu_cpu_ms) - emu_cpu0 ))"
    eval "${tag}_requests='$(emu_endpoints)'"
    echo "  $tag: $(secs "$M_WALL_MS") wall, $(secs "$M_CPU_MS") CPU; $(load)"
}

# The chunks a trusting emulator stored under declared hashes must hash to their names.
check_stored_chunks() {
    local bad
    bad=$(find "$WORK/emu/chunks" -type f -print0 | xargs -0 b3sum | awk '{ n = $2; sub(".*/", "", n); if ($1 != n) c++ } END { print c + 0 }')
    [ "$bad" = 0 ] || e2e_die "the trusting emulator stored $bad chunk(s) under a hash that is not theirs"
    echo "  stored chunks checked with b3sum: every one hashes to its name"
}

echo "runs (load average after each):"
# The launcher's one-time class-data archive and lane probe are not part of any measured figure.
OXISYNC_JAVA_OPTS= "$LAUNCHER" --version > /dev/null
inspect ref1
trusting() {
    upload trusting "${E2E_EMU_OPTS:-} --benchmark-only-trust-client-hashes" \
        "${OXISYNC_JAVA_OPTS:-} -Doxisync.upload.earlySendBytes=$((64 << 20))"
    check_stored_chunks
    emu_stop
}
sequential() {
    upload sequential "${E2E_EMU_OPTS:-} --benchmark-only-trust-client-hashes" \
        "${OXISYNC_JAVA_OPTS:-} -Doxisync.upload.earlySendBytes=$((1 << 62))"
    emu_stop
}
tags="trusting"
if [ "${E2E_PIPELINE_AB:-1}" = 0 ]; then
    trusting
elif [ "${E2E_PIPELINE_ORDER:-}" = sequential-first ]; then   # the A/B's order: the load moves during a run
    sequential
    trusting
    tags="$tags sequential"
else
    trusting
    sequential
    tags="$tags sequential"
fi
upload faithful "${E2E_EMU_OPTS:-}"   # the client's defaults
emu_stop
inspect ref2

ref_ms=$(( (ref1_ms + ref2_ms) / 2 ))
mibs() { div "$((size_mib * 1000))" "$1" '%.0f MiB/s'; }
echo "results ($size_mib MiB; wall times are process times, JVM start included; CPU = user+sys of the client, its child JVMs included):"
printf '  %-40s %10s %10s %11s %11s %10s %s\n' "" wall CPU "peak RSS" "tree RSS" "" "ratio vs inspect chunks (throughput)"
line() {   # LABEL WALL_MS CPU_MS RSS_KIB TREE_KIB RATIO
    printf '  %-40s %10s %10s %11s %11s %10s %s\n' "$1" "$(secs "$2")" "$(secs "$3")" "$(( $4 / 1024 )) MiB" \
        "$(( $5 / 1024 )) MiB" "$(mibs "$2")" "$6"
}
line "inspect chunks (reference, before)" "$ref1_ms" "$ref1_cpu" "$ref1_rss" "$ref1_tree" ""
line "inspect chunks (reference, after)" "$ref2_ms" "$ref2_cpu" "$ref2_rss" "$ref2_tree" ""
# shellcheck disable=SC2154
for tag in $tags faithful; do
    eval "w=\$${tag}_ms c=\$${tag}_cpu r=\$${tag}_rss t=\$${tag}_tree e=\$${tag}_engine ec=\$${tag}_emu_cpu q=\$${tag}_requests"
    ratio=$(div "$ref_ms" "$w" '%.2f')
    goal=""
    [ "$tag" = trusting ] && goal="; goal >= 0.8: $(verdict "$ratio" '>=' 0.8)"
    label="first upload, $tag emulator"
    [ "$tag" = sequential ] && label="  same, hashing then sending (before)"
    line "$label" "$w" "$c" "$r" "$t" "${ratio}x by wall$goal"
    echo "      engine $(secs "$e"); CPU vs inspect chunks $(div "$c" "$(( (ref1_cpu + ref2_cpu) / 2 ))")x; emulator CPU $(secs "$ec"); requests $q"
done
load
