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

source "$(dirname "$0")/lib-load.sh"
ensure_load_tools

step "The server"
dir=${AUTHENTICATOR_BIN_DIR:-Examples/Authenticator/.build/release}
case $dir in /*) ;; *) dir="$KEEL_ROOT/$dir" ;; esac
for binary in authenticator-web authenticator; do
    [ -x "$dir/$binary" ] || fail "no $binary in $dir: build it (cd Examples/Authenticator && swift build -c release --product $binary), or set AUTHENTICATOR_BIN_DIR"
done
build=$(build_kind "$dir/")

# A vault of 100 accounts with random secrets, made by the command line.
passphrase="load figures passphrase"
printf '%s\n' "$passphrase" >"$work/passphrase"
ensure_python
"$KEEL_PYTHON" - "$work/accounts.txt" <<'PYTHON'
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

start_load_server "The Authenticator is served on" \
    "$dir/authenticator-web" --host 127.0.0.1 --port 0 --data-dir "$work/vault" --phase device --log-level error
echo "$dir/authenticator-web ($build), serving on $base"

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
run_wrk 2 "/?tab=… (the list, 100 accounts, unlocked tab)" "/?tab=$tab" "Cookie: $cookie"
# Still the list (not redirections to the unlock page after an auto-lock: reading is not a use).
rows=$(curl -fsS -H "Cookie: $cookie" "$base/?tab=$tab" | grep -c '<li class="account"' || true)
[ "$rows" = 100 ] || fail "after the load the list shows $rows accounts, not 100 (did the vault lock?)"
print_wrk_results "$build"
