#!/usr/bin/env bash
# Renders oxisync.svg into the PNG, ICO and ICNS files committed beside it, so builds need none of these tools.
# Needs Debian's librsvg2-bin (rsvg-convert), icoutils (icotool) and icnsutils (png2icns). Run after editing the SVG.
set -euo pipefail
cd "$(dirname "$0")"
for size in 16 24 32 48 64 128 256 512; do
  rsvg-convert -w "$size" -h "$size" oxisync.svg -o "oxisync-$size.png"
done
icotool -c -o oxisync.ico oxisync-16.png oxisync-24.png oxisync-32.png oxisync-48.png oxisync-64.png oxisync-128.png -r oxisync-256.png
png2icns oxisync.icns oxisync-16.png oxisync-32.png oxisync-48.png oxisync-128.png oxisync-256.png oxisync-512.png >/dev/null
# jpackage takes the Linux icon as one PNG
cp oxisync-256.png oxisync.png
