#!/usr/bin/env bash
# Browser-like tabs opening and reloading countries the live API answers 404
# to, against a stand-in API that answers in 50 ms, for a while: the server
# must answer every request and stay up (issue 25, item 1: a details load
# cancelled as its response arrived deadlocked or crashed the server through
# Linux's URLSession). Prints the rounds each tab made.
#
# Usage: Scripts/reload-countries.sh [SECONDS] [TABS]   (default 300 s, 4 tabs)
# Environment: COUNTRIES_BIN  the server binary (default Examples/Countries/.build/release/countries)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/lib-load.sh"
seconds=${1:-300}
tabs=${2:-4}
ensure_python
bin=$(resolve_binary COUNTRIES_BIN Examples/Countries/.build/release/countries \
    "cd Examples/Countries && swift build -c release --product countries")
benchmarks="$KEEL_ROOT/Examples/Countries/Benchmarks"

step "A stand-in API that answers 404 to every country, in 50 ms"
"$KEEL_PYTHON" "$benchmarks/stand-in-api.py" "$work/api-port" 50 &
api_pid=$!
trap 'kill $api_pid 2>/dev/null || true; _stop_load_server' EXIT
for _ in $(seq 100); do [ -s "$work/api-port" ] && break; sleep 0.1; done
[ -s "$work/api-port" ] || fail "the stand-in API did not start"
api="http://127.0.0.1:$(cat "$work/api-port")/v3.1"

step "Countries on the live phase, against it"
start_load_server "Countries is served on" \
    "$bin" --host 127.0.0.1 --port 0 --data-dir "$work/data" --phase live --api-base-url "$api" --log-level error
echo "$bin ($(build_kind "$bin")), serving on $base"

step "$tabs tabs opening and reloading countries for $seconds s"
"$KEEL_PYTHON" "$benchmarks/reload-storm.py" "$base" "$seconds" "$tabs" \
    || { tail -n 30 "$work/server.log"; fail "the server stopped answering"; }
curl -fsS --max-time 5 "$base/health" >/dev/null || fail "the server does not answer /health after the storm"
kill -0 "$server_pid" 2>/dev/null || fail "the server exited"
echo "The stand-in API: $(curl -fsS --max-time 5 "http://127.0.0.1:$(cat "$work/api-port")/stats")"
echo "The server answered every request and is still up."
