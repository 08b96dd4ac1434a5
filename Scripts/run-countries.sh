#!/usr/bin/env bash
# Builds the Countries app and serves its web front-end on
# http://127.0.0.1:8080, offline, from the bundled snapshot (the main job,
# Scripts/run-apps.sh, serves it beside the Authenticator). Flags are passed
# on: ./Scripts/run-countries.sh --port 9000 --phase live
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_debian_packages libsqlite3-dev
cd "$KEEL_ROOT/Examples/Countries"
log=$(mktemp)
if ! swift build --product countries >"$log" 2>&1; then
    grep -E 'error:' "$log" >&2 || tail -n 20 "$log" >&2
    fail "the Countries app did not build (full log: $log)"
fi
grep -E 'complete!' "$log" || true
exec "$(swift build --show-bin-path)/countries" "$@"
