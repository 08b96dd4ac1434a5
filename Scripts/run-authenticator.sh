#!/usr/bin/env bash
# Builds the Authenticator app and serves its web front-end on
# http://127.0.0.1:8081. Flags are passed on to authenticator-web, for example
# a real vault: ./Scripts/run-authenticator.sh --phase device --data-dir ~/vault
# (the default phase is device, in the per-user data directory).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_debian_packages libsqlite3-dev
cd "$KEEL_ROOT/Examples/Authenticator"
swift build --product authenticator-web 2>&1 | grep -E 'error:|Compiling|Build complete' | grep -v '^\[' || true
exec "$(swift build --show-bin-path)/authenticator-web" "$@"
