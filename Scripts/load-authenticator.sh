#!/usr/bin/env bash
# Load figures of the Authenticator web front-end: wrk against the trivial
# route (/health), the unlock page of a locked vault (a first visit: a new tab
# session each time), and the account list with 100 accounts within an
# unlocked tab (its cookie and ?tab=…), with a Markdown table of the results.
# (The time from a period boundary to the new codes in an open tab is
# measured by the browser suite, Scripts/e2e-authenticator.sh.)
#
# Starts its own server (loopback, a port it picks, a temporary vault made
# with the `authenticator` command line and 100 accounts with random
# secrets) and stops it at the end. Installs wrk (Debian) if it is missing.
#
# Usage: Scripts/load-authenticator.sh
# Environment:
#   AUTHENTICATOR_BIN_DIR  where authenticator-web and authenticator are
#                          (default Examples/Authenticator/.build/release)
#   LOAD_DURATION  how long wrk runs per route (default 10s)
#   LOAD_CONNECTIONS / LOAD_THREADS  wrk's -c and -t (default 50 and 2)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

duration=${LOAD_DURATION:-10s}
connections=${LOAD_CONNECTIONS:-50}
threads=${LOAD_THREADS:-2}

step "wrk"
command -v wrk >/dev/null 2>&1 || ensure_debian_packages wrk
command -v curl >/dev/null 2>&1 || fail "curl is needed to drive the server"

step "The server"
dir=${AUTHENTICATOR_BIN_DIR:-Examples/Authenticator/.build/release}
case $dir in /*) ;; *) dir="$KEEL_ROOT/$dir" ;; esac
for binary in authenticator-web authenticator; do
    [ -x "$dir/$binary" ] || fail "no $binary in $dir: build it (cd Examples/Authenticator && swift build -c release --product $binary), or set AUTHENTICATOR_BIN_DIR"
done
case $dir in
    */release*) build=release ;;
    */debug*) build="debug (not representative: build with -c release)" ;;
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

# A vault of 100 accounts with random secrets, made by the command line.
passphrase="load figures passphrase"
printf '%s\n' "$passphrase" >"$work/passphrase"
python3 - "$work/accounts.txt" <<'PYTHON'
import base64, os, sys
with open(sys.argv[1], "w") as file:
    for index in range(100):
        secret = base64.b32encode(os.urandom(20)).decode().rstrip("=")
        file.write(f"otpauth://totp/Service%20{index:03d}:user{index}@example.com?secret={secret}&issuer=Service%20{index:03d}\n")
PYTHON
"$dir/authenticator" init --data-dir "$work/vault" --passphrase-file "$work/passphrase" >/dev/null \
    || fail "authenticator init failed"
"$dir/authenticator" import "$work/accounts.txt" --data-dir "$work/vault" --passphrase-file "$work/passphrase" >/dev/null \
    || fail "authenticator import failed"
rm "$work/accounts.txt"

# Port 0: the server picks a free port and says which.
"$dir/authenticator-web" --host 127.0.0.1 --port 0 --data-dir "$work/vault" --phase device --log-level error \
    >"$work/server.log" 2>&1 &
server_pid=$!
port=
for _ in $(seq 300); do
    port=$(sed -n 's|^The Authenticator is served on http://127\.0\.0\.1:\([0-9][0-9]*\)$|\1|p' "$work/server.log" | head -n 1)
    [ -n "$port" ] && curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; fail "the server exited"; }
    port=
    sleep 0.1
done
[ -n "$port" ] || { cat "$work/server.log"; fail "the server did not answer /health within 30 s"; }
base="http://127.0.0.1:$port"
echo "$dir/authenticator-web ($build), serving on $base"

run_wrk() {  # index label path [cookie]
    local index=$1 label=$2 path=$3 cookie=${4:-}
    local headers=()
    [ -n "$cookie" ] && headers=(-H "Cookie: $cookie")
    echo "$label"
    wrk -t"$threads" -c"$connections" -d"$duration" --latency "${headers[@]}" "$base$path" >"$work/wrk-$index.txt" 2>&1 \
        || { cat "$work/wrk-$index.txt"; fail "wrk failed on $path"; }
    grep -E 'Requests/sec|Socket errors|Non-2xx' "$work/wrk-$index.txt" | sed 's/^/    /' || true
    kill -0 "$server_pid" 2>/dev/null || { tail -n 30 "$work/server.log"; fail "the server died under load on $path"; }
    labels[$index]=$label
}
labels=()

step "wrk -t$threads -c$connections -d$duration --latency, one route after the other"
run_wrk 0 "/health" "/health"
run_wrk 1 "/unlock (locked vault, first visit)" "/unlock"

# Unlock in one tab, as a browser would: its cookie, its tab id and token.
page=$(curl -fsS -c "$work/cookies" "$base/unlock")
tab=$(sed -n 's|.*<body data-tab="\([0-9a-f]*\)".*|\1|p' <<<"$page" | head -n 1)
token=$(sed -n 's|.*data-token="\([0-9a-f]*\)".*|\1|p' <<<"$page" | head -n 1)
[ -n "$tab" ] && [ -n "$token" ] || fail "the unlock page carries no tab id or token"
status=$(curl -sS -o /dev/null -w '%{http_code}' -b "$work/cookies" --data-urlencode "tab=$tab" --data-urlencode "token=$token" \
    --data-urlencode "passphrase=$passphrase" "$base/unlock")
[ "$status" = 303 ] || fail "unlocking answered $status, not a redirection to the list"
cookie=$(awk '$6 == "keel-browser" { print $6 "=" $7 }' "$work/cookies")
[ -n "$cookie" ] || fail "the server gave no browser cookie"
rows=$(curl -fsS -H "Cookie: $cookie" "$base/?tab=$tab" | grep -c '<li class="account"' || true)
[ "$rows" = 100 ] || fail "the list shows $rows accounts, not 100"
run_wrk 2 "/?tab=… (the list, 100 accounts, unlocked tab)" "/?tab=$tab" "$cookie"
[ "$(curl -fsS "$base/health")" = ok ] || fail "the server no longer answers /health after the load"

# wrk's figures: requests/s, the 99th percentile, errors (socket errors and non-2xx-or-3xx answers).
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
for index in "${!labels[@]}"; do
    read -r rps p99 errors < <(figures "$work/wrk-$index.txt")
    [ -n "$rps" ] || { cat "$work/wrk-$index.txt"; fail "no requests/s figure for ${labels[$index]}"; }
    ratio=$(awk -v a="$rps" -v b="$health_rps" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
    printf '| `%s` | %s | %s | %s | %s |\n' "${labels[$index]}" "$(printf '%.0f' "$rps")" "$p99" "$ratio" "$errors"
done
