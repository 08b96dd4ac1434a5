#!/usr/bin/env bash
# Load figures of the Countries web front-end: wrk against the trivial route
# (/health), the list page (/) and the details page (/country/KOR), each also
# within an existing tab session (?tab=…), and a Markdown table of the results;
# then how long a region switch takes to reach 50 open tabs (live connections),
# measured by Examples/Countries/Benchmarks/sse-fanout.py.
#
# A request without ?tab= is a first visit: it opens a new tab session, as a
# new browser tab does; one with ?tab= renders the page of a tab that exists.
#
# Starts its own server (loopback, a port it picks, a temporary data
# directory) and stops it at the end. Installs wrk (Debian) if it is missing.
#
# Usage: Scripts/load-countries.sh
# Environment:
#   COUNTRIES_BIN  the server binary (default Examples/Countries/.build/release/countries)
#   LOAD_DURATION  how long wrk runs per route (default 10s)
#   LOAD_CONNECTIONS / LOAD_THREADS  wrk's -c and -t (default 50 and 2)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

source "$(dirname "$0")/lib-load.sh"
ensure_load_tools

step "The server"
bin=${COUNTRIES_BIN:-Examples/Countries/.build/release/countries}
case $bin in /*) ;; *) [ -e "$bin" ] || bin="$KEEL_ROOT/$bin" ;; esac
[ -x "$bin" ] || fail "no countries binary at $bin: build it (cd Examples/Countries && swift build -c release --product countries), or set COUNTRIES_BIN"
build=$(build_kind "$bin")
start_load_server "Countries is served on" \
    "$bin" --host 127.0.0.1 --port 0 --data-dir "$work/data" --phase bundled --log-level error
echo "$bin ($build), serving on $base"

# A new tab session: its id, from the list page it opens.
new_tab() {
    local id
    id=$(curl -fsS "$base/" | sed -n 's|.*<body data-tab="\([0-9a-f]*\)".*|\1|p' | head -n 1)
    [ -n "$id" ] || fail "the list page carries no tab id"
    echo "$id"
}

step "wrk -t$threads -c$connections -d$duration --latency, one route after the other"
run_wrk 0 "/health" "/health"
run_wrk 1 "/" "/"
run_wrk 2 "/country/KOR" "/country/KOR"
# Taken after the first visits, which open more tabs than the server keeps
# (it closes the least recently seen): a tab taken before them is gone, and
# each request naming it would open a new one.
tab=$(new_tab)
echo "tab session $tab"
run_wrk 3 "/?tab=… (existing tab)" "/?tab=$tab"
run_wrk 4 "/country/KOR?tab=… (existing tab)" "/country/KOR?tab=$tab"
print_wrk_results "$build"

step "A region switch reaching ${FANOUT_TABS:-50} open tabs"
ensure_python
"$KEEL_PYTHON" "$KEEL_ROOT/Examples/Countries/Benchmarks/sse-fanout.py" "$base" "${FANOUT_TABS:-50}" "${FANOUT_ROUNDS:-20}" \
    || fail "the fan-out measurement failed"
