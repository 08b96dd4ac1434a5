#!/usr/bin/env bash
# The main job: builds the Countries app and serves its web front-end on
# http://127.0.0.1:8080, offline, from the bundled snapshot. Flags are passed
# on: ./Scripts/run-countries.sh --port 9000 --phase live
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_debian_packages libsqlite3-dev
cd "$KEEL_ROOT/Examples/Countries"
swift build --product countries 2>&1 | grep -E 'error:|Compiling|Build complete' | grep -v '^\[' || true
exec "$(swift build --show-bin-path)/countries" "$@"
