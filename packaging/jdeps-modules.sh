#!/usr/bin/env bash
# Prints the JDK and JavaFX modules that jdeps finds in the packaged class path (run after a -Papp-image build);
# compare with jlink.modules in pom.xml, which adds what jdeps cannot see (see the comment there).
set -euo pipefail
cd "$(dirname "$0")"
work="${BUILD_DIR_NAME:-target}/jpackage"
jdeps --multi-release 17 --ignore-missing-deps --print-module-deps --module-path "$work/javafx" "$work/input/oxisync.jar"
