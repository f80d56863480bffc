#!/usr/bin/env bash
# The daemon and the desktop app at scale, on a work folder kept by e2e-million.sh
# (E2E_KEEP=1: tree/ = the pair's local folder, home/ = the client home that joined it, emu/ = the emulator's data).
# Restarts the emulator on that data, on the port the home knows, then:
#   1. `oxisync daemon` through the launcher with its DEFAULT options (no -Xmx or GC override: OXISYNC_JAVA_OPTS is
#      cleared): time to the end of its first run (status through its control socket, `oxisync status --json`, as
#      ContinuousSyncBench reads it), its CPU while idle over IDLE_SECONDS (utime + stime from /proc/PID/stat,
#      goal < 1 % of a core; the server requests in that window beside it), then SAMPLES local saves (a new small
#      file in a random folder of the tree) timed until the server has it (a WebDAV PROPFIND of its path, every
#      ~20 ms; goal < 3 s), each once the daemon is idle again; peak RSS over all of it (VmHWM, goal <= 512 MiB);
#      the time from SIGTERM to exit.
#   2. The desktop app (unless E2E_GUI=none) under Xvfb (scripts/setup-machine.sh --desktop-test) on the
#      same home: time to the end of its first sync (the app serves the same status socket), CPU over IDLE_SECONDS
#      idle, peak RSS (VmHWM), the collector and heap options it runs with (jcmd VM.command_line / VM.info).
#      E2E_GUI=launcher (default): `oxisync gui` through the same launcher script. E2E_GUI=PATH: that launcher
#      instead, e.g. the app image's own desktop launcher (packaging, `-Papp-image`: target/dist/OxiSync/bin/OxiSync,
#      what the desktop menu starts: jpackage's options, image.args), run as `PATH --home HOME`; a launcher
#      script named oxisync (the app image's bin/oxisync, as installed) runs as `PATH gui --home HOME`.
#      From a source checkout E2E_GUI=launcher needs the default build (client-app/target, client-ui/target and
#      `mvn install`: the launcher's own rule) and OXISYNC_JAR unset; with another build use the app image.
# E2E_DAEMON=0 skips step 1 (the app only). E2E_FIRST_RUN_SECONDS (default 3600) bounds each first run.
# At a million files a save takes minutes (bench/README.md, "Every figure at a million"): SAMPLES=4 is plenty there.
# Everything is stopped at the end (the daemon and the app by SIGTERM); the work folder is left as it was, plus
# the save files the daemon uploaded (both sides agree on them) and the logs (daemon.*, gui.*, emu.*).
# The emulator runs without the real-time bus (OxiCloud 0.8.7 has none: the daemon polls every 30 s), with
# E2E_EMU_OPTS and E2E_EMU_JAVA_OPTS as in e2e-million.sh (a million files: -Xms6g -Xmx6g -XX:+UseParallelGC; E2E_EMU_START_SECONDS,
# default 600 here, bounds the time it may take to load the data).
#
# usage: bench/scripts/e2e-daemon-scale.sh WORKDIR [SAMPLES=8] [IDLE_SECONDS=60]
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
[ $# -ge 1 ] && [ -d "$1/home" ] && [ -d "$1/tree" ] && [ -d "$1/emu" ] \
    || e2e_die "usage: $0 WORKDIR [SAMPLES] [IDLE_SECONDS] (a work folder kept by e2e-million.sh, E2E_KEEP=1)"
WORK=$(cd "$1" && pwd)
samples=${2:-8}
idle_s=${3:-60}
gui_mode=${E2E_GUI:-launcher}
first_run_limit=${E2E_FIRST_RUN_SECONDS:-3600}
for tool in java jq curl shuf; do command -v "$tool" > /dev/null || e2e_die "$tool is missing"; done
[ "$gui_mode" = none ] || command -v Xvfb > /dev/null \
    || e2e_die "Xvfb is missing (scripts/setup-machine.sh --desktop-test installs it)"
unset OXISYNC_JAVA_OPTS # the launcher's own defaults, as a user gets them
HOME_DIR="$WORK/home"
hz=$(getconf CLK_TCK)

port=$(sed -n 's/^server=http\\:\/\/127\.0\.0\.1\\:\([0-9]*\)$/\1/p' "$HOME_DIR/config.properties" | head -1)
[ -n "$port" ] || e2e_die "no loopback server in $HOME_DIR/config.properties"
remote=$(jq -r '.pairs[0].remote // empty' "$WORK/join.json" 2>/dev/null || true)
remote=${remote:-/scale}

DAEMON_LAUNCHER_PID=""; DAEMON_PID=""; GUI_LAUNCHER_PID=""; GUI_PID=""; XVFB_PID=""
cleanup() {
    set +e
    stop_pid "$GUI_PID" "$GUI_LAUNCHER_PID" > /dev/null
    [ -z "$XVFB_PID" ] || { kill "$XVFB_PID" 2>/dev/null; wait "$XVFB_PID" 2>/dev/null; }
    stop_pid "$DAEMON_PID" "$DAEMON_LAUNCHER_PID" > /dev/null
    emu_stop
}
trap cleanup EXIT

# java_pid TOKEN: the JVM (a process whose executable is java, or the app image's launcher) whose command line
# holds TOKEN; empty if none.
java_pid() {
    local p
    for p in $(pgrep -f -- "$1"); do
        case "$(readlink "/proc/$p/exe" 2>/dev/null)" in
            */java|*/OxiSync) echo "$p"; return 0 ;;
        esac
    done
}
# stop_pid PID [LAUNCHER_PID]: SIGTERM, wait for the exit (at most 120 s); prints the seconds it took.
stop_pid() {
    [ -n "$1" ] && kill -0 "$1" 2>/dev/null || return 0
    local t0; t0=$(now_ms)
    kill -TERM "$1" 2>/dev/null
    for _ in $(seq 1200); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$1" 2>/dev/null && { echo "still running after 120 s: SIGKILL" >&2; kill -KILL "$1" 2>/dev/null; }
    [ -z "${2:-}" ] || wait "$2" 2>/dev/null
    secs "$(($(now_ms) - t0))"
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hwm_kib() { awk '/VmHWM/ {print $2}' "/proc/$1/status"; }
rss_kib() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

# status_json: the running daemon's (or app's) status, one JSON object; empty when nothing answers.
status_json() { "$LAUNCHER" status --json --home "$HOME_DIR" 2> /dev/null || true; }
# await_idle PID SECONDS ERRFILE: until every pair is idle with a last result; fails if PID dies, SECONDS pass or
# ERRFILE (the process's stderr) shows an OutOfMemoryError (a run thread that dies of it leaves the pair's state
# as it was). Sets LAST (the status).
await_idle() {
    local deadline=$(($(now_ms) + $2 * 1000))
    while :; do
        kill -0 "$1" 2>/dev/null || e2e_die "the process $1 died (logs in $WORK)"
        if grep -q OutOfMemoryError "$3" 2>/dev/null; then
            echo "  OutOfMemoryError in $1 (peak RSS $(hwm_kib "$1") KiB); $(load):" >&2
            grep -m1 -A12 OutOfMemoryError "$3" | sed 's/^/    /' >&2
            e2e_die "OutOfMemoryError: see $3"
        fi
        LAST=$(status_json)
        if [ -n "$LAST" ] && [ "$(echo "$LAST" | jq '[.pairs[] | select(.state != "idle" or .last_result == null)]
                | length')" = 0 ] && [ "$(echo "$LAST" | jq '.pairs | length')" -gt 0 ]; then
            return 0
        fi
        [ "$(now_ms)" -lt "$deadline" ] || e2e_die "not idle after $2 s: $(echo "$LAST" | jq -c '.pairs' 2>/dev/null)"
        sleep 0.5
    done
}
# idle_cpu PID TAG: CPU ticks of PID over $idle_s seconds, nothing changing; the server's requests in the window.
idle_cpu() {
    sleep 5
    emu_reset
    local before after
    before=$(cpu_ticks "$1")
    sleep "$idle_s"
    after=$(cpu_ticks "$1")
    local ticks=$((after - before))
    row "$2 idle CPU over $idle_s s" "$ticks ticks" "1 % of a core" \
        "$(div "$((ticks * 100))" "$((idle_s * hz))" '%.2f')%" \
        "goal < 1 %: $(verdict "$(div "$((ticks * 100))" "$((idle_s * hz))" '%.4f')" '<=' 1); $(emu_sum requests) requests: $(emu_endpoints); $(load)"
}

echo "== the daemon and the desktop app on a kept work folder: $WORK =="
machine
echo "tree: $(find "$WORK/tree" -type f | wc -l) files; pair remote $remote; server port $port"
for f in emu.out emu.err; do [ -f "$WORK/$f" ] && mv -f "$WORK/$f" "$WORK/$f.before-daemon"; done
t0=$(now_ms)
EMU_PORT=$port E2E_EMU_START_SECONDS=${E2E_EMU_START_SECONDS:-600} emu_start
row "emulator start on the kept data" "$(secs "$(($(now_ms) - t0))")" "" "" "RSS $(rss_kib "$EMU_PID") KiB; $(load)"
# an app password for WebDAV (the Nextcloud face answers PROPFIND by path; only app passwords log in there)
tok=$(curl -sf -X POST -H 'Content-Type: application/json' -d '{"username":"alice","password":"secret"}' \
    "$EMU_URL/api/auth/login" | jq -r .access_token)
APP_PW=$(curl -sf -X POST -H "Authorization: Bearer $tok" -H 'Content-Type: application/json' \
    -d '{"label":"daemon-scale"}' "$EMU_URL/api/auth/app-passwords" | jq -r .password)
[ -n "$APP_PW" ] && [ "$APP_PW" != null ] || e2e_die "no app password"
dav_status() {
    curl -s -o /dev/null -w '%{http_code}' -u "alice:$APP_PW" -X PROPFIND -H 'Depth: 0' \
        "$EMU_URL/remote.php/dav/files/alice${remote}/$1"
}
find "$WORK/tree" -mindepth 1 -type d -printf '%P\n' > "$WORK/dirs.txt"

# 1. the daemon (E2E_DAEMON=0: not measured, straight to the desktop app)
if [ "${E2E_DAEMON:-1}" != 0 ]; then
emu_reset
t0=$(now_ms)
"$LAUNCHER" daemon --home "$HOME_DIR" > "$WORK/daemon.out" 2> "$WORK/daemon.err" &
DAEMON_LAUNCHER_PID=$!
for _ in $(seq 300); do DAEMON_PID=$(java_pid "daemon --home $HOME_DIR"); [ -n "$DAEMON_PID" ] && break; sleep 0.1; done
[ -n "$DAEMON_PID" ] || e2e_die "no daemon JVM (log: $WORK/daemon.err)"
echo "daemon: pid $DAEMON_PID, $(tr '\0' ' ' < "/proc/$DAEMON_PID/cmdline" | sed 's/ -jar .*//')"
await_idle "$DAEMON_PID" "$first_run_limit" "$WORK/daemon.err"
first_ms=$(($(now_ms) - t0))
row "daemon start + first run" "$(secs "$first_ms")" "" "" "last result $(echo "$LAST" | jq -c '.pairs[0].last_result | {status, uploaded, downloaded, elapsed_ms}'); $(emu_sum requests) requests; cpu $(secs "$(($(cpu_ticks "$DAEMON_PID") * 1000 / hz))"); RSS $(rss_kib "$DAEMON_PID") KiB, peak $(hwm_kib "$DAEMON_PID") KiB; $(load)"
idle_cpu "$DAEMON_PID" daemon
lat=()
for i in $(seq "$samples"); do
    await_idle "$DAEMON_PID" 600 "$WORK/daemon.err"
    sleep 1.5
    rel="$(shuf -n 1 "$WORK/dirs.txt")/oxisync-save-$i-$$.txt"
    [ "$(dav_status "$rel")" = 404 ] || e2e_die "$rel is on the server before it was written"
    t0=$(now_ms)
    printf 'saved by e2e-daemon-scale, sample %s\n' "$i" > "$WORK/tree/$rel"
    code=""
    while [ "$code" != 207 ]; do
        [ $(($(now_ms) - t0)) -lt 600000 ] || e2e_die "$rel not on the server after 600 s"
        kill -0 "$DAEMON_PID" 2>/dev/null || e2e_die "the daemon died (logs in $WORK)"
        sleep 0.02
        code=$(dav_status "$rel")
    done
    ms=$(($(now_ms) - t0))
    lat+=("$ms")
    echo "  save $i: $rel on the server after $(secs "$ms"); daemon RSS $(rss_kib "$DAEMON_PID") KiB; $(load)"
done
sorted=$(printf '%s\n' "${lat[@]}" | sort -n)
median=$(echo "$sorted" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
row "daemon local save -> server (median of $samples)" "$(secs "$median")" "3 s" "$(div "$median" 3000)" \
    "goal < 3 s: $(verdict "$median" '<=' 3000); min $(secs "$(echo "$sorted" | head -1)"), max $(secs "$(echo "$sorted" | tail -1)")"
await_idle "$DAEMON_PID" 600 "$WORK/daemon.err"
daemon_hwm=$(hwm_kib "$DAEMON_PID")
daemon_cpu=$(($(cpu_ticks "$DAEMON_PID") * 1000 / hz))
row "daemon peak RSS (VmHWM, whole life)" "$(mib "$((daemon_hwm * 1024))")" "512 MiB" "$(div "$daemon_hwm" 524288)" "goal <= 512 MiB: $(verdict "$daemon_hwm" '<=' 524288); cpu in all $(secs "$daemon_cpu")"
row "daemon SIGTERM -> exit" "$(stop_pid "$DAEMON_PID" "$DAEMON_LAUNCHER_PID")" "" "" ""
DAEMON_PID=""; DAEMON_LAUNCHER_PID=""
fi

# 2. the desktop app
if [ "$gui_mode" != none ]; then
    if [ "$gui_mode" = launcher ]; then
        gui_cmd=("$LAUNCHER" gui --home "$HOME_DIR")
        gui_token="gui --home $HOME_DIR"
    else
        [ -x "$gui_mode" ] || e2e_die "E2E_GUI=$gui_mode is not an executable launcher"
        if [ "${gui_mode##*/}" = oxisync ]; then # an installed launcher script: `oxisync gui`, with its own jar
            gui_cmd=(env -u OXISYNC_JAR "$gui_mode" gui --home "$HOME_DIR")
            gui_token="gui --home $HOME_DIR"
        else
            gui_cmd=("$gui_mode" --home "$HOME_DIR")
            gui_token="${gui_mode##*/} --home $HOME_DIR"
        fi
    fi
    emu_reset
    t0=$(now_ms)
    # an X server of our own (not xvfb-run: its Xvfb outlived it once when the app was ended from outside)
    display=90
    while [ -e "/tmp/.X$display-lock" ] || [ -e "/tmp/.X11-unix/X$display" ]; do display=$((display + 1)); done
    Xvfb ":$display" -screen 0 1280x1024x24 -nolisten tcp > "$WORK/xvfb.log" 2>&1 &
    XVFB_PID=$!
    for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
    DISPLAY=":$display" "${gui_cmd[@]}" > "$WORK/gui.out" 2> "$WORK/gui.err" &
    GUI_LAUNCHER_PID=$!
    for _ in $(seq 600); do GUI_PID=$(java_pid "$gui_token"); [ -n "$GUI_PID" ] && break; sleep 0.1; done
    [ -n "$GUI_PID" ] || e2e_die "no desktop app JVM (log: $WORK/gui.err)"
    await_idle "$GUI_PID" "$first_run_limit" "$WORK/gui.err"
    gui_first_ms=$(($(now_ms) - t0))
    echo "desktop app: pid $GUI_PID ($(readlink "/proc/$GUI_PID/exe")), answering as: $(echo "$LAST" | jq -r .process)"
    jcmd "$GUI_PID" VM.command_line 2>/dev/null | sed -n 's/^jvm_args: /  jvm_args: /p'
    echo "  collector: $(jcmd "$GUI_PID" VM.info 2>/dev/null | sed -n 's/.*, \([a-z0-9]* gc\), .*/\1/p' | head -1);" \
         "max heap $(jcmd "$GUI_PID" VM.flags 2>/dev/null | tr ' ' '\n' | sed -n 's/^-XX:MaxHeapSize=//p') bytes"
    row "desktop app start + first sync" "$(secs "$gui_first_ms")" "" "" "last result $(echo "$LAST" | jq -c '.pairs[0].last_result | {status, uploaded, downloaded, elapsed_ms}'); $(emu_sum requests) requests; cpu $(secs "$(($(cpu_ticks "$GUI_PID") * 1000 / hz))"); RSS $(rss_kib "$GUI_PID") KiB; $(load)"
    idle_cpu "$GUI_PID" "desktop app"
    gui_hwm=$(hwm_kib "$GUI_PID")
    row "desktop app peak RSS (VmHWM, whole life)" "$(mib "$((gui_hwm * 1024))")" "512 MiB" "$(div "$gui_hwm" 524288)" "goal <= 512 MiB: $(verdict "$gui_hwm" '<=' 524288); cpu in all $(secs "$(($(cpu_ticks "$GUI_PID") * 1000 / hz))")"
    row "desktop app SIGTERM -> exit" "$(stop_pid "$GUI_PID" "$GUI_LAUNCHER_PID")" "" "" ""
    GUI_PID=""; GUI_LAUNCHER_PID=""
    kill "$XVFB_PID" 2>/dev/null; wait "$XVFB_PID" 2>/dev/null; XVFB_PID=""
fi
row "emulator peak RSS (VmHWM)" "$(hwm_kib "$EMU_PID") KiB" "" "" "cpu $(secs "$(emu_cpu_ms)")"
load
