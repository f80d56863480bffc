#!/usr/bin/env bash
# Peer benchmark: the same workloads through `oxisync sync-once`, `nextcloudcmd` (Nextcloud desktop
# client 3.7, through the emulator's Nextcloud-compatible WebDAV layer) and `rclone` (webdav, vendor nextcloud),
# against one emulator, in one run. Each client works in its own remote folder of the same user. Per workload and
# client: wall time (process start included), client CPU, bytes on the wire up (request bodies the emulator
# received) and down (response bodies it sent), requests, the emulator's CPU time during the run ("server cpu": it
# shares the machine's cores with the client), and the ratio ours/theirs. The emulator hashes at the real server's
# speed class unless E2E_EMU_HASH=bc (e2e-lib.sh).
#
# usage: bench/scripts/e2e-peers.sh [SMALL_N=1000] [BIG_MIB=256] [EDIT_FILE_MIB=256]
#   The issue's figures: 10000 small files, a 1024 MiB file, a 1 MiB edit in a 256 MiB file.
# env: PEERS_RCLONE=0 skips rclone; PEERS_ONLY=large runs only big-up, edit-up and edit-down; PEERS_ONLY=nochange
#   runs only the no-change workload over SMALL_N files, with the server seeded in bulk (POST /_emulator/seed) instead
#   of by each client's first upload: oxisync's first sync is then a join, nextcloudcmd's a download into an empty
#   folder (its only way to learn the tree), neither measured; the issue's 100,000 files take minutes instead of an
#   hour this way. PEERS_LINK=MBIT/DELAY_MS: every client reaches the emulator through a simulated link (LinkProxy:
#   MBIT megabits a second each way, shared by all connections, DELAY_MS one-way delay; e.g. 100/10 for a home
#   server over a good connection) instead of loopback; the emulator's counters are read directly. The client then
#   gets -Doxisync.upload.earlySendBytes=67108864 (what it chooses by itself for a server that is not on this
#   machine: EarlySendPolicy; the proxy's address is 127.0.0.1) unless OXISYNC_JAVA_OPTS names that property.
#   See e2e-lib.sh for the rest.
# Workloads: small-up (first sync of N files of 1..16 KiB up), small-down (the same tree into an empty folder),
#   no-change (a run over the N files with nothing changed), renames (min(1000, N) files renamed in place),
#   folder-move (the first top folder, up to 10,000 files, moved into a new folder), big-up (one file up),
#   edit-up (1 MiB overwritten in the middle of a file both sides hold, then a sync), edit-down (a second device
#   holding the old file brings that edit down).
#   The issue's no-change figure is over 100,000 files: SMALL_N=100000 (the first syncs then take long).
# nextcloudcmd note: OxiCloud 0.8.7 answers the chunked-upload MOVE without OC-FileId, which nextcloudcmd 3.7
#   treats as an error ("Missing File ID from server") and blacklists the file, so files above its chunk size
#   (10 MB) never sync cleanly. The benchmark raises nextcloudcmd's chunk size above the file
#   (OWNCLOUD_CHUNK_SIZE / OWNCLOUD_MAX_CHUNK_SIZE) so it sends one PUT, its best case on this server. One PUT is
#   capped at OXICLOUD_DIRECT_PUT_MAX_BYTES (1 GiB; 413 above, as the emulator now answers too), so against 0.8.7
#   nextcloudcmd cannot upload a file above 1 GiB at all: BIG_MIB above 1024 makes its big-up fail.
set -euo pipefail
. "$(dirname "$0")/e2e-lib.sh"
. "$(dirname "$0")/peers-lib.sh"
small_n=${1:-1000}
big_mib=${2:-256}
edit_mib=${3:-256}

e2e_init
peers_install
use_rclone=${PEERS_RCLONE:-1}
command -v rclone > /dev/null || use_rclone=0
echo "== peers: oxisync vs nextcloudcmd $(nextcloudcmd --version 2>/dev/null | grep -o 'version [0-9.]*' | head -1)" \
     "$( [ "$use_rclone" = 1 ] && rclone version | head -1) =="
machine
emu_start
if [ -n "${PEERS_LINK:-}" ]; then
    link_start "${PEERS_LINK%/*}" "${PEERS_LINK#*/}"
    echo "link: ${PEERS_LINK%/*} Mbit/s each way, ${PEERS_LINK#*/} ms one way (LinkProxy at $CLIENT_URL)"
    case "${OXISYNC_JAVA_OPTS:-}" in
        *oxisync.upload.earlySendBytes*) ;;
        *) export OXISYNC_JAVA_OPTS="${OXISYNC_JAVA_OPTS:+$OXISYNC_JAVA_OPTS }-Doxisync.upload.earlySendBytes=67108864" ;;
    esac
    echo "client JVM options over the link: $OXISYNC_JAVA_OPTS"
fi
app_password
mkcol() { curl -sf -o /dev/null -u "alice:$APP_PW" -X MKCOL "$EMU_URL/remote.php/dav/files/alice/$1"; }

RESULTS="$WORK/results.txt"
: > "$RESULTS"
# measure WORKLOAD CLIENT COMMAND...: runs the command between a stats reset and a read; appends a result line.
measure() {
    local w=$1 c=$2
    shift 2
    sleep 1 # the emulator's tree-ETag flusher (500 ms) settles the previous step
    emu_reset
    local emu0 emu1
    emu0=$(emu_cpu_ms)
    "$@"
    emu1=$(emu_cpu_ms)
    local req up down
    req=$(emu_sum requests); up=$(emu_sum bytes_received); down=$(emu_sum bytes_sent)
    echo "$w $c $WALL_MS $CPU_MS $up $down $req $((emu1 - emu0))" >> "$RESULTS"
    printf '  %-10s %-12s wall %8s ms  cpu %8s ms  up %12s B  down %12s B  requests %6s  server cpu %6s ms\n' \
        "$w" "$c" "$WALL_MS" "$CPU_MS" "$up" "$down" "$req" "$((emu1 - emu0))"
}
oxi() { sync_run "$1" "$2"; }
nc() { nc_run "$1" "$2" "$3"; [ "$NC_RC" = 0 ] || { tail -5 "$WORK/$3.nc.log" >&2; e2e_die "nextcloudcmd ($3) exited $NC_RC"; }; }
rc() { rclone_run "$@"; [ "$RC_RC" = 0 ] || { tail -5 "$WORK/$1.rclone.log" >&2; e2e_die "rclone ($1) exited $RC_RC"; }; }

# The first sync-once of a newly built jar records its class list and leaves an AppCDS archive for the next runs
# (the launcher; the installed packages make theirs at install time): one run over an empty pair first, so that
# small-up is measured as every later run of an installed client starts, not as the first run after a build.
client_new "$WORK/home-warm" "$WORK/oxi-warm" /oxi-warm
oxi "$WORK/home-warm" cds-warm-up
if [ "${PEERS_ONLY:-}" = nochange ]; then
    helper TreeGen tree "$WORK/small" "$small_n" 1024 16384 7 > /dev/null
    for d in oxi-small nc-small; do
        curl -sf -X POST "$EMU_URL/_emulator/seed" -H 'Content-Type: application/json' \
            -d "{\"username\":\"alice\",\"local_dir\":\"$WORK/small\",\"remote_path\":\"/$d\"}" > /dev/null \
            || e2e_die "the bulk seed of /$d failed (emulator log: $WORK/emu.err)"
    done
    cp -r "$WORK/small" "$WORK/oxi-small"
    client_new "$WORK/home-up" "$WORK/oxi-small" /oxi-small
    oxi "$WORK/home-up" join-oxi
    echo "  (oxisync's join of $small_n files: wall $WALL_MS ms, cpu $CPU_MS ms; not a peer workload)"
    oxi "$WORK/home-up" settle-oxi
    nc "$WORK/nc-small" /nc-small first-nc
    echo "  (nextcloudcmd's first sync, a download of $small_n files: wall $WALL_MS ms, cpu $CPU_MS ms)"
    same_tree "$WORK/small" "$WORK/nc-small" || e2e_die "nextcloudcmd's download differs from the seeded tree"
    measure no-change oxisync oxi "$WORK/home-up" no-change-oxi
    measure no-change nextcloudcmd nc "$WORK/nc-small" /nc-small no-change-nc
    measure no-change oxisync oxi "$WORK/home-up" no-change-oxi2
    measure no-change nextcloudcmd nc "$WORK/nc-small" /nc-small no-change-nc2
fi
only_large=0
[ "${PEERS_ONLY:-}" = large ] && only_large=1
if [ "${PEERS_ONLY:-}" = nochange ]; then
    only_large=2
fi
if [ "$only_large" = 0 ]; then
# ---- small files up and down
# each client its own tree (another seed: the same names and layout, other bytes and sizes), kept as it was sent in
# $WORK/small-CLIENT: a tree another client had sent first would be mostly known to the server (see big-up)
seed=7
for c in oxi nc rc; do
    helper TreeGen tree "$WORK/small-$c" "$small_n" 1024 16384 $seed > /dev/null
    cp -r "$WORK/small-$c" "$WORK/$c-small"
    seed=$((seed + 100))
done
client_new "$WORK/home-up" "$WORK/oxi-small" /oxi-small
measure small-up oxisync oxi "$WORK/home-up" small-up-oxi
mkcol nc-small
measure small-up nextcloudcmd nc "$WORK/nc-small" /nc-small small-up-nc
if [ "$use_rclone" = 1 ]; then measure small-up rclone rc small-up-rc copy "$WORK/rc-small" oxi:rc-small; fi

client_new "$WORK/home-down" "$WORK/oxi-small-down" /oxi-small
measure small-down oxisync oxi "$WORK/home-down" small-down-oxi
measure small-down nextcloudcmd nc "$WORK/nc-small-down" /nc-small small-down-nc
if [ "$use_rclone" = 1 ]; then measure small-down rclone rc small-down-rc copy oxi:rc-small "$WORK/rc-small-down"; fi
same_tree "$WORK/small-oxi" "$WORK/oxi-small-down" || e2e_die "oxisync small-down differs"
same_tree "$WORK/small-nc" "$WORK/nc-small-down" || e2e_die "nextcloudcmd small-down differs"

# ---- a run with nothing changed, over the whole small tree
measure no-change oxisync oxi "$WORK/home-up" no-change-oxi
measure no-change nextcloudcmd nc "$WORK/nc-small" /nc-small no-change-nc
if [ "$use_rclone" = 1 ]; then measure no-change rclone rc no-change-rc sync "$WORK/rc-small" oxi:rc-small; fi

# ---- renames: the first min(1000, N) files renamed in place (fNNNNNNN.bin -> rNNNNNNN.bin); rclone has no
#      rename detection without hashes on this server, so it uploads the new names and deletes the old ones.
renames=$(( small_n < 1000 ? small_n : 1000 ))
rename_files() { # DIR: renames the first $renames files of TreeGen's layout
    local i f
    for ((i = 0; i < renames; i++)); do
        f=$(printf '%s/t%02d/d%04d/f%07d.bin' "$1" $((i / 10000)) $((i / 100)) "$i")
        mv "$f" "${f%/f*}/r${f##*/f}"
    done
}
for c in oxi nc rc; do rename_files "$WORK/$c-small"; done
measure renames oxisync oxi "$WORK/home-up" renames-oxi
measure renames nextcloudcmd nc "$WORK/nc-small" /nc-small renames-nc
if [ "$use_rclone" = 1 ]; then measure renames rclone rc renames-rc sync "$WORK/rc-small" oxi:rc-small; fi

# ---- a folder move: the first top folder (t00: up to 10,000 files in 100 folders) moved into a new folder
for c in oxi nc rc; do mkdir -p "$WORK/$c-small/moved"; mv "$WORK/$c-small/t00" "$WORK/$c-small/moved/t00"; done
moved=$(find "$WORK/oxi-small/moved" -type f | wc -l)
measure folder-move oxisync oxi "$WORK/home-up" folder-move-oxi
measure folder-move nextcloudcmd nc "$WORK/nc-small" /nc-small folder-move-nc
if [ "$use_rclone" = 1 ]; then measure folder-move rclone rc folder-move-rc sync "$WORK/rc-small" oxi:rc-small; fi
echo "  (renames: $renames files; folder-move: $moved files)"
# the server side is right: a second client of each kind brings the renames and the move down
oxi "$WORK/home-down" verify-oxi
same_tree "$WORK/oxi-small" "$WORK/oxi-small-down" || e2e_die "oxisync renames/move did not reach the server intact"
nc "$WORK/nc-small-down" /nc-small verify-nc
same_tree "$WORK/nc-small" "$WORK/nc-small-down" || e2e_die "nextcloudcmd renames/move did not reach the server intact"
fi

if [ "$only_large" != 2 ]; then
# ---- one big file up, then a 1 MiB edit in the middle of a file both sides hold
export OWNCLOUD_CHUNK_SIZE=$(( (big_mib > edit_mib ? big_mib : edit_mib) * 1048576 + 1048576 ))
export OWNCLOUD_MAX_CHUNK_SIZE=$OWNCLOUD_CHUNK_SIZE OWNCLOUD_MIN_CHUNK_SIZE=1048576
# Each client gets content of its own (another seed, the same size): the server keeps one copy of every chunk for
# all folders (0.8.7's dedup store), so a client sending bytes another client has sent before would only be told,
# or find, that the server has them. Until 2026-12-07 the three files were copies, and the peers, which run after
# oxisync, uploaded chunks the emulator already held (it skips writing a chunk it has): 2.8 s of server CPU for
# nextcloudcmd's GiB against 11.9 s for oxisync's (bench/README.md "Twentieth session").
seed=11
for c in oxi nc rc; do
    mkdir -p "$WORK/$c-big"
    helper TreeGen file "$WORK/$c-big/big.bin" $((big_mib * 1048576)) $seed > /dev/null
    seed=$((seed + 100))
done
client_new "$WORK/home-big" "$WORK/oxi-big" /oxi-big
mkcol nc-big
measure big-up oxisync oxi "$WORK/home-big" big-up-oxi
measure big-up nextcloudcmd nc "$WORK/nc-big" /nc-big big-up-nc
if [ "$use_rclone" = 1 ]; then measure big-up rclone rc big-up-rc copy "$WORK/rc-big" oxi:rc-big; fi

seed=21
for c in oxi nc rc; do # content of its own for each client, as above
    mkdir -p "$WORK/$c-edit"
    helper TreeGen file "$WORK/$c-edit/edit.bin" $((edit_mib * 1048576)) $seed > /dev/null
    seed=$((seed + 100))
done
client_new "$WORK/home-edit" "$WORK/oxi-edit" /oxi-edit
mkcol nc-edit
oxi "$WORK/home-edit" edit-seed-oxi
nc "$WORK/nc-edit" /nc-edit edit-seed-nc
if [ "$use_rclone" = 1 ]; then rc edit-seed-rc copy "$WORK/rc-edit" oxi:rc-edit; fi
# a second device of each kind holds the same file before the edit; it brings the edit down (edit-down)
for c in oxi nc rc; do mkdir -p "$WORK/$c-edit2"; cp -p "$WORK/$c-edit/edit.bin" "$WORK/$c-edit2/edit.bin"; done
client_new "$WORK/home-edit2" "$WORK/oxi-edit2" /oxi-edit
oxi "$WORK/home-edit2" edit2-seed-oxi
nc "$WORK/nc-edit2" /nc-edit edit2-seed-nc
seed=22
for c in oxi nc rc; do
    helper TreeGen overwrite "$WORK/$c-edit/edit.bin" $((edit_mib * 1048576 / 2)) 1048576 $seed > /dev/null
    seed=$((seed + 100))
done
sleep 1.1 # a new mtime second for the clients that compare mtimes
measure edit-up oxisync oxi "$WORK/home-edit" edit-up-oxi
measure edit-up nextcloudcmd nc "$WORK/nc-edit" /nc-edit edit-up-nc
if [ "$use_rclone" = 1 ]; then measure edit-up rclone rc edit-up-rc copy "$WORK/rc-edit" oxi:rc-edit; fi
measure edit-down oxisync oxi "$WORK/home-edit2" edit-down-oxi
measure edit-down nextcloudcmd nc "$WORK/nc-edit2" /nc-edit edit-down-nc
if [ "$use_rclone" = 1 ]; then measure edit-down rclone rc edit-down-rc copy oxi:rc-edit "$WORK/rc-edit2"; fi
cmp -s "$WORK/oxi-edit/edit.bin" "$WORK/oxi-edit2/edit.bin" || e2e_die "oxisync edit-down differs"
cmp -s "$WORK/nc-edit/edit.bin" "$WORK/nc-edit2/edit.bin" || e2e_die "nextcloudcmd edit-down differs"
fi
load

echo
echo "peer table (ratio = oxisync / peer; below 1 is better for oxisync; up/down = request/response body bytes):"
echo "(server cpu = the emulator's CPU time during the client's run; $(sed -n 's/^oxicloud-emulator: //p' "$WORK/emu.err"))"
printf '| %-10s | %-12s | %9s | %9s | %12s | %12s | %8s | %10s | %-34s |\n' workload client "wall ms" "cpu ms" "up MiB" "down MiB" requests "server cpu" "ratio wall / cpu / bytes"
awk '
{ w[NR]=$1; c[NR]=$2; wall[NR]=$3; cpu[NR]=$4; up[NR]=$5; down[NR]=$6; req[NR]=$7; scpu[NR]=$8
  if ($2 == "oxisync") { ow[$1]=$3; oc[$1]=$4; ob[$1]=$5+$6 } }
END { for (i = 1; i <= NR; i++) {
    r = "-"
    if (c[i] != "oxisync" && wall[i] > 0) r = sprintf("%.2f / %.2f / %.3f", ow[w[i]]/wall[i], (cpu[i] > 0 ? oc[w[i]]/cpu[i] : 0), (up[i]+down[i] > 0 ? ob[w[i]]/(up[i]+down[i]) : 0))
    printf "| %-10s | %-12s | %9d | %9d | %12.2f | %12.2f | %8d | %10d | %-34s |\n", w[i], c[i], wall[i], cpu[i], up[i]/1048576, down[i]/1048576, req[i], scpu[i], r } }' "$RESULTS"
