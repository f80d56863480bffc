#!/usr/bin/env bash
# The README's main job: build OxiSync, then run a real two-way sync.
#   scripts/demo.sh                      against the bundled OxiCloud emulator (no server needed): `oxisync demo`
#   scripts/demo.sh --dir DIR            the same, keeping the demo's folders in DIR
# To sync with a real server instead, see the README (oxisync login / pair add / sync-once).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-machine.sh
. scripts/jdk.sh # JAVA_HOME: a JDK 25, for Maven and the launcher
build_log=$(mktemp)
echo "Building OxiSync (mvn install -DskipTests)..."
if ! mvn -B -q install -DskipTests >"$build_log" 2>&1; then
  cat "$build_log"; rm -f "$build_log"; exit 1
fi
rm -f "$build_log"
exec client-app/src/main/scripts/oxisync demo "$@"
