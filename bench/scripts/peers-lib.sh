#!/usr/bin/env bash
# Peer-client helpers for bench/scripts/e2e-peers.sh and nextcloud-crosscheck.sh; sourced after e2e-lib.sh.
# Needs nextcloudcmd (Debian: nextcloud-desktop-cmd) and, for the rclone rows, rclone. peers_install installs them
# through apt when they are missing and apt is usable (root); otherwise it stops with the command to run.

peers_install() {
    local missing=()
    command -v nextcloudcmd > /dev/null || missing+=(nextcloud-desktop-cmd)
    command -v rclone > /dev/null || missing+=(rclone)
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null \
            || e2e_die "apt-get install ${missing[*]} failed"
    else
        e2e_die "missing ${missing[*]}: sudo apt-get install -y --no-install-recommends ${missing[*]}"
    fi
}

# app_password: an app password of alice (POST /api/auth/app-passwords from a Bearer session); sets APP_PW.
app_password() {
    local tok
    tok=$(curl -sf -X POST -H 'Content-Type: application/json' -d '{"username":"alice","password":"secret"}' \
        "$EMU_URL/api/auth/login" | jq -r .access_token)
    APP_PW=$(curl -sf -X POST -H "Authorization: Bearer $tok" -H 'Content-Type: application/json' \
        -d '{"label":"peers"}' "$EMU_URL/api/auth/app-passwords" | jq -r .password)
    [ -n "$APP_PW" ] && [ "$APP_PW" != null ] || e2e_die "no app password"
}

# nc_run LOCAL_DIR REMOTE_PATH TAG: one `nextcloudcmd` run under GNU time; sets WALL_MS, CPU_MS, RSS_KIB, NC_RC.
# NC_ARGS adds options. The remote folder must exist (nextcloudcmd --path does not create it).
nc_run() {
    local t0 t1
    mkdir -p "$1"
    t0=$(now_ms)
    NC_RC=0
    # shellcheck disable=SC2086
    /usr/bin/time -v -o "$WORK/$3.time" nextcloudcmd --non-interactive -u alice -p "$APP_PW" --path "$2" \
        ${NC_ARGS:-} "$1" "${CLIENT_URL:-$EMU_URL}" > "$WORK/$3.nc.log" 2>&1 || NC_RC=$?
    t1=$(now_ms)
    WALL_MS=$((t1 - t0))
    RSS_KIB=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$WORK/$3.time")
    CPU_MS=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%d", s * 1000}' "$WORK/$3.time")
}

# rclone_run TAG ARGS...: one rclone command against the emulator's WebDAV (vendor nextcloud) under GNU time.
rclone_run() {
    local tag=$1 t0 t1
    shift
    local obscured
    obscured=$(rclone obscure "$APP_PW")
    t0=$(now_ms)
    RC_RC=0
    RCLONE_CONFIG_OXI_TYPE=webdav RCLONE_CONFIG_OXI_URL="${CLIENT_URL:-$EMU_URL}/remote.php/dav/files/alice" \
        RCLONE_CONFIG_OXI_VENDOR=nextcloud RCLONE_CONFIG_OXI_USER=alice RCLONE_CONFIG_OXI_PASS="$obscured" \
        /usr/bin/time -v -o "$WORK/$tag.time" rclone --config /dev/null "$@" > "$WORK/$tag.rclone.log" 2>&1 || RC_RC=$?
    t1=$(now_ms)
    WALL_MS=$((t1 - t0))
    RSS_KIB=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$WORK/$tag.time")
    CPU_MS=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%d", s * 1000}' "$WORK/$tag.time")
}

# same_tree A B: true when the two folders hold the same relative paths with the same bytes (client metadata
# such as .sync_*.db, .nextcloudsync.log and .oxisync excluded).
same_tree() {
    diff -r -x '.sync_*' -x '.nextcloudsync.log' -x '.oxisync*' -x '.owncloudsync.log' "$1" "$2" > "$WORK/diff.txt"
}
