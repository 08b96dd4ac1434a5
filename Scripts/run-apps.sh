#!/usr/bin/env bash
# The main job: builds both reference apps and serves their web front-ends on
# loopback until Ctrl-C, which stops both:
#
#   Countries      http://127.0.0.1:8080  offline, from the bundled snapshot
#   Authenticator  http://127.0.0.1:8081  demo phase: an in-memory vault with a
#                                         few sample accounts whose secrets are
#                                         made at start; the passphrase that
#                                         unlocks it is printed
#
# If either server stops, the other is stopped too. To serve one app with other
# flags, use Scripts/run-countries.sh or Scripts/run-authenticator.sh.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_debian_packages libsqlite3-dev

# Builds `product` of the app in Examples/`app` and prints the binary's path.
build() {
    local app=$1 product=$2
    cd "$KEEL_ROOT/Examples/$app"
    step "Building $app ($product); the first build takes a few minutes" >&2
    local log binary
    log=$(mktemp)
    if ! swift build --product "$product" >"$log" 2>&1; then
        grep -E 'error:' "$log" >&2 || tail -n 20 "$log" >&2
        fail "$app did not build (full log: $log)"
    fi
    grep -E 'complete!' "$log" >&2 || true
    binary="$(swift build --show-bin-path)/$product"
    [ -x "$binary" ] || fail "$app built, but there is no $binary"
    echo "$binary"
}
countries=$(build Countries countries)
authenticator=$(build Authenticator authenticator-web)

step "Serving both apps (Ctrl-C stops them)"
pids=()
stop() {
    trap - INT TERM EXIT
    kill "${pids[@]}" 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
}
trap stop INT TERM EXIT
"$countries" --host 127.0.0.1 --port 8080 & pids+=($!)
"$authenticator" --phase demo --host 127.0.0.1 --port 8081 & pids+=($!)
# Whichever stops first (an error, a port in use) stops the other.
status=0
wait -n "${pids[@]}" || status=$?
stop
exit "$status"
