#!/usr/bin/env bash
# Runs OxiCloud's own API tests (tests/api/*.hurl and the Nextcloud bash + curl tests tests/webdav/test_nc_*.sh,
# test_nextcloud_*.sh of the server repository) against the emulator.
#
# Usage: emulator/scripts/upstream-api-tests.sh SERVER_REPO [FILE.hurl|FILE.sh...]
#   SERVER_REPO  the OxiCloud repository at 0.8.7: a work tree, or a bare mirror (read with `git show HEAD:...`),
#                e.g. /work/.mirror/Mu-L+OxiCloud/repo. The tests are read from there, never copied into this project.
#   FILE.hurl    names under tests/api/, FILE.sh names under tests/webdav/, to run instead of the in-scope lists below.
# Environment: HURL_LITE (default: ../shared/tools/hurl_lite.py beside the project), EMULATOR_JAR (default:
#   emulator/target/oxicloud-emulator.jar, built with Maven when missing), KEEP_GOING=1 (report every failing entry).
#
# Each file runs against a fresh emulator (its own temporary data folder) with the user of the upstream set-up
# (tests/api/test.env: admin / TestPassword1!, made an OxiCloud admin with --admin) standing in for setup.hurl, which
# is not run. Users the files create go through POST /api/admin/users (served as a set-up aid, emulator/README.md
# "OxiCloud's own API tests"). A .sh test runs with bash from the copied tests/webdav, whose test.env (the server's
# address and that user) is rewritten to point at the emulator; its own oxicloud_setup meets the emulator's
# POST /api/setup, which answers 403 "already initialized" as the server does. Needs curl and jq.
# Exit 0 only when every file run passes.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
[[ $# -ge 1 ]] || { sed -n 2,20p "$0"; exit 2; }
REPO="$1"; shift
HURL_LITE="${HURL_LITE:-$ROOT/../shared/tools/hurl_lite.py}"
JAR="${EMULATOR_JAR:-$ROOT/emulator/target/oxicloud-emulator.jar}"

# The files that test what the emulator claims to serve (emulator/README.md lists the others with the reason).
# Hurl files under tests/api/:
IN_SCOPE=(
  setup.hurl
  nc_status_capabilities.hurl
  trash.hurl
  trash_resources.hurl
  trash_per_drive.hurl
  user_envelope_quota.hurl
  regression_595_unlimited_user_quota.hurl
  cross_drive_move.hurl
  drive_quota.hurl
  dedup_create.hurl
  auth_session_lifecycle.hurl
  nc_webdav_quota_properties.hurl
  nc_auth_failures.hurl
)
# bash + curl scripts under tests/webdav/:
IN_SCOPE_SH=(
  test_nc_get_head_range.sh
  test_nc_propfind_baseline.sh
  test_nextcloud_chunked_upload_cap.sh
  test_nextcloud_chunked_upload_propfind.sh
  test_nextcloud_put_blake3.sh
)
FILES=("$@")
[[ ${#FILES[@]} -gt 0 ]] || FILES=("${IN_SCOPE[@]}" "${IN_SCOPE_SH[@]}")

[[ -f "$HURL_LITE" ]] || { echo "no hurl_lite.py at $HURL_LITE (set HURL_LITE)" >&2; exit 2; }
# the project's JDK 25 (scripts/jdk.sh exports JAVA_HOME and puts it first on PATH)
# shellcheck disable=SC1091
[[ -f "$ROOT/scripts/jdk.sh" ]] && . "$ROOT/scripts/jdk.sh"
if [[ ! -f "$JAR" ]]; then
  (cd "$ROOT" && mvn -B -q -o -pl emulator -am package -DskipTests) >&2
fi

WORK="$(mktemp -d)"
EMU_PID=""
cleanup() {
  if [[ -n "$EMU_PID" ]]; then kill "$EMU_PID" 2>/dev/null || true; wait "$EMU_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# tests/api and tests/fixtures, from a work tree or a bare repository
mkdir -p "$WORK/tests/api" "$WORK/tests/fixtures"
if [[ -d "$REPO/tests/api" ]]; then
  cp -R "$REPO/tests/api/." "$WORK/tests/api/"
  mkdir -p "$WORK/tests/webdav" "$WORK/tests/common"
  cp -R "$REPO/tests/webdav/." "$WORK/tests/webdav/"
  cp -R "$REPO/tests/common/." "$WORK/tests/common/"
  [[ -d "$REPO/tests/fixtures" ]] && cp -R "$REPO/tests/fixtures/." "$WORK/tests/fixtures/"
else
  for sub in api fixtures webdav common; do
    git -C "$REPO" ls-tree -r --name-only HEAD "tests/$sub" | while read -r f; do
      mkdir -p "$WORK/$(dirname "$f")"
      git -C "$REPO" show "HEAD:$f" > "$WORK/$f" 2>/dev/null || rm -f "$WORK/$f" # a file the snapshot lacks
    done
  done
fi
[[ -s "$WORK/tests/fixtures/chunk-over-cap-5mb.bin" ]] || dd if=/dev/zero of="$WORK/tests/fixtures/chunk-over-cap-5mb.bin" bs=1024 count=5120 status=none

# shellcheck disable=SC1091
. "$WORK/tests/api/test.env"
# the caps and trusted proxies the server under test runs with (tests/common/server.env), which the emulator takes as
# flags
server_setting() { sed -n "s/^$1=//p" "$WORK/tests/common/server.env" 2>/dev/null | tail -1; }
caps=()
chunk_cap="$(server_setting OXICLOUD_CHUNK_MAX_BYTES)"; [[ -n "$chunk_cap" ]] && caps+=(--chunk-max-bytes "$chunk_cap")
put_cap="$(server_setting OXICLOUD_DIRECT_PUT_MAX_BYTES)"; [[ -n "$put_cap" ]] && caps+=(--direct-put-max-bytes "$put_cap")
proxies="$(server_setting OXICLOUD_TRUST_PROXY_CIDR)"; [[ -n "$proxies" ]] && caps+=(--trust-proxy-cidr "$proxies")
pass=0; fail=0; failed=()
for f in "${FILES[@]}"; do
  data="$(mktemp -d "$WORK/data.XXXXXX")"
  out="$data.out"; err="$data.err" # new files per run: the shell truncates a reused one only once the child runs
  # setup.hurl makes the first admin itself through POST /api/setup: its emulator starts with no user
  users=(--user "$username:$password:$email" --admin "$username")
  [[ "$f" == setup.hurl ]] && users=()
  java -jar "$JAR" --port 0 --data "$data" "${users[@]}" "${caps[@]}" \
    > "$out" 2> "$err" &
  EMU_PID=$!
  # up to 2 minutes: a loaded 2-core machine starts a JVM slowly
  for _ in $(seq 1 1200); do
    grep -q 'ready at' "$out" 2>/dev/null && break
    kill -0 "$EMU_PID" 2>/dev/null || break
    sleep 0.1
  done
  url="$(grep -o 'http://[0-9.:]*' "$out" 2>/dev/null | head -1 || true)"
  [[ -n "$url" ]] || { cat "$out" "$err" >&2; echo "the emulator did not start ($f)" >&2; exit 1; }
  if [[ "$f" == *.sh ]]; then
    printf 'base_url=%s\nusername=%s\nemail=%s\npassword=%s\n' "$url" "$username" "$email" "$password" \
      > "$WORK/tests/webdav/test.env"
    if (cd "$WORK/tests/webdav" && bash "./$f") > "$WORK/out.txt" 2>&1; then
      pass=$((pass + 1)); echo "$f: PASS ($(grep -c 'PASS:' "$WORK/out.txt") checks)"
    else
      fail=$((fail + 1)); failed+=("$f"); echo "$f: FAIL"; grep -E 'FAIL|PASS:' "$WORK/out.txt" | tail -6
    fi
  else
    args=(--variables-file "$WORK/tests/api/test.env" --variable "base_url=$url" --file-root "$WORK/tests")
    [[ "${KEEP_GOING:-0}" == 1 ]] && args+=(--continue-on-error)
    if python3 "$HURL_LITE" "${args[@]}" "$WORK/tests/api/$f" > "$WORK/out.txt" 2>&1; then
      pass=$((pass + 1)); tail -1 "$WORK/out.txt"
    else
      fail=$((fail + 1)); failed+=("$f"); grep -v ': PASS$' "$WORK/out.txt" | tail -8
    fi
  fi
  kill "$EMU_PID" 2>/dev/null || true; wait "$EMU_PID" 2>/dev/null || true; EMU_PID=""
done
echo "upstream API tests against the emulator: $pass passed, $fail failed${failed:+ (${failed[*]})}"
[[ $fail -eq 0 ]]
