#!/usr/bin/env bash
# Builds the Authenticator app and serves its web front-end on
# http://127.0.0.1:8081. Flags are passed on to authenticator-web, for example
# a real vault: ./Scripts/run-authenticator.sh --phase device --data-dir ~/vault
# (the default phase is device, in the per-user data directory).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_debian_packages libsqlite3-dev
cd "$KEEL_ROOT/Examples/Authenticator"
log=$(mktemp)
if ! swift build --product authenticator-web >"$log" 2>&1; then
    grep -E 'error:' "$log" >&2 || tail -n 20 "$log" >&2
    fail "the Authenticator app did not build (full log: $log)"
fi
grep -E 'complete!' "$log" || true
exec "$(swift build --show-bin-path)/authenticator-web" "$@"
