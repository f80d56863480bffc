#!/usr/bin/env bash
# Cross-check of the emulator's two faces: folder A syncs with `oxisync` through the native API,
# folder B with `nextcloudcmd` through the Nextcloud WebDAV layer, both on the same remote folder /shared.
# Both sides change (edits, a new file each, a delete, a rename, a new folder), the clients sync in turn, and the
# two trees must end byte-identical. Exits non-zero on any difference. Short enough for CI (a few seconds).
#
# usage: bench/scripts/nextcloud-crosscheck.sh
# The emulator hashes with its own BLAKE3 here (E2E_EMU_HASH=bc), not the client's: a check, not a benchmark.
set -euo pipefail
export E2E_EMU_HASH=bc
. "$(dirname "$0")/e2e-lib.sh"
. "$(dirname "$0")/peers-lib.sh"

e2e_init
peers_install
emu_start
app_password
A="$WORK/a"; B="$WORK/b"
ok() { echo "crosscheck: $*"; }
both() { # oxisync, nextcloudcmd, oxisync, nextcloudcmd: each sees the other's changes
    for step in 1 2; do
        sleep 1; sync_run "$WORK/home" "oxi-$1-$step"
        sleep 1; nc_run "$B" /shared "nc-$1-$step"
        [ "$NC_RC" = 0 ] || { tail -20 "$WORK/nc-$1-$step.nc.log" >&2; e2e_die "nextcloudcmd exited $NC_RC"; }
    done
}
check() {
    if same_tree "$A" "$B"; then ok "$1: trees agree ($(find "$A" -type f ! -name '.*' | wc -l) files)"
    else cat "$WORK/diff.txt" >&2; e2e_die "$1: trees differ"; fi
}

# 1. seed A, sync up with oxisync, down with nextcloudcmd
mkdir -p "$A/docs/deep" "$A/pics"
for i in 1 2 3 4 5; do head -c $((i * 3000)) /dev/urandom > "$A/docs/f$i.txt"; done
echo "deep" > "$A/docs/deep/d.txt"
head -c 2000000 /dev/urandom > "$A/pics/p.bin"
echo "café" > "$A/naïve name.txt"
client_new "$WORK/home" "$A" /shared
sync_run "$WORK/home" seed
sleep 1
nc_run "$B" /shared nc-seed
[ "$NC_RC" = 0 ] || { tail -20 "$WORK/nc-seed.nc.log" >&2; e2e_die "nextcloudcmd exited $NC_RC"; }
check "after the first sync"

# 2. change both sides
sleep 1.1
echo "edited by oxisync" >> "$A/docs/f1.txt"
echo "new from oxisync" > "$A/docs/from-a.txt"
rm "$A/docs/f2.txt"
mv "$A/docs/f3.txt" "$A/docs/f3-renamed.txt"
echo "edited by nextcloudcmd" >> "$B/docs/f4.txt"
echo "new from nextcloudcmd" > "$B/from-b.txt"
rm "$B/docs/f5.txt"
mkdir -p "$B/newdir/sub" && echo x > "$B/newdir/sub/x.txt"
mv "$B/pics" "$B/pictures"
both changes
check "after changes on both sides"
[ -f "$A/from-b.txt" ] && [ -f "$B/docs/from-a.txt" ] && [ ! -e "$A/docs/f5.txt" ] && [ ! -e "$B/docs/f2.txt" ] \
    && [ -f "$B/docs/f3-renamed.txt" ] && [ -f "$A/pictures/p.bin" ] || e2e_die "a change did not cross"
grep -q "edited by nextcloudcmd" "$A/docs/f4.txt" && grep -q "edited by oxisync" "$B/docs/f1.txt" \
    || e2e_die "an edit did not cross"
ok "PASS"
