#!/usr/bin/env bash
# The README's main job: build OxiSync and run it against a server.
# Without arguments it starts the bundled OxiCloud emulator on loopback and talks to it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-machine.sh
mvn -B -q install -DskipTests
if [ -f client-core/target/oxisync.jar ] && java -jar client-core/target/oxisync.jar demo --help >/dev/null 2>&1; then
  exec java -jar client-core/target/oxisync.jar demo "$@"
fi
# Fallback while `oxisync demo` does not exist yet: start the emulator and show it answering.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18086)
java -jar emulator/target/oxicloud-emulator.jar --port "$port" --user demo:demo-password &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/api/version" 2>/dev/null && { echo; echo "emulator answering on http://127.0.0.1:$port"; exit 0; }
  sleep 0.1
done
echo "emulator did not answer on port $port" >&2
exit 1
