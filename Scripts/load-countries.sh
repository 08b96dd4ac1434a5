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

duration=${LOAD_DURATION:-10s}
connections=${LOAD_CONNECTIONS:-50}
threads=${LOAD_THREADS:-2}

step "wrk"
command -v wrk >/dev/null 2>&1 || ensure_debian_packages wrk
command -v curl >/dev/null 2>&1 || fail "curl is needed to wait for the server"

step "The server"
bin=${COUNTRIES_BIN:-Examples/Countries/.build/release/countries}
case $bin in /*) ;; *) [ -e "$bin" ] || bin="$KEEL_ROOT/$bin" ;; esac
[ -x "$bin" ] || fail "no countries binary at $bin: build it (cd Examples/Countries && swift build -c release --product countries), or set COUNTRIES_BIN"
case $bin in
    */release/*) build=release ;;
    */debug/*) build="debug (not representative: build with -c release)" ;;
    *) build=unknown ;;
esac

work=$(mktemp -d)
server_pid=
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Port 0: the server picks a free port and says which.
"$bin" --host 127.0.0.1 --port 0 --data-dir "$work/data" --phase bundled --log-level error \
    >"$work/server.log" 2>&1 &
server_pid=$!
port=
for _ in $(seq 300); do
    port=$(sed -n 's|^Countries is served on http://127\.0\.0\.1:\([0-9][0-9]*\)$|\1|p' "$work/server.log" | head -n 1)
    [ -n "$port" ] && curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; fail "the server exited"; }
    port=
    sleep 0.1
done
[ -n "$port" ] || { cat "$work/server.log"; fail "the server did not answer /health within 30 s"; }
base="http://127.0.0.1:$port"
tab=$(curl -fsS "$base/" | sed -n 's|.*<body data-tab="\([0-9a-f]*\)".*|\1|p' | head -n 1)
[ -n "$tab" ] || fail "the list page carries no tab id"
echo "$bin ($build), serving on $base; tab session $tab"

routes=("/health" "/" "/country/KOR" "/?tab=$tab" "/country/KOR?tab=$tab")
labels=("/health" "/" "/country/KOR" "/?tab=… (existing tab)" "/country/KOR?tab=… (existing tab)")

step "wrk -t$threads -c$connections -d$duration --latency, one route after the other"
for index in "${!routes[@]}"; do
    echo "${labels[$index]}"
    wrk -t"$threads" -c"$connections" -d"$duration" --latency "$base${routes[$index]}" >"$work/wrk-$index.txt" 2>&1 \
        || { cat "$work/wrk-$index.txt"; fail "wrk failed on ${routes[$index]}"; }
    grep -E 'Requests/sec|Socket errors|Non-2xx' "$work/wrk-$index.txt" | sed 's/^/    /' || true
    kill -0 "$server_pid" 2>/dev/null || { tail -n 30 "$work/server.log"; fail "the server died under load on ${routes[$index]}"; }
done
[ "$(curl -fsS "$base/health")" = ok ] || fail "the server no longer answers /health after the load"

# wrk's figures: requests/s, the 99th percentile, errors (socket errors and non-2xx answers).
figures() {
    awk '
        /^Requests\/sec:/ { rps = $2 }
        $1 == "99%" { p99 = $2 }
        /Socket errors:/ { gsub(/,/, ""); errors += $4 + $6 + $8 + $10 }
        /Non-2xx or 3xx responses:/ { errors += $NF }
        END { printf "%s %s %d\n", rps, p99, errors }
    ' "$1"
}
read -r health_rps _ _ < <(figures "$work/wrk-0.txt")
[ -n "$health_rps" ] || { cat "$work/wrk-0.txt"; fail "no requests/s figure in wrk's output"; }

step "Results: $build build, wrk -t$threads -c$connections -d$duration, $(nproc) cores"
echo "| route | requests/s | p99 latency | vs /health | errors |"
echo "| --- | ---: | ---: | ---: | ---: |"
for index in "${!routes[@]}"; do
    read -r rps p99 errors < <(figures "$work/wrk-$index.txt")
    [ -n "$rps" ] || { cat "$work/wrk-$index.txt"; fail "no requests/s figure for ${routes[$index]}"; }
    ratio=$(awk -v a="$rps" -v b="$health_rps" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
    printf '| `%s` | %s | %s | %s | %s |\n' "${labels[$index]}" "$(printf '%.0f' "$rps")" "$p99" "$ratio" "$errors"
done

step "A region switch reaching ${FANOUT_TABS:-50} open tabs"
python3 "$KEEL_ROOT/Examples/Countries/Benchmarks/sse-fanout.py" "$base" "${FANOUT_TABS:-50}" "${FANOUT_ROUNDS:-20}" \
    || fail "the fan-out measurement failed"
