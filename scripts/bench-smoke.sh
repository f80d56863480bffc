#!/usr/bin/env bash
# The short forms of two end-to-end benchmarks (issue 21, items 6 and 7); about 4 minutes on 2 cores:
#   1. many clients, one folder: 5 real `oxisync` clients of one user (3 daemons, 2 sync-once loops) change a shared
#      tree of 600 files (+2 of 1 MiB) at once for 8 s, three seeds; every tree converges and no version any client
#      wrote is lost (bench/src/main/java/org/oxisync/bench/many/ManyClients.java);
#   2. soak: one daemon under a trickle of local and remote changes for 1.25 min, sampled every 8 s; RSS, threads and
#      descriptors flat after warm-up, threads and descriptors back to the baseline (.../many/Soak.java).
# Both run against the bundled emulator in-process (real per-user delta limiter, 500 ms tree-ETag flush).
# Needs the built jars: `mvn -B -q package -DskipTests` (client-app/target/oxisync.jar, bench/target/benchmarks.jar);
# --build builds them first. Exit 0 when both pass; the output has the figures and a verdict with its reasons.
# The full forms (N = 10, an hour of soak) are in bench/README.md ("Many clients, one folder", "Days of running").
# CI (`mvn -B verify`) runs smaller forms of both as JUnit tests of the bench module (ManyClientsSmokeTest,
# SoakSmokeTest); this script is the by-hand form with three seeds and a judged flatness.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --build ]; then
    mvn -B -q package -DskipTests
fi
for f in client-app/target/oxisync.jar bench/target/benchmarks.jar; do
    [ -f "$f" ] || { echo "bench-smoke: missing $f (run: mvn -B -q package -DskipTests)" >&2; exit 2; }
done
cp=bench/target/benchmarks.jar
jopts=(-Xmx512m -Dslf4j.internal.verbosity=ERROR)
start=$(date +%s)
rc=0
java "${jopts[@]}" -cp "$cp" org.oxisync.bench.many.ManyClients --clients 5 --files 600 --dirs 30 --large 2 \
    --large-mib 1 --write-seconds 8 --ops 3 --poll-seconds 5 --timeout-seconds 90 --seeds 1,2,3 || rc=1
echo
java "${jopts[@]}" -cp "$cp" org.oxisync.bench.many.Soak --minutes 1.25 --sample-seconds 8 --warmup-minutes 0.3 \
    --files 500 --local-every-ms 1000 --remote-every-ms 1500 --poll-seconds 5 --settle-seconds 30 || rc=1
echo
echo "bench smoke: $( [ $rc = 0 ] && echo PASS || echo FAIL ) in $(( $(date +%s) - start )) s"
exit $rc
