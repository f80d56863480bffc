#!/usr/bin/env bash
# The whole test suite: every module's unit, integration (emulator on loopback) and headless UI tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-machine.sh
. scripts/jdk.sh # JAVA_HOME: a JDK 25, for Maven and the launcher
mvn -B verify "$@"
# With no arguments (the whole suite, as CI runs it): the short end-to-end checks that need the built jars and
# tools outside the JVM. The Nextcloud cross-check (issue 19) syncs one folder with oxisync and another copy with
# nextcloudcmd through the emulator's native and WebDAV faces, changes both, and requires identical trees.
# Then the installers' smoke test (issue 18): builds the .deb and .rpm, installs the .deb, walks the newcomer path in
# a real X server (Xvfb + openbox: the wizard by keyboard against the emulator, quit, start again, the window comes
# back at its saved size), purges. It needs root or sudo (apt); OXISYNC_SKIP_SMOKE=1 leaves it out.
if [ $# -eq 0 ]; then
  bench/scripts/nextcloud-crosscheck.sh
  if [ "${OXISYNC_SKIP_SMOKE:-0}" != 1 ]; then
    packaging/smoke-test.sh
  fi
fi
