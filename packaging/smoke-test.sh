#!/usr/bin/env bash
# Smoke test of the Linux installers (packaging/README.md): builds the .deb and the .rpm, installs the .deb with
# apt, runs `oxisync --version` (timed) from the installed package, starts the GUI under Xvfb and saves a
# screenshot, walks the newcomer path (packaging/newcomer-path.sh: the wizard by keyboard against the emulator in
# Xvfb + openbox, quit, start again, same window), purges the package and checks that nothing is left; inspects the .rpm (installing an
# rpm on Debian is not a goal). Needs root or sudo (apt-get). Debian 12 / Ubuntu.
#
# Environment: BUILD_DIR_NAME   Maven output folder name (default target; parallel builds use target-<name>)
#              SKIP_BUILD=1     reuse the installers already in packaging/$BUILD_DIR_NAME/dist
#              RUNS=11          how many timed `oxisync --version` runs (the median is reported)
#              STRICT_GOALS=1   also fail when a size or time goal is missed (default: report only)
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR_NAME="${BUILD_DIR_NAME:-target}"
RUNS="${RUNS:-11}"
DIST="packaging/$BUILD_DIR_NAME/dist"
OUT="packaging/$BUILD_DIR_NAME/smoke"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { local what="$1"; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
goal() { # goal <description> <command...>: a missed goal fails only with STRICT_GOALS=1
  local what="$1"; shift
  if "$@"; then pass "goal: $what"; elif [ "${STRICT_GOALS:-0}" = 1 ]; then fail "goal: $what"; else echo "MISSED GOAL (report only): $what"; fi
}
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

if dpkg-query -W -f='${Status}' oxisync 2>/dev/null | grep -q "install ok installed"; then
  echo "oxisync is already installed here; the smoke test would purge it. Remove it first." >&2
  exit 2
fi

# --- tools (scripts/setup-machine.sh --desktop-test says which and why): jpackage's binutils, fakeroot, rpm; Xvfb,
# a window manager and xdotool for the GUI checks and the newcomer path; GTK; import; xwininfo; desktop-file-validate.
scripts/setup-machine.sh --desktop-test
. scripts/jdk.sh # JAVA_HOME: a JDK 25 (jlink, jpackage, and the emulator of the newcomer path)

# --- build
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  start=$(now_ms)
  mvn -B -q -pl packaging -am -DskipTests "-Dbuild.dir.name=$BUILD_DIR_NAME" -Pdeb,rpm package
  echo "build: mvn -B -q -pl packaging -am -DskipTests -Pdeb,rpm package took $(( ($(now_ms) - start) / 1000 )) s"
fi
deb=$(ls "$DIST"/oxisync_*.deb)
rpm_file=$(ls "$DIST"/oxisync-*.rpm)
mkdir -p "$OUT"
deb_bytes=$(stat -c %s "$deb")
rpm_bytes=$(stat -c %s "$rpm_file")
echo "deb: $deb $((deb_bytes / 1024 / 1024)) MB ($deb_bytes bytes)"
echo "rpm: $rpm_file $((rpm_bytes / 1024 / 1024)) MB ($rpm_bytes bytes)"
goal "the .deb is at most 60 MB" test "$deb_bytes" -le $((60 * 1024 * 1024))

# --- install the .deb
start=$(now_ms)
$SUDO apt-get install -y -qq "$(realpath "$deb")" >"$OUT/apt-install.log" 2>&1 || { cat "$OUT/apt-install.log"; exit 1; }
echo "install: apt-get install ./$(basename "$deb") took $(( $(now_ms) - start )) ms"
check "/usr/bin/oxisync links to the CLI launcher" test "$(readlink /usr/bin/oxisync)" = /opt/oxisync/bin/oxisync
check "oxisync is on the PATH" test "$(command -v oxisync)" = /usr/bin/oxisync
check "desktop entry installed" test -f /usr/share/applications/oxisync.desktop
check "systemd user unit installed" test -f /usr/lib/systemd/user/oxisync.service
check "AOT cache trained by postinst" test -s /opt/oxisync/lib/app/oxisync.aot
check "GUI launcher installed" test -x /opt/oxisync/bin/OxiSync
check "desktop entry is valid (desktop-file-validate)" desktop-file-validate /usr/share/applications/oxisync.desktop
if command -v systemd-analyze >/dev/null 2>&1; then
  check "systemd unit is valid (systemd-analyze verify)" systemd-analyze verify /usr/lib/systemd/user/oxisync.service
fi

# --- reinstalling runs prerm (upgrade) and postinst again: the integration must survive it
$SUDO apt-get install -y -qq --reinstall "$(realpath "$deb")" >"$OUT/apt-reinstall.log" 2>&1 || { cat "$OUT/apt-reinstall.log"; exit 1; }
check "after a reinstall: link, desktop entry, unit and AOT cache are there" test -L /usr/bin/oxisync \
  -a -f /usr/share/applications/oxisync.desktop -a -f /usr/lib/systemd/user/oxisync.service -a -s /opt/oxisync/lib/app/oxisync.aot

# --- the CLI from the installed package
version_out=$(oxisync --version 2>"$OUT/version.err") && rc=0 || rc=$?
echo "oxisync --version -> rc=$rc: $version_out"
check "oxisync --version exits 0 and prints something" test "$rc" = 0 -a -n "$version_out"
check "oxisync --version names the build's version, not a development build" \
  bash -c '! grep -q "development build" <<<"$1" && grep -Eq "^oxisync [0-9]" <<<"$1"' _ "$version_out"
check "no 'Using incubator modules' warning on stderr" bash -c '! grep -q "incubator" "$1"' _ "$OUT/version.err"
check "man oxisync is installed" test -s /usr/share/man/man1/oxisync.1.gz
check "the man page is valid roff naming every command" bash -c \
  'zcat /usr/share/man/man1/oxisync.1.gz | grep -q "^.SS \"oxisync conflicts resolve"' 
check "the app jar lists its third-party components (dbus-java among them; Bouncy Castle exactly when shipped)" python3 -c '
import sys, zipfile
jar = zipfile.ZipFile("/opt/oxisync/lib/app/oxisync.jar")
names = jar.read("META-INF/oxisync/third-party.txt").decode()
bc_shipped = any(n.startswith("org/bouncycastle/") for n in jar.namelist())
sys.exit(0 if "dbus-java" in names and ("bouncycastle" in names) == bc_shipped else 1)'
check "oxisync help status (README)" bash -c 'oxisync help status | grep -q -- "--json"'
check "oxisync --home DIR status (README: --home before the command)" \
  bash -c 'oxisync --home "$1/home-first" status | grep -q "not logged in"' _ "$OUT"
# every command, the daemon and the desktop app run with the full JIT, compact object headers and the AOT cache
check "oxisync sync-once maps the AOT cache postinst trained" bash -c \
  'OXISYNC_JAVA_OPTS=-Xlog:aot=info:stdout oxisync --home "$1/jit" status 2>/dev/null | grep -q "Opened AOT cache /opt/oxisync/"' _ "$OUT"
check "no launcher limits the JIT" bash -c \
  'OXISYNC_JAVA_OPTS=-XX:+PrintCommandLineFlags oxisync --home "$1/jit" status 2>/dev/null | grep -q "UseCompactObjectHeaders" \
   && ! grep -q TieredStopAtLevel /opt/oxisync/lib/app/OxiSync.cfg && grep -qx "java-options=-XX:AOTCache=\$APPDIR/oxisync.aot" /opt/oxisync/lib/app/OxiSync.cfg' _ "$OUT"
check "the systemd unit starts the daemon through the launcher" \
  grep -q "^ExecStart=/opt/oxisync/bin/oxisync daemon" /usr/lib/systemd/user/oxisync.service
times=()
for _ in $(seq 1 "$RUNS"); do
  start=$(now_ms); oxisync --version >/dev/null 2>&1; times+=($(( $(now_ms) - start )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
median=${sorted[$(( RUNS / 2 ))]}
echo "timing: oxisync --version, $RUNS runs, median ${median} ms, min ${sorted[0]} ms, max ${sorted[$((RUNS - 1))]} ms"
goal "oxisync --version under 500 ms (median)" test "$median" -lt 500


# the emulator stays out of the package: `oxisync demo` runs from a source checkout (scripts/demo.sh)
check "the app jar holds no emulator class" bash -c \
  '! python3 -c "import zipfile,sys; sys.exit(0 if any(n.startswith(\"org/oxisync/emulator/\") for n in zipfile.ZipFile(\"/opt/oxisync/lib/app/oxisync.jar\").namelist()) else 1)"'
check "the installed oxisync does not list demo" bash -c '! oxisync --help | grep -qw demo'
check "the installed oxisync demo says where the demo runs (exit 2)" bash -c \
  'oxisync demo >/dev/null 2>"$1/demo.err"; test $? = 2 && grep -q "scripts/demo.sh" "$1/demo.err"' _ "$OUT"

# --- the GUI under Xvfb: wait for a real window whose title names OxiSync (first run: "Set up OxiSync"; GTK also
#     makes a 10x10 leader window titled "OxiSync"), screenshot
shot="$OUT/oxisync-gui.png"
rm -f "$shot"
xvfb-run -a -s "-screen 0 1024x768x24" bash -c '
  /opt/oxisync/bin/OxiSync >"$1/gui.log" 2>&1 & pid=$!
  for _ in $(seq 1 120); do
    if xwininfo -root -tree | grep "OxiSync" | grep -qv " 10x10+"; then break; fi
    kill -0 $pid 2>/dev/null || break
    sleep 0.25
  done
  sleep 1
  xwininfo -root -tree | grep "OxiSync" >"$1/gui-windows.txt" || true
  import -window root "$2"
  kill $pid 2>/dev/null; wait $pid 2>/dev/null || true' _ "$OUT" "$shot"
check "GUI opened an OxiSync window" grep -qv " 10x10+" "$OUT/gui-windows.txt"
check "GUI screenshot saved ($shot)" test -s "$shot"
# issue 18 #30: the one GTK line is JavaFX's known XSetErrorHandler warning with AWT (the tray) on GTK 3
# (JDK-8156779, harmless; docs/first-use.md); any other GTK warning or critical fails
check "the app prints no GTK warning but JDK-8156779's" bash -c '! grep -i "gdk-\|gtk-" "$1" | grep -qv "XSetErrorHandler() called with a GDK error trap pushed"' _ "$OUT/gui.log"
# README: `oxisync` with no arguments opens the desktop app in the installed package (and autostart entries run it)
xvfb-run -a -s "-screen 0 1024x768x24" bash -c '
  oxisync --home "$1/noargs-home" >"$1/noargs.log" 2>&1 & pid=$!
  for _ in $(seq 1 120); do
    if xwininfo -root -tree | grep "OxiSync" | grep -qv " 10x10+"; then break; fi
    kill -0 $pid 2>/dev/null || break
    sleep 0.25
  done
  xwininfo -root -tree | grep "OxiSync" >"$1/noargs-windows.txt" || true
  kill $pid 2>/dev/null; wait $pid 2>/dev/null || true' _ "$OUT"
check "oxisync without arguments opens the desktop app" grep -qv " 10x10+" "$OUT/noargs-windows.txt"

# --- the newcomer path: wizard by keyboard in Xvfb + openbox against the emulator, quit, start again
start=$(now_ms)
# shellcheck source=packaging/newcomer-path.sh
source packaging/newcomer-path.sh
echo "newcomer path took $(( ($(now_ms) - start) / 1000 )) s (screenshots: $OUT/newcomer-*.png)"

# --- purge and look for leftovers
start=$(now_ms)
$SUDO apt-get purge -y -qq oxisync >"$OUT/apt-purge.log" 2>&1 || { cat "$OUT/apt-purge.log"; exit 1; }
echo "purge: apt-get purge oxisync took $(( $(now_ms) - start )) ms"
for path in /opt/oxisync /usr/bin/oxisync /usr/share/applications/oxisync.desktop /usr/lib/systemd/user/oxisync.service; do
  check "purge removed $path" test ! -e "$path" -a ! -L "$path"
done
check "dpkg forgot the package" bash -c '! dpkg-query -W oxisync >/dev/null 2>&1'
check "purge does not warn about /opt" bash -c '! grep -q "not empty so not removed" "$1"' _ "$OUT/apt-purge.log"
check "purge removed the man page" test ! -e /usr/share/man/man1/oxisync.1.gz

# --- the .rpm: contents, dependencies and scripts
rpm_list=$(rpm -qlp "$rpm_file" 2>/dev/null)
for path in /opt/oxisync/bin/OxiSync /opt/oxisync/bin/oxisync /opt/oxisync/lib/app/oxisync.jar /usr/bin/oxisync \
            /usr/share/man/man1/oxisync.1.gz \
            /usr/share/applications/oxisync.desktop /usr/lib/systemd/user/oxisync.service; do
  check "rpm contains $path" grep -qx "$path" <<<"$rpm_list"
done
check "rpm owns no shared system folders" bash -c '! grep -qx -e /usr/share/applications -e /usr/lib/systemd/user -e /usr/bin -e /opt <<<"$1"' _ "$rpm_list"
check "rpm requires gtk3" bash -c 'rpm -qp --requires "$1" 2>/dev/null | grep -qx gtk3' _ "$rpm_file"
check "rpm %post trains the AOT cache" bash -c 'rpm -qp --scripts "$1" 2>/dev/null | grep -q AOTCacheOutput' _ "$rpm_file"

echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
