#!/usr/bin/env bash
# Installs the Debian packages OxiSync's build, tests and demo need on a fresh Debian 12 machine.
# Idempotent: packages already present are not fetched again. Needs root (or sudo) only when something is missing.
set -euo pipefail

# libpangoft2-1.0-0: JavaFX text rendering under headless Monocle (UI tests, screenshots).
# curl: the demo script's health probe.  b3sum: the reference tool of the hashing benchmarks.
# binutils + fakeroot + rpm: jpackage (objcopy for jlink, fakeroot for .deb, rpmbuild for the README's -Pdeb,rpm).
# jq + time + nextcloud-desktop-cmd + rclone: the end-to-end scripts in bench/scripts, of which the test command runs
# the Nextcloud cross-check (oxisync and nextcloudcmd syncing one folder through the emulator's two faces).
PACKAGES=(openjdk-17-jdk-headless maven libpangoft2-1.0-0 curl b3sum binutils fakeroot rpm jq time
          nextcloud-desktop-cmd rclone)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "setup-machine: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
