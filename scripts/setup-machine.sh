#!/usr/bin/env bash
# Installs the Debian packages OxiSync's build, tests and demo need on a fresh Debian 12 machine.
# Idempotent: packages already present are not fetched again. Needs root (or sudo) only when something is missing.
set -euo pipefail

# libpangoft2-1.0-0: JavaFX text rendering under headless Monocle (UI tests, screenshots).
# curl: the demo script's health probe.  b3sum: the reference tool of the hashing benchmarks.
# binutils + fakeroot + rpm: jpackage (objcopy for jlink, fakeroot for .deb, rpmbuild for the README's -Pdeb,rpm).
# jq + time + nextcloud-desktop-cmd + rclone: the end-to-end scripts in bench/scripts, of which the test command runs
# the Nextcloud cross-check (oxisync and nextcloudcmd syncing one folder through the emulator's two faces).
# fonts-droid-fallback: the Japanese screenshot of client-ui's LocaleScreensTest (issue 17) draws boxes without a CJK
# font (DejaVu has none). Not fonts-noto-cjk: its fonts are CFF-flavoured OpenType, which JavaFX's fontconfig
# fallback skips (prism.debugfonts lists only TrueType fallbacks), so its boxes stay. The .deb depends on it too.
PACKAGES=(maven libpangoft2-1.0-0 curl b3sum binutils fakeroot rpm jq time
          nextcloud-desktop-cmd rclone fonts-droid-fallback)
# --desktop-test: what packaging/smoke-test.sh adds (it runs this with the flag): a real X server (xvfb, xauth),
# a window manager (openbox: title bars, placement, Alt+F4 as on a desktop) and xdotool (keyboard and window
# geometry) for the newcomer path; GTK and XTest that JavaFX loads; ImageMagick's import and xwininfo (x11-utils)
# for screenshots and window lists; desktop-file-validate. Not needed by `mvn verify` (the UI tests run headless).
if [ "${1:-}" = --desktop-test ]; then
  PACKAGES+=(xvfb xauth openbox xdotool libgtk-3-0 libxtst6 imagemagick x11-utils desktop-file-utils)
fi
# --plots: what bench/plots/make-plots.py adds (it runs this with the flag): matplotlib, which draws bench/README.md's
# plots from the recorded results in bench/data. Not needed by the build, the tests or the benchmarks themselves.
if [ "${1:-}" = --plots ]; then
  PACKAGES+=(python3-matplotlib)
fi

here=$(cd "$(dirname "$0")" && pwd)
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

# Java 25 (scripts/jdk.sh finds it). Debian 12 packages only JDK 17, so a machine without one gets Adoptium's
# Temurin 25 package, as its users would install it: from Adoptium's apt repository, added here when absent.
if ! (. "$here/jdk.sh"); then
  echo "setup-machine: no JDK 25 found (JAVA_HOME, /usr/lib/jvm); installing temurin-25-jdk" >&2
  if ! apt-cache policy temurin-25-jdk 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends ca-certificates curl gnupg
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    curl -fsSL https://packages.adoptium.net/artifactory/api/gpg/key/public \
      | $SUDO gpg --dearmor --yes -o /usr/share/keyrings/adoptium.gpg || true
    echo "deb [signed-by=/usr/share/keyrings/adoptium.gpg] https://packages.adoptium.net/artifactory/deb $codename main" \
      | $SUDO tee /etc/apt/sources.list.d/adoptium.list > /dev/null
    $SUDO apt-get update -qq || true
  fi
  if ! $SUDO apt-get install -y -qq --no-install-recommends temurin-25-jdk || ! (. "$here/jdk.sh"); then
    echo "setup-machine: could not install a JDK 25. Install Temurin 25 (https://adoptium.net) or another JDK 25," >&2
    echo "  then run this again (it looks in JAVA_HOME and /usr/lib/jvm)." >&2
    exit 1
  fi
fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "setup-machine: installing ${missing[*]}" >&2
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
