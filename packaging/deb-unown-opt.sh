#!/usr/bin/env bash
# Drops the "./opt/" folder entry from a .deb's data archive (jpackage's .deb lists it), so that dpkg never counts
# /opt as the package's own folder: `apt purge oxisync` then no longer warns "directory '/opt' not empty so not
# removed" (issue 18, item 36). Everything below /opt/oxisync stays as jpackage made it (owners, modes, times);
# preinst creates /opt where it is missing. Usage: deb-unown-opt.sh PACKAGE.deb (changed in place).
set -euo pipefail
deb=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
ar x "$deb"
data=$(ls data.tar*)
case "$data" in
  data.tar.xz) unz=(xz -d); z=(xz -c) ;;
  data.tar.gz) unz=(gzip -d); z=(gzip -9n -c) ;;
  data.tar.zst) unz=(zstd -q -d --rm); z=(zstd -q -19 -c) ;;
  data.tar) unz=(true); z=(cat) ;;
  *) echo "deb-unown-opt: unknown data archive $data" >&2; exit 1 ;;
esac
"${unz[@]}" "$data"
# the listing first, then the match: `tar | grep -q` under pipefail fails at random when grep stops reading early
# and tar dies of SIGPIPE (one CI run kept ./opt/ that way, and purge warned again)
listing=$(tar -tf data.tar)
if grep -qx './opt/' <<<"$listing"; then
  tar --delete --no-recursion -f data.tar ./opt/ # only the folder entry, not what is in it
fi
"${z[@]}" data.tar > "$data.new"
rm -f data.tar
mv "$data.new" "$data"
control=$(ls control.tar*)
rm -f "$deb"
ar rc "$deb" debian-binary "$control" "$data"
