#!/usr/bin/env bash
# All end-to-end benchmarks, each against its own emulator and work folder:
#   --smoke  small sizes, under a minute on 2 cores: checks that every scenario runs and every figure prints
#            (1,000-file rescan, 300 small files, a 16 MiB file); the ratios at these sizes mean little;
#   --full   the issue's sizes: 100,000-file rescan (several minutes), 10,000 small files, a 1 GiB file
#            (about 5 GiB of free space in the work folder).
# Each scenario is also a script of its own: e2e-rescan.sh, e2e-small-upload.sh, e2e-bigfile.sh.
# usage: bench/scripts/e2e-all.sh --smoke|--full      (env: see e2e-lib.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case "${1:---smoke}" in
    --smoke) rescan=(1000 2); small=300; big=16 ;;
    --full) rescan=(100000 3); small=10000; big=1024 ;;
    *) echo "usage: $0 --smoke|--full" >&2; exit 2 ;;
esac
start=$(date +%s)
"$here/e2e-rescan.sh" "${rescan[@]}"
echo
"$here/e2e-small-upload.sh" "$small"
echo
"$here/e2e-bigfile.sh" "$big"
echo
echo "all end-to-end benchmarks done in $(( $(date +%s) - start )) s"
