#!/usr/bin/env bash
# The newcomer path of issue 18, in a real X server, against the installed package: Xvfb + a window manager
# (openbox), the OxiCloud emulator of this checkout on loopback, the installed desktop app started from its
# launcher, the setup wizard completed by keyboard only (xdotool: type the address, choose the password sign-in,
# Enter through the steps), the app quit by keyboard (Alt+F4, then the quit question), started again: the main
# window must come back at the size and place it was left at, and the folder pair must exist.
#
# Sourced by packaging/smoke-test.sh after the .deb is installed (it uses that script's check/pass/fail and $OUT);
# run alone (with the package installed): bash packaging/newcomer-path.sh. Needs xvfb, xdotool and openbox
# (scripts/setup-machine.sh --desktop-test installs them) and the emulator jar of this checkout's build.
# Keys are sent with pauses and every step waits for a visible effect where there is one; screenshots of every
# step go to $OUT/newcomer-*.png, which is the first place to look when a check fails.
nc_errexit=${-//[^e]/} # sourced by smoke-test.sh, which runs with -e: a failed step here is a FAIL line, not an exit
set +e -uo pipefail
if [ -z "${OUT:-}" ]; then # run alone
  cd "$(dirname "$0")/.."
  BUILD_DIR_NAME="${BUILD_DIR_NAME:-target}"
  OUT="packaging/$BUILD_DIR_NAME/smoke"
  passed=0; failed=0
  pass() { passed=$((passed + 1)); echo "PASS: $*"; }
  fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
  check() { local what="$1"; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
  standalone=1
fi
mkdir -p "$OUT"
nc_dir=$(realpath "$OUT")/newcomer
rm -rf "$nc_dir"
mkdir -p "$nc_dir/user" "$nc_dir/server"
emulator_jar=$(ls emulator/"${BUILD_DIR_NAME:-target}"/oxicloud-emulator.jar 2>/dev/null | head -1)
nc_pids=()
nc_cleanup() {
  for p in "${nc_pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${nc_pids[@]}"; do wait "$p" 2>/dev/null; done
  nc_pids=()
}
trap nc_cleanup EXIT

nc_shot() { import -display "$DISPLAY" -window root "$nc_dir/../newcomer-$1.png" 2>/dev/null || true; }
# waits up to $1 seconds for a visible window whose title is exactly $2; prints its id
nc_window() {
  local deadline=$(( $(date +%s) + $1 )) id
  while [ "$(date +%s)" -lt "$deadline" ]; do
    for id in $(xdotool search --onlyvisible --name "^$2\$" 2>/dev/null); do
      # not GTK's 10x10 leader window, which carries the app's name too
      if [ "$(xdotool getwindowgeometry --shell "$id" 2>/dev/null | sed -n 's/^WIDTH=//p')" -gt 100 ] 2>/dev/null; then
        echo "$id"; return 0
      fi
    done
    sleep 0.5
  done
  return 1
}
nc_key() { xdotool key --delay 120 "$@"; sleep 0.7; }
nc_type() { xdotool type --delay 40 "$1"; sleep 0.5; }
# waits up to $1 seconds until the command after it succeeds
nc_until() {
  local deadline=$(( $(date +%s) + $1 )); shift
  while [ "$(date +%s)" -lt "$deadline" ]; do "$@" && return 0; sleep 0.5; done
  return 1
}
nc_geometry() { # prints "W H X Y" of window $1 as the window manager placed it
  xdotool getwindowgeometry --shell "$1" | awk -F= '/^WIDTH/{w=$2}/^HEIGHT/{h=$2}/^X/{x=$2}/^Y/{y=$2}END{print w, h, x, y}'
}

if [ -z "$emulator_jar" ] || ! command -v xdotool >/dev/null || ! command -v openbox >/dev/null || ! command -v Xvfb >/dev/null; then
  fail "newcomer path: needs emulator/${BUILD_DIR_NAME:-target}/oxicloud-emulator.jar (the build) and xvfb, xdotool, openbox (scripts/setup-machine.sh --desktop-test)"
else
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  java -jar "$emulator_jar" --port "$port" --data "$nc_dir/server" --user alice:secret >"$nc_dir/emulator.log" 2>&1 &
  nc_pids+=($!)
  display=":$(( 90 + RANDOM % 100 ))"
  Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$nc_dir/xvfb.log" 2>&1 &
  nc_pids+=($!)
  export DISPLAY=$display
  nc_until 20 xdpyinfo >/dev/null 2>&1 || true
  openbox >"$nc_dir/openbox.log" 2>&1 &
  nc_pids+=($!)
  nc_until 30 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port" 2>/dev/null
  check "newcomer: the emulator answers on 127.0.0.1:$port" bash -c "exec 3<>/dev/tcp/127.0.0.1/$port" 2>/dev/null

  # a new user: own HOME (the wizard offers ~/OxiSync), own OXISYNC_HOME, no keyring (the password falls back to a file)
  export_env=(env HOME="$nc_dir/user" OXISYNC_HOME="$nc_dir/home" XDG_CONFIG_HOME="$nc_dir/user/.config"
              DBUS_SESSION_BUS_ADDRESS=disabled: DISPLAY="$display")
  "${export_env[@]}" /opt/oxisync/bin/OxiSync >"$nc_dir/app-1.log" 2>&1 &
  app=$!
  nc_pids+=($app)
  win=$(nc_window 90 "Set up OxiSync")
  check "newcomer: the first start opens the setup wizard" test -n "$win"
  if [ -n "$win" ]; then
    xdotool windowactivate --sync "$win" 2>/dev/null; sleep 1
    nc_shot 1-server
    nc_key alt+a                       # Server _address
    nc_type "http://127.0.0.1:$port"
    nc_key Return                      # Continue: the server is checked
    sleep 10; nc_shot 2-sign-in-method
    nc_key Down                        # from "In the browser" to "With user name and password"
    nc_key alt+u; nc_type alice        # _User name
    nc_key alt+w; nc_type secret       # Pass_word
    nc_shot 2b-password
    nc_key Return                      # Sign in
    sleep 12; nc_shot 3-remote-folder
    nc_key Return                      # the server's folder tree ("All files" selected): Continue
    sleep 8; nc_shot 4-local-folder
    nc_key ctrl+a; nc_type "$nc_dir/user/OxiSync" # the field has the focus (its default is under $HOME; this run chooses its own)
    sleep 2
    nc_key Return                      # Continue (both sides empty: no selection step, straight to the review)
    sleep 10; nc_shot 6-review
    nc_key Return                      # Start syncing
    main_win=$(nc_window 60 "OxiSync")
    nc_shot 7-main
    check "newcomer: the wizard completed by keyboard leads to the main window" test -n "$main_win"
    check "newcomer: the wizard made the chosen local folder" test -d "$nc_dir/user/OxiSync"
    if [ -n "$main_win" ]; then
      # the user makes the window larger and moves it; then quits by keyboard
      xdotool windowsize --sync "$main_win" 1000 700 2>/dev/null; xdotool windowmove --sync "$main_win" 120 60 2>/dev/null
      sleep 1.5
      read -r w1 h1 x1 y1 < <(nc_geometry "$main_win")
      echo "newcomer: main window left at ${w1}x${h1}+${x1}+${y1}"
      nc_shot 8-resized
      xdotool windowactivate --sync "$main_win" 2>/dev/null
      nc_key alt+F4                    # the window manager closes the window: no tray here, so the app asks
      sleep 2; nc_shot 9-quit-question
      nc_key Tab Tab space             # Minimize (default) -> Cancel -> Quit and stop syncing
      nc_until 30 bash -c "! kill -0 $app 2>/dev/null"
      check "newcomer: the app quits by keyboard (Alt+F4, then the quit question)" bash -c "! kill -0 $app 2>/dev/null"
      check "newcomer: the window's size and place were saved" grep -q "^window.main" "$nc_dir/home/ui.properties"

      "${export_env[@]}" /opt/oxisync/bin/OxiSync >"$nc_dir/app-2.log" 2>&1 &
      app=$!
      nc_pids+=($app)
      again=$(nc_window 90 "OxiSync")
      sleep 3
      nc_shot 10-second-start
      check "newcomer: the second start opens the main window, not the wizard" test -n "$again"
      if [ -n "$again" ]; then
        read -r w2 h2 x2 y2 < <(nc_geometry "$again")
        echo "newcomer: main window back at ${w2}x${h2}+${x2}+${y2}"
        check "newcomer: the window comes back at its size (${w1}x${h1} -> ${w2}x${h2})" \
          test "$(( (w2 - w1) * (w2 - w1) + (h2 - h1) * (h2 - h1) ))" -le 64
        check "newcomer: the window comes back at its place (+${x1}+${y1} -> +${x2}+${y2}, within the frame's size)" \
          test "$(( (x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1) ))" -le 1600
      fi
      kill "$app" 2>/dev/null; wait "$app" 2>/dev/null
      check "newcomer: the folder pair exists (oxisync pair list)" bash -c \
        'OXISYNC_HOME="$1/home" HOME="$1/user" oxisync pair list 2>&1 | tee "$1/pair-list.txt" | grep -q "$1/user/OxiSync"' _ "$nc_dir"
    fi
  fi
  nc_cleanup
fi
trap - EXIT
[ -z "$nc_errexit" ] || set -e
if [ -n "${standalone:-}" ]; then
  echo; echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]
fi
