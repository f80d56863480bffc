#!/usr/bin/env bash
# Shared functions of the end-to-end benchmarks (bench/scripts/e2e-*.sh); sourced, not run.
# They drive the real `oxisync` launcher (client-app/src/main/scripts/oxisync) as separate processes against
# the standalone emulator on 127.0.0.1, and read the emulator's /_emulator/stats counters.
#
# Needs: client-app/target/oxisync.jar and emulator/target/oxicloud-emulator.jar
#   (mvn -B -q -o install -DskipTests), a JDK 25 (found by scripts/jdk.sh), jq, curl, GNU time (/usr/bin/time;
#   apt-get install -y time).
# Environment:
#   OXISYNC_JAR        the client jar (default client-app/target/oxisync.jar)
#   OXISYNC_JAVA_OPTS  extra JVM options of the client, passed through by the launcher (e.g. -Xmx128m)
#   E2E_TMP            where the work folder goes (default $TMPDIR or /tmp); it is deleted at the end
#   E2E_KEEP=1         keep the work folder (and print where it is)
#   E2E_EMU_OPTS       extra emulator options (e.g. "--delta-rate-limit 0"); the emulator runs with --quota 0
#   E2E_EMU_JAVA_OPTS  JVM options of the emulator (e.g. a flight recording)
#   E2E_EMU_HASH       the emulator's BLAKE3: "client" (default) gives it the client's SIMD kernel, the speed class of
#                      the real server's blake3 crate (bench/src/main/java/org/oxisync/bench/emuhash, emulator/README.md
#                      "BLAKE3 speed"); "bc" keeps the emulator's own Bouncy Castle (scalar Java, about a tenth of
#                      that: every figure recorded before 2026-12-07)
#   EMU_PORT           the emulator's port (default 0: a free one; a kept client home needs its old port)
#   E2E_EMU_START_SECONDS  how long the emulator may take to report ready (default 30; loading the kept data of a
#                      million files takes longer)
set -euo pipefail

E2E_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$E2E_ROOT/scripts/jdk.sh" || { echo "no JDK 25 found: run scripts/setup-machine.sh" >&2; exit 1; } # java, javac: 25
LAUNCHER="$E2E_ROOT/client-app/src/main/scripts/oxisync"
export OXISYNC_JAR=${OXISYNC_JAR:-$E2E_ROOT/client-app/target/oxisync.jar}
EMU_JAR=${EMU_JAR:-$E2E_ROOT/emulator/target/oxicloud-emulator.jar}
EMU_PID=""
EMU_URL=""
# CLIENT_URL: where the clients reach the server (the emulator itself, or link_start's proxy in front of it);
# the emulator's own endpoints (/_emulator/...) are always asked at EMU_URL.
CLIENT_URL=""
LINK_PID=""

e2e_die() { echo "e2e: $*" >&2; exit 1; }

# Checks the tools, makes the work folder $WORK, compiles the JDK-only helpers into $WORK/classes.
e2e_init() {
    [ -f "$OXISYNC_JAR" ] || e2e_die "missing $OXISYNC_JAR: run 'mvn -B -q package -DskipTests' first"
    [ -f "$EMU_JAR" ] || e2e_die "missing $EMU_JAR: run 'mvn -B -q package -DskipTests' first"
    for tool in java javac jq curl; do
        command -v "$tool" >/dev/null || e2e_die "$tool is missing"
    done
    [ -x /usr/bin/time ] || e2e_die "/usr/bin/time is missing (apt-get install -y time)"
    WORK=$(mktemp -d "${E2E_TMP:-${TMPDIR:-/tmp}}/oxisync-e2e.XXXXXX")
    trap e2e_cleanup EXIT
    javac -d "$WORK/classes" "$E2E_ROOT"/bench/src/main/java/org/oxisync/bench/e2e/*.java
}

e2e_cleanup() {
    emu_stop
    if [ "${E2E_KEEP:-0}" = 1 ]; then
        echo "work folder kept: $WORK"
    else
        rm -rf "$WORK"
    fi
}

helper() { java -cp "$WORK/classes" "org.oxisync.bench.e2e.$1" "${@:2}"; }

# Machine conditions, printed with every result.
machine() {
    echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')),"\
         "$(free -m | awk '/^Mem:/ {print $2}') MiB RAM, $(uname -r)"
    echo "java: $(java -version 2>&1 | head -1)"
    echo "client JVM options: ${OXISYNC_JAVA_OPTS:-none (the launcher defaults: serial GC, small young generation, tight heap)}"
    echo "filesystem of the work folder: $(df -T "$WORK" | awk 'NR==2 {print $2 " on " $1}')"
    load
}

load() { echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)  ($(date '+%F %T'))"; }

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# emu_classpath: the emulator's class path for E2E_EMU_HASH (see the header). "client" compiles the benchmark's
# provider against the client jar's hash classes into $WORK/emuhash and registers it as the emulator's BLAKE3
# service; the emulator prints which BLAKE3 it uses on its standard error ($WORK/emu.err).
emu_classpath() {
    case "${E2E_EMU_HASH:-client}" in
        bc) echo "$EMU_JAR" ;;
        client)
            local dir="$WORK/emuhash" jar
            jar=$(realpath "$OXISYNC_JAR")
            if [ ! -f "$dir/META-INF/services/org.oxisync.emulator.hash.Blake3Provider" ]; then
                mkdir -p "$dir/META-INF/services"
                (cd "$dir" && jar xf "$jar" org/oxisync/store/hash) || e2e_die "cannot read $OXISYNC_JAR"
                javac -d "$dir" -cp "$EMU_JAR:$dir" \
                    "$E2E_ROOT/bench/src/main/java/org/oxisync/bench/emuhash/ClientKernelBlake3.java" \
                    || e2e_die "cannot compile the emulator's BLAKE3 provider"
                echo org.oxisync.bench.emuhash.ClientKernelBlake3 \
                    > "$dir/META-INF/services/org.oxisync.emulator.hash.Blake3Provider"
            fi
            echo "$EMU_JAR:$dir" ;;
        *) e2e_die "E2E_EMU_HASH must be client or bc, not ${E2E_EMU_HASH}" ;;
    esac
}

# emu_start: starts the emulator on a free loopback port (or $EMU_PORT) with data in $WORK/emu; sets EMU_URL and
# EMU_PID.
emu_start() {
    local tenths=$((${E2E_EMU_START_SECONDS:-30} * 10)) classpath
    classpath=$(emu_classpath)
    # shellcheck disable=SC2086
    java --add-modules jdk.incubator.vector ${E2E_EMU_JAVA_OPTS:-} -cp "$classpath" org.oxisync.emulator.EmulatorMain --port "${EMU_PORT:-0}" --data "$WORK/emu" --user alice:secret --quota 0 ${E2E_EMU_OPTS:-} \
        > "$WORK/emu.out" 2> "$WORK/emu.err" &
    EMU_PID=$!
    for _ in $(seq "$tenths"); do
        EMU_URL=$(sed -n 's/^OxiCloud emulator ready at //p' "$WORK/emu.out")
        [ -n "$EMU_URL" ] && { CLIENT_URL=$EMU_URL; return 0; }
        kill -0 "$EMU_PID" 2>/dev/null || { cat "$WORK/emu.err" >&2; e2e_die "the emulator did not start"; }
        sleep 0.1
    done
    e2e_die "the emulator did not report ready within ${E2E_EMU_START_SECONDS:-30} s"
}

# link_start MBIT DELAY_MS: puts a simulated link in front of the emulator (LinkProxy: each direction MBIT megabits
# a second, shared by every connection, and DELAY_MS of one-way delay) and points CLIENT_URL at it.
link_start() {
    java -cp "$WORK/classes" org.oxisync.bench.e2e.LinkProxy "${EMU_URL##*:}" "$1" "$2" > "$WORK/link.out" 2>&1 &
    LINK_PID=$!
    for _ in $(seq 100); do
        CLIENT_URL=$(sed -n 's/^link proxy ready at //p' "$WORK/link.out")
        [ -n "$CLIENT_URL" ] && return 0
        sleep 0.1
    done
    e2e_die "the link proxy did not start: $(cat "$WORK/link.out")"
}

emu_stop() {
    if [ -n "$LINK_PID" ]; then
        kill "$LINK_PID" 2>/dev/null || true
        wait "$LINK_PID" 2>/dev/null || true
        LINK_PID=""
    fi
    if [ -n "$EMU_PID" ]; then
        kill "$EMU_PID" 2>/dev/null || true
        wait "$EMU_PID" 2>/dev/null || true
        EMU_PID=""
    fi
}

# emu_cpu_ms: the emulator process's CPU time so far (user + system), from /proc (Linux).
emu_cpu_ms() {
    awk -v hz="$(getconf CLK_TCK)" '{printf "%d", ($14 + $15) * 1000 / hz}' "/proc/$EMU_PID/stat"
}
emu_reset() { curl -sf -X POST "$EMU_URL/_emulator/stats/reset" > /dev/null; }
emu_stats() { curl -sf "$EMU_URL/_emulator/stats"; }
# Sums over all endpoints: requests, bytes_received (request bodies), bytes_sent (response bodies).
emu_sum() { emu_stats | jq "[.endpoints[] | .$1] | add // 0"; }
emu_endpoints() { emu_stats | jq -c '.endpoints | with_entries(.value = .value.requests)'; }

# Edits on a work folder kept by e2e-million.sh ($WORK/files.txt lists its tree's files, $WORK/tree is the pair):
# edited_files OFFSET prints the 1,000 files OFFSET, OFFSET + N/1000, ... (scattered over the tree);
# local_edits OFFSET appends one byte to each; remote_edits OFFSET NAME gives each other content on the server, as
# another device's edit (the emulator's bulk seed in replace mode: same ids, new content; EMU_URL must be set).
edited_files() {
    local n step
    n=$(wc -l < "$WORK/files.txt"); step=$((n / 1000)); [ "$step" -ge 1 ] || step=1
    awk -v step="$step" -v off="$1" 'NR % step == off % step && c < 1000 { print; c++ }' "$WORK/files.txt"
}
local_edits() {
    edited_files "$1" | while IFS= read -r f; do printf 'y' >> "$f"; done
}
remote_edits() {
    local edits="$WORK/remote-edits-$2" tree="$WORK/tree"
    edited_files "$1" | while IFS= read -r f; do
        rel=${f#"$tree"/}; mkdir -p "$edits/$(dirname "$rel")"
        { cat "$f"; echo "edit $2"; } > "$edits/$rel"
    done
    curl -sf -X POST "$EMU_URL/_emulator/seed" -H 'Content-Type: application/json' \
        -d "{\"username\":\"alice\",\"local_dir\":\"$edits\",\"remote_path\":\"/scale\",\"replace\":true}" > /dev/null \
        || e2e_die "the remote edits failed (emulator log: $WORK/emu.err)"
}

# client_new HOME LOCAL_DIR REMOTE_PATH: a fresh client home, logged in as alice, with one pair.
client_new() {
    mkdir -p "$2"
    echo secret | "$LAUNCHER" login "${CLIENT_URL:-$EMU_URL}" --user alice --password-stdin --home "$1" > /dev/null
    "$LAUNCHER" pair add "$2" "$3" --home "$1" > /dev/null
}

# sync_run HOME TAG: one `oxisync sync-once --json` under GNU time. Sets WALL_MS (process wall time, JVM start
# included), ENGINE_MS (the run's elapsed_ms as the engine reports it), RSS_KIB (maximum resident set size of
# the client JVM) and JSON (the file holding stdout). Fails when the status is not "ok".
sync_run() {
    JSON="$WORK/$2.json"
    local t0 t1 rc=0
    t0=$(now_ms)
    /usr/bin/time -v -o "$WORK/$2.time" "$LAUNCHER" sync-once --json --home "$1" ${E2E_SYNC_ARGS:-} > "$JSON" 2> "$WORK/$2.err" || rc=$?
    t1=$(now_ms)
    sed -i '/^\[[0-9.]*s\]\[/d' "$JSON" # JVM log lines on stdout (a flight recording's start-up message)
    WALL_MS=$((t1 - t0))
    RSS_KIB=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$WORK/$2.time")
    CPU_MS=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%d", s * 1000}' "$WORK/$2.time")
    if [ "$rc" != 0 ] || [ "$(jq -r .status "$JSON" 2>/dev/null)" != ok ]; then
        echo "sync-once ($2) exited $rc:" >&2
        jq -c 'del(.pairs[].plan) | .errors |= .[:10]' "$JSON" >&2 2>/dev/null || cat "$JSON" >&2
        tail -20 "$WORK/$2.err" >&2
        e2e_die "sync-once ($2) did not end in sync"
    fi
    ENGINE_MS=$(jq '.pairs[0].elapsed_ms' "$JSON")
}

j() { jq -r "$1" "$JSON"; }

# Arithmetic helpers (awk; bash has integers only).
div() { awk -v a="$1" -v b="$2" -v f="${3:-%.2f}" 'BEGIN { if (b == 0) print "inf"; else printf f, a / b }'; }
mib() { awk -v a="$1" 'BEGIN { printf "%.2f MiB", a / 1048576 }'; }
secs() { awk -v a="$1" 'BEGIN { printf "%.3f s", a / 1000 }'; }
verdict() { if awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN { exit !((op == "<=") ? a <= b : a >= b) }'; then echo MET; else echo "NOT MET"; fi; }

# row LABEL VALUE REFERENCE RATIO GOAL: one aligned result line.
row() { printf '  %-44s %-18s ref %-26s ratio %-8s %s\n' "$1" "$2" "$3" "$4" "$5"; }
