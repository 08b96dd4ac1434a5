# Shared helpers of the load scripts (load-countries.sh, load-authenticator.sh).
# Source it after lib.sh; do not run it.
#
# Settings, from the environment: LOAD_DURATION (wrk -d, default 10s),
# LOAD_CONNECTIONS (-c, default 50), LOAD_THREADS (-t, default 2).

duration=${LOAD_DURATION:-10s}
connections=${LOAD_CONNECTIONS:-50}
threads=${LOAD_THREADS:-2}
labels=()

# Installs wrk and checks curl.
ensure_load_tools() {
    step "wrk"
    command -v wrk >/dev/null 2>&1 || ensure_debian_packages wrk
    command -v curl >/dev/null 2>&1 || fail "curl is needed to drive the server"
}

# Which build a binary's path names: release, or debug with a warning.
build_kind() {
    case $1 in
        */release*) echo release ;;
        */debug*) echo "debug (not representative: build with -c release)" ;;
        *) echo unknown ;;
    esac
}

# A scratch folder ($work) and the server's process ($server_pid), both gone at exit.
work=$(mktemp -d)
server_pid=
_stop_load_server() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap _stop_load_server EXIT
trap 'exit 130' INT TERM

# Starts a server that picks its port (--port 0) and announces it on a line
# "ANNOUNCEMENT http://127.0.0.1:PORT"; waits for /health; sets $base.
# Usage: start_load_server ANNOUNCEMENT COMMAND…
start_load_server() {
    local announcement=$1 port=
    shift
    # The announcement is read in the server's source language, whatever the caller's locale.
    LC_ALL=C.UTF-8 "$@" >"$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 300); do
        port=$(sed -n "s|^$announcement http://127\\.0\\.0\\.1:\\([0-9][0-9]*\\)\$|\\1|p" "$work/server.log" | head -n 1)
        [ -n "$port" ] && curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
        kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; fail "the server exited"; }
        port=
        sleep 0.1
    done
    [ -n "$port" ] || { cat "$work/server.log"; fail "the server did not answer /health within 30 s"; }
    base="http://127.0.0.1:$port"
}

# Runs wrk against one route; its figures go to $work/wrk-INDEX.txt.
# Usage: run_wrk INDEX LABEL PATH [HEADER]
run_wrk() {
    local index=$1 label=$2 path=$3 header=${4:-}
    local extra=()
    [ -n "$header" ] && extra=(-H "$header")
    echo "$label"
    wrk -t"$threads" -c"$connections" -d"$duration" --latency "${extra[@]}" "$base$path" >"$work/wrk-$index.txt" 2>&1 \
        || { cat "$work/wrk-$index.txt"; fail "wrk failed on $path"; }
    grep -E 'Requests/sec|Socket errors|Non-2xx' "$work/wrk-$index.txt" | sed 's/^/    /' || true
    kill -0 "$server_pid" 2>/dev/null || { tail -n 30 "$work/server.log"; fail "the server died under load on $path"; }
    labels[$index]=$label
}

# wrk's figures in FILE: requests/s, the 99th percentile, errors (socket errors and non-2xx-or-3xx answers).
wrk_figures() {
    awk '
        /^Requests\/sec:/ { rps = $2 }
        $1 == "99%" { p99 = $2 }
        /Socket errors:/ { gsub(/,/, ""); errors += $4 + $6 + $8 + $10 }
        /Non-2xx or 3xx responses:/ { errors += $NF }
        END { printf "%s %s %d\n", rps, p99, errors }
    ' "$1"
}

# The Markdown table of every route run, each against the first (/health).
# Usage: print_wrk_results BUILD
print_wrk_results() {
    local health_rps rps p99 errors ratio
    [ "$(curl -fsS "$base/health")" = ok ] || fail "the server no longer answers /health after the load"
    read -r health_rps _ _ < <(wrk_figures "$work/wrk-0.txt")
    [ -n "$health_rps" ] || { cat "$work/wrk-0.txt"; fail "no requests/s figure in wrk's output"; }
    step "Results: $1 build, wrk -t$threads -c$connections -d$duration, $(nproc) cores"
    echo "| route | requests/s | p99 latency | vs /health | errors |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    for index in "${!labels[@]}"; do
        read -r rps p99 errors < <(wrk_figures "$work/wrk-$index.txt")
        [ -n "$rps" ] || { cat "$work/wrk-$index.txt"; fail "no requests/s figure for ${labels[$index]}"; }
        ratio=$(awk -v a="$rps" -v b="$health_rps" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
        printf '| `%s` | %s | %s | %s | %s |\n' "${labels[$index]}" "$(printf '%.0f' "$rps")" "$p99" "$ratio" "$errors"
    done
}
