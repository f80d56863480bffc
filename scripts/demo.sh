#!/usr/bin/env bash
# The README's main job: build OxiSync, then run a real two-way sync.
#   scripts/demo.sh                      against the bundled OxiCloud emulator (no server needed): `oxisync demo`
#   scripts/demo.sh --dir DIR            the same, keeping the demo's folders in DIR
# To sync with a real server instead, see the README (oxisync login / pair add / sync-once).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-machine.sh
mvn -B -q -Dstyle.color=never install -DskipTests
exec client-core/src/main/scripts/oxisync demo "$@"
