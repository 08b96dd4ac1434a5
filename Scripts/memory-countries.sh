#!/usr/bin/env bash
# The Countries server's resident memory after 2,000 first visits (each opens
# a browser tab's session, whose screens read and observe the app state) and
# their expiry, and again after 20,000: what closed tabs leave behind. The
# second figure must stay within 10% of the first (issue 24: the store forgets
# the slices of scenes that closed).
#
# Usage: Scripts/memory-countries.sh
# Environment: COUNTRIES_BIN  the server binary (default Examples/Countries/.build/release/countries)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/lib-load.sh"
ensure_python
bin=$(resolve_binary COUNTRIES_BIN Examples/Countries/.build/release/countries \
    "cd Examples/Countries && swift build -c release --product countries")
lifetime=2

step "Countries with sessions that expire after $lifetime s"
start_load_server "Countries is served on" \
    "$bin" --host 127.0.0.1 --port 0 --data-dir "$work/data" --phase bundled --session-lifetime "$lifetime" --log-level error
echo "$bin ($(build_kind "$bin")), serving on $base"

# Makes COUNT first visits (each a new tab: the list page, then a country),
# waits until their sessions expired, and prints the server's resident memory in kB.
visits_then_rss() {
    "$KEEL_PYTHON" - "$base" "$1" <<'PYTHON' || fail "a visit failed"
import re, sys, urllib.request
base, count = sys.argv[1], int(sys.argv[2])
codes = ["KOR", "JPN", "FRA", "PER", "CHL", "NZL", "KEN", "EGY"]
for index in range(count):
    with urllib.request.urlopen(base + "/", timeout=15) as response:
        tab = re.search(r'data-tab="([0-9a-f]+)"', response.read().decode()).group(1)
    with urllib.request.urlopen(f"{base}/country/{codes[index % len(codes)]}?tab={tab}", timeout=15) as response:
        response.read()
PYTHON
    # Expiry, then the sweep that closes the sessions.
    sleep $(( 3 * lifetime + 1 ))
    curl -fsS --max-time 5 "$base/health" >/dev/null || fail "the server does not answer /health"
    awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"
}

step "2,000 first visits, then their expiry"
first=$(visits_then_rss 2000)
echo "resident memory: $first kB"
step "18,000 more (20,000 in all), then their expiry"
second=$(visits_then_rss 18000)
echo "resident memory: $second kB"

growth=$(awk -v a="$first" -v b="$second" 'BEGIN { printf "%.1f", (b - a) * 100 / a }')
printf '\n| first visits | resident memory after their sessions expired |\n|---:|---:|\n| 2,000 | %s kB |\n| 20,000 | %s kB (%s%%) |\n' \
    "$first" "$second" "$growth"
awk -v a="$first" -v b="$second" 'BEGIN { exit !(b <= a * 1.10) }' \
    || fail "resident memory grew by $growth% between 2,000 and 20,000 first visits (limit: 10%)"
