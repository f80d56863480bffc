#!/usr/bin/env bash
# Scale benchmark: a tree of N small files, PER_FOLDER to a folder (default: a million files in
# 20,000 folders; `e2e-million.sh 50000 50000` gives 50,000 files in one folder), synced by the real CLI against
# the standalone emulator on loopback, with the launcher's default JVM options:
#   1. first sync (upload): wall, files/s, peak RSS;
#   2. second sync (settle): wall, peak RSS, requests;
#   3. no-change sync-once, best of RUNS: wall and CPU against `find ROOT -printf '%s %T@\n'` in the same minutes
#      (goal <= 3x find, exactly 1 request), peak RSS (goal <= 512 MiB);
#   4. one run after CHANGES scattered local edits (goal <= 2x the no-change run), peak RSS, requests;
#   5. one run after CHANGES scattered remote edits (E2E_SEED=bulk: made through the emulator's own ingest, the
#      bulk seed's replace mode; goal <= 2x the no-change run), peak RSS, requests.
# E2E_SEED=upload (default): step 1 uploads the whole tree through the client (a million files: about half an hour
# here, and the emulator's CPU). E2E_SEED=bulk: the emulator is seeded in bulk with the same tree (POST
# /_emulator/seed: the upload's own ingest, no HTTP; emulator/README.md) and step 1 is the client's *join*: both
# sides present, it hashes and records, transfers nothing (wall, CPU, peak RSS, the emulator's heap after the
# seed); the upload rate is then measured apart on E2E_UPLOAD_PART files (default 20,000) in a second pair
# (step 6). E2E_HISTO=SECONDS (default 30): a live class histogram of the client (jcmd
# GC.class_histogram, which runs a full GC) every SECONDS during the join and the settle run; the largest is kept
# in the work folder and its head printed (E2E_SEED=upload: the same during the first upload). Set E2E_KEEP=1 to
# keep the work folder. E2E_STOP_AFTER=join (bulk only): stop after the join (its figures and histogram), for
# measuring the join alone; E2E_STOP_AFTER=upload (upload only): stop after the first upload, the case of a new
# user whose folder the server has never seen (`find` timed in the same minutes as its reference).
# E2E_EDIT_JAVA_OPTS: client JVM options of the two edit runs only (steps 4 and 5), e.g. a flight recording:
# "-XX:StartFlightRecording=dumponexit=true,filename=DIR/,settings=profile". After each edit run the requests are
# printed by endpoint.
# The faithful emulator limits delta requests (240 per 60 s of quiet, OxiCloud 0.8.7): an edited file costs 2 of
# them, so steps 4 and 5 have a floor of about 2 x CHANGES / 4 seconds that no client can beat;
# E2E_EMU_OPTS="--delta-rate-limit 0" measures the client without it (say which in the figures).
# The emulator's heap: a million seeded files hold about 620 MiB live just after the seed and 1.3 GB once restarted
# on the kept data; E2E_EMU_JAVA_OPTS="-Xms6g -Xmx6g -XX:+UseParallelGC" (emulator/README.md, bench/README.md "A million
# files"; with "-Xmx1536m -XX:+UseSerialGC", used until 2026-12-02, its full collections stopped it for up to 9 s at a
# time in the edit runs, with "-Xmx3g -XX:+UseParallelGC" for about 3 s, which the client's wall time then carried).
# The runs after the join again, on the kept folder: bench/scripts/e2e-million-again.sh.
# The daemon (idle CPU, save-to-server time, peak RSS) and the desktop app at this size: E2E_KEEP=1, then
# bench/scripts/e2e-daemon-scale.sh on the kept work folder; in process: org.oxisync.bench.daemon.ContinuousSyncBench.
#
# usage: [E2E_SEED=bulk] bench/scripts/e2e-million.sh [N=1000000] [PER_FOLDER=50] [RUNS=3] [CHANGES=1000]
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
n=${1:-1000000}
per_folder=${2:-50}
runs=${3:-3}
changes=${4:-1000}

e2e_init
seed_mode=${E2E_SEED:-upload}
upload_part=${E2E_UPLOAD_PART:-20000}
histo_every=${E2E_HISTO:-30}
echo "== scale: $n files, $per_folder per folder, seeding: $seed_mode =="
machine
tree="$WORK/tree"
t0=$(now_ms)
helper TreeGen tree "$tree" "$n" 100 2000 42 "$per_folder"
echo "  tree generated in $(secs "$(($(now_ms) - t0))")"
emu_start

# histo_sampler TAG: in the background, a live class histogram of the client JVM of `sync-once --home $WORK/home`
# every $histo_every s; keeps the one with the largest total in $WORK/TAG.histo (and its RSS then).
histo_sampler() {
    local best=0 pid total rss
    while kill -0 $$ 2>/dev/null; do
        sleep "$histo_every"
        pid=$(pgrep -f -- "sync-once --json --home $WORK/home" | while read -r p; do
            [ "$(readlink "/proc/$p/exe" 2>/dev/null | sed 's|.*/||')" = java ] && echo "$p"; done | head -1)
        [ -n "$pid" ] || continue
        jcmd "$pid" GC.class_histogram > "$WORK/$1.histo.tmp" 2>/dev/null || continue
        rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
        total=$(awk '$1 == "Total" {print $3}' "$WORK/$1.histo.tmp")
        if [ -n "$total" ] && [ "$total" -gt "$best" ]; then
            best=$total
            { echo "sampled at $(date '+%T'), client RSS then ${rss} KiB"; cat "$WORK/$1.histo.tmp"; } > "$WORK/$1.histo"
        fi
    done
}
SAMPLER=""
trap 'set +e; [ -z "$SAMPLER" ] || kill "$SAMPLER" 2>/dev/null; e2e_cleanup' EXIT
sampled_run() {
    histo_sampler "$1" & SAMPLER=$!
    sync_run "$WORK/home" "$1"
    kill "$SAMPLER" 2>/dev/null || true; wait "$SAMPLER" 2>/dev/null || true; SAMPLER=""
    if [ -f "$WORK/$1.histo" ]; then
        echo "  largest live class histogram of the client during $1 ($WORK/$1.histo):"
        head -1 "$WORK/$1.histo" | sed 's/^/    /'
        sed -n '2,24p' "$WORK/$1.histo" | sed 's/^/    /'
        grep '^Total' "$WORK/$1.histo" | sed 's/^/    /'
    fi
}

if [ "$seed_mode" = bulk ]; then
    t0=$(now_ms)
    seed_json=$(curl -sf -X POST "$EMU_URL/_emulator/seed" -H 'Content-Type: application/json' \
        -d "{\"username\":\"alice\",\"local_dir\":\"$tree\",\"remote_path\":\"/scale\"}") \
        || e2e_die "the bulk seed failed (emulator log: $WORK/emu.err)"
    seed_ms=$(($(now_ms) - t0))
    [ "$(echo "$seed_json" | jq .created)" = "$n" ] || e2e_die "the bulk seed created $(echo "$seed_json" | jq .created) of $n files"
    row "bulk seed of the server, wall" "$(secs "$seed_ms")" "" "" "$(div "$((n * 1000))" "$seed_ms" '%.0f') files/s, emulator cpu so far $(secs "$(emu_cpu_ms)"); $(load)"
    jcmd "$EMU_PID" GC.class_histogram > "$WORK/emu-seeded.histo"
    emu_live=$(awk '$1 == "Total" {print $3}' "$WORK/emu-seeded.histo")
    row "emulator live heap after the seed" "$(mib "$emu_live")" "" "" "$(div "$emu_live" "$n" '%.0f') bytes per file; RSS $(awk '/VmRSS/ {print $2}' "/proc/$EMU_PID/status") KiB"
    sed -n '1,15p' "$WORK/emu-seeded.histo" | sed 's/^/    /'
    client_new "$WORK/home" "$tree" /scale
    sampled_run join
    [ "$(j .uploaded)" = 0 ] && [ "$(j .downloaded)" = 0 ] \
        || e2e_die "the join transferred files (uploaded $(j .uploaded), downloaded $(j .downloaded))"
    row "first sync (join: hash + record), wall" "$(secs "$WALL_MS")" "" "" "$(div "$((n * 1000))" "$WALL_MS" '%.0f') files/s, cpu $(secs "$CPU_MS"), $(emu_sum requests) requests, peak RSS $(mib "$((RSS_KIB * 1024))"); $(load)"
    if [ "${E2E_STOP_AFTER:-}" = join ]; then
        load
        exit 0
    fi
    emu_reset
    sampled_run settle
else
    client_new "$WORK/home" "$tree" /scale
    find "$tree" -printf '%s %T@\n' > /dev/null
    t0=$(now_ms); find "$tree" -printf '%s %T@\n' > /dev/null; find_ms=$(($(now_ms) - t0))
    sampled_run upload
    [ "$(j .uploaded)" = "$n" ] || e2e_die "first sync uploaded $(j .uploaded) of $n files"
    row "first sync (upload), wall" "$(secs "$WALL_MS")" "find $(secs "$find_ms")" "" "$(div "$((n * 1000))" "$WALL_MS" '%.0f') files/s, cpu $(secs "$CPU_MS"), $(emu_sum requests) requests, peak RSS $(mib "$((RSS_KIB * 1024))") (goal <= 512 MiB at a million: $(verdict "$RSS_KIB" '<=' 524288)); $(load)"
    if [ "${E2E_STOP_AFTER:-}" = upload ]; then
        row "emulator peak RSS (VmHWM)" "$(awk '/VmHWM/ {print $2}' "/proc/$EMU_PID/status") KiB" "" "" "cpu $(secs "$(emu_cpu_ms)")"
        load
        exit 0
    fi
    emu_reset
    sync_run "$WORK/home" settle
fi
row "second sync (settle), wall" "$(secs "$WALL_MS")" "" "" "$(emu_sum requests) requests, cpu $(secs "$CPU_MS"), peak RSS $(mib "$((RSS_KIB * 1024))"); $(load)"

find "$tree" -printf '%s %T@\n' > /dev/null
best=""; best_cpu=""; find_best=""; rss_max=0; reqs=""
for i in $(seq "$runs"); do
    t0=$(now_ms); find "$tree" -printf '%s %T@\n' > /dev/null; t1=$(now_ms)
    t=$((t1 - t0)); { [ -z "$find_best" ] || [ "$t" -lt "$find_best" ]; } && find_best=$t
    emu_reset
    sync_run "$WORK/home" "nochange-$i"
    echo "  no-change run $i: wall $(secs "$WALL_MS"), cpu $(secs "$CPU_MS"), peak RSS $(mib "$((RSS_KIB * 1024))"); $(load)"
    reqs="$reqs $(emu_sum requests)"
    { [ -z "$best" ] || [ "$WALL_MS" -lt "$best" ]; } && best=$WALL_MS && best_cpu=$CPU_MS
    [ "$RSS_KIB" -gt "$rss_max" ] && rss_max=$RSS_KIB
done
[ "$find_best" -gt 0 ] || find_best=1
row "no-change sync, wall (best of $runs)" "$(secs "$best")" "find $(secs "$find_best")" "$(div "$best" "$find_best")x" "goal <= 3x: $(verdict "$(div "$best" "$find_best")" '<=' 3); cpu $(secs "$best_cpu")"
row "no-change sync, requests" "$(echo $reqs)" "1" "" ""
row "peak RSS, no-change syncs (max)" "$(mib "$((rss_max * 1024))")" "512 MiB" "$(div "$rss_max" 524288)" "goal <= 512 MiB: $(verdict "$rss_max" '<=' 524288)"

# CHANGES scattered local edits: one byte appended to every (n / CHANGES)-th file
step=$((n / changes)); [ "$step" -ge 1 ] || step=1
find "$tree" -type f | sort > "$WORK/files.txt"
awk -v step="$step" -v max="$changes" 'NR % step == 1 % step && c < max { print; c++ }' "$WORK/files.txt" \
    | while IFS= read -r f; do printf 'x' >> "$f"; done
emu_reset
OXISYNC_JAVA_OPTS="${E2E_EDIT_JAVA_OPTS:-${OXISYNC_JAVA_OPTS:-}}" sync_run "$WORK/home" local-changes
echo "  requests by endpoint: $(emu_endpoints)"
[ "$(j .uploaded)" = "$changes" ] || echo "note: uploaded $(j .uploaded) of $changes edited files"
row "run after $changes local edits, wall" "$(secs "$WALL_MS")" "no-change $(secs "$best")" "$(div "$WALL_MS" "$best")x" "goal <= 2x: $(verdict "$(div "$WALL_MS" "$best")" '<=' 2); $(emu_sum requests) requests; cpu $(secs "$CPU_MS"); peak RSS $(mib "$((RSS_KIB * 1024))"); $(load)"

if [ "$seed_mode" = bulk ]; then
    # CHANGES scattered remote edits (other files than the local ones): new content for every (n / CHANGES)-th
    # file from the middle of each step, put in place by the emulator's own ingest (bulk seed, replace mode: the
    # same id, a new hash and modified time, as another device's edit)
    edits="$WORK/remote-edits"
    awk -v step="$step" -v max="$changes" 'NR % step == int(step / 2) % step && c < max { print; c++ }' "$WORK/files.txt" \
        | while IFS= read -r f; do
            rel=${f#"$tree"/}; mkdir -p "$edits/$(dirname "$rel")"
            { cat "$f"; echo "edited on another device"; } > "$edits/$rel"
        done
    edit_json=$(curl -sf -X POST "$EMU_URL/_emulator/seed" -H 'Content-Type: application/json' \
        -d "{\"username\":\"alice\",\"local_dir\":\"$edits\",\"remote_path\":\"/scale\",\"replace\":true}") \
        || e2e_die "the remote edits failed (emulator log: $WORK/emu.err)"
    echo "  remote edits made: $(echo "$edit_json" | jq -c '{replaced, elapsedMillis}')"
    emu_reset
    OXISYNC_JAVA_OPTS="${E2E_EDIT_JAVA_OPTS:-${OXISYNC_JAVA_OPTS:-}}" sync_run "$WORK/home" remote-changes
    echo "  requests by endpoint: $(emu_endpoints)"
    [ "$(j .downloaded)" = "$changes" ] || echo "note: downloaded $(j .downloaded) of $changes remotely edited files"
    row "run after $changes remote edits, wall" "$(secs "$WALL_MS")" "no-change $(secs "$best")" "$(div "$WALL_MS" "$best")x" "goal <= 2x: $(verdict "$(div "$WALL_MS" "$best")" '<=' 2); $(emu_sum requests) requests; cpu $(secs "$CPU_MS"); peak RSS $(mib "$((RSS_KIB * 1024))"); $(load)"

    if [ "$upload_part" -gt 0 ]; then
        # the first upload rate, on a part: E2E_UPLOAD_PART new files in a second pair, uploaded by the client
        part="$WORK/upload-part"
        helper TreeGen tree "$part" "$upload_part" 100 2000 43 "$per_folder" > /dev/null
        client_new "$WORK/home2" "$part" /upload-part
        emu_reset
        sync_run "$WORK/home2" upload-part
        [ "$(j .uploaded)" = "$upload_part" ] || e2e_die "the part's upload uploaded $(j .uploaded) of $upload_part files"
        row "upload of $upload_part new files, wall" "$(secs "$WALL_MS")" "" "" "$(div "$((upload_part * 1000))" "$WALL_MS" '%.0f') files/s, cpu $(secs "$CPU_MS"), $(emu_sum requests) requests, peak RSS $(mib "$((RSS_KIB * 1024))"); $(load)"
    fi
fi
row "emulator peak RSS (VmHWM)" "$(awk '/VmHWM/ {print $2}' "/proc/$EMU_PID/status") KiB" "" "" "cpu $(secs "$(emu_cpu_ms)")"
load
