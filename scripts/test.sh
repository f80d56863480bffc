#!/usr/bin/env bash
# The whole test suite: every module's unit, integration (emulator on loopback) and headless UI tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-machine.sh
exec mvn -B verify "$@"
