# Sourced by the project's scripts: exports JAVA_HOME as a JDK 25 or newer (OxiSync builds and runs on Java 25).
# Order: $JAVA_HOME if it is one, then the newest JDK >= 25 in the system's JVM folders (Debian/Ubuntu's
# /usr/lib/jvm, where Adoptium's Temurin package installs; macOS's /Library/Java/JavaVirtualMachines).
# Returns 1, with nothing exported, when there is none; scripts/setup-machine.sh installs one then.
oxisync_jdk_major() { # the major version in a JDK folder's `release` file, 0 when it is not a JDK
  local v
  [ -x "$1/bin/javac" ] && [ -f "$1/release" ] || { echo 0; return; }
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release")
  echo "${v:-0}"
}
oxisync_find_jdk() {
  local d best= best_major=0 m
  if [ -n "${JAVA_HOME:-}" ] && [ "$(oxisync_jdk_major "$JAVA_HOME")" -ge 25 ]; then echo "$JAVA_HOME"; return 0; fi
  for d in /usr/lib/jvm/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    m=$(oxisync_jdk_major "$d")
    if [ "$m" -ge 25 ] && [ "$m" -gt "$best_major" ]; then best=$d; best_major=$m; fi
  done
  [ -n "$best" ] && echo "$best"
}
if oxisync_jdk=$(oxisync_find_jdk); then
  export JAVA_HOME=$oxisync_jdk
  export PATH="$JAVA_HOME/bin:$PATH"
else
  unset oxisync_jdk
  false
fi
