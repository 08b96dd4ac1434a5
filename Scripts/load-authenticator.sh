#!/usr/bin/env bash
# Load figures of the Authenticator web front-end: wrk against the trivial
# route (/health), the unlock page of a locked vault (a first visit: a new tab
# session each time), and the account list with 100 accounts within an
# unlocked tab (its cookie and ?tab=…), with a Markdown table of the results.
# Before that, 500 open tabs across a period boundary: 500 tabs of the
# unlocked browser (its cookie, and its key, with which the page's script lets
# a new tab in), each with its live connection, as the page's script opens it;
# /health timed (each time on a new connection, and on one kept open, as a
# browser with the page open asks) while the tabs open and their connections
# start, and from 1 s before the boundary to 4 s after it,
# what each tab was sent, and the server's VmRSS before, with the tabs open,
# after they closed, and once their sessions were swept (125 s later). (The time from a period boundary to the new codes in
# an open tab is measured by the browser suite, Scripts/e2e-authenticator.sh.)
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
#   LOAD_TABS      how many open tabs cross the boundary (default 500)
#   LOAD_ACCOUNTS  how many accounts the vault holds (default 100; the list shows 50 of them at first)
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
accounts=${LOAD_ACCOUNTS:-100}
shown=$(( accounts < 50 ? accounts : 50 ))
"$KEEL_PYTHON" - "$work/accounts.txt" "$accounts" <<'PYTHON'
import base64, os, sys
with open(sys.argv[1], "w") as file:
    for index in range(int(sys.argv[2])):
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
list=$(curl -fsS -H "Cookie: $cookie" "$base/?tab=$tab")
rows=$(grep -c '<li class="account"' <<<"$list" || true)
[ "$rows" = "$shown" ] || fail "the list shows $rows accounts, not $shown"
key=$(sed -n 's|.*data-browser-key="\([0-9a-f]*\)".*|\1|p' <<<"$list" | head -n 1)
[ -n "$key" ] || fail "the list page carries no browser key"

tabs=${LOAD_TABS:-500}
step "$tabs open tabs across a period boundary"
"$KEEL_PYTHON" - "$base" "$cookie" "$server_pid" "$tabs" "$key" <<'PYTHON' | tee "$work/tabs.txt"
# 500 open tabs across a period boundary (issue 25, item 7).
import asyncio, re, subprocess, sys, time, urllib.request

base, cookie, pid, count, key = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
host, port = re.match(r"http://([^:]+):(\d+)", base).groups()
port = int(port)

def rss_mb():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise SystemExit("no VmRSS for the server")

def fail(message):
    print(f"FAILED: {message}", file=sys.stderr)
    sys.exit(1)

async def request(path, timeout=60, form=None):
    """One GET (or a POST of `form`) on a new connection, as a browser opening a tab does: the answer and the seconds it took."""
    started = time.monotonic()
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    if form is None:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n".encode())
    else:
        writer.write(f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\nConnection: close\r\n"
                     f"Content-Type: application/x-www-form-urlencoded\r\nX-Keel-Live: 1\r\nContent-Length: {len(form)}\r\n\r\n{form}".encode())
    body = await asyncio.wait_for(reader.read(), timeout)
    writer.close()
    return body.decode(errors="replace"), time.monotonic() - started

class Tab:
    """One tab's live connection: the events it received, with when."""
    def __init__(self, tab, shown):
        self.tab, self.shown, self.events, self.bytes, self.buffer = tab, shown, [], 0, b""

    async def follow(self):
        self.reader, self.writer = await asyncio.open_connection(host, port)
        # With the id of the rows its page shows, as the page's script sends it.
        self.writer.write(f"GET /events?tab={self.tab}&page=list&shown={self.shown} HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\n\r\n".encode())
        while True:
            chunk = await self.reader.read(65536)
            if not chunk:
                return
            now = time.time()
            self.bytes += len(chunk)
            self.buffer += chunk
            while b"\n\n" in self.buffer:
                block, self.buffer = self.buffer.split(b"\n\n", 1)
                for line in block.split(b"\n"):
                    if line.startswith(b"event: "):
                        self.events.append((now, line[7:].decode(), len(block)))

# /health is timed by a process of its own: timed in this one, it would wait
# for this event loop, busy with the tabs' connections (a burst of 500 of
# them starting made it report 190-280 ms where a separate client saw 60-80).
PROBE = """
import http.client, select, sys, time
host, port, every, kept = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4] == "kept"
connection = http.client.HTTPConnection(host, port, timeout=60)
while True:
    started = time.monotonic()
    if not kept:
        connection = http.client.HTTPConnection(host, port, timeout=60)
    connection.request("GET", "/health")
    body = connection.getresponse().read()
    if not kept:
        connection.close()
    print(f"{started:.6f} {time.monotonic() - started:.6f}" if body.endswith(b"ok") else "failed", flush=True)
    # Until the parent closes its end of stdin.
    if select.select([sys.stdin], [], [], every)[0] and not sys.stdin.read(1):
        break
"""

class Probe:
    """Times /health every `every` seconds, in a process of its own, until stopped: each
    time on a new connection, or (`kept`) on one kept open, as a browser with the page open does."""
    def __init__(self, every, kept=False):
        self.process = subprocess.Popen([sys.executable, "-c", PROBE, host, str(port), str(every), "kept" if kept else "new"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def stop(self, split=None):
        """The latencies, sorted; with `split` (a time.monotonic()), those of the requests sent before it and those after."""
        out, _ = self.process.communicate(timeout=120)
        if "failed" in out.split():
            fail("/health did not answer ok")
        timed = [tuple(float(value) for value in line.split()) for line in out.splitlines()]
        if split is None:
            return sorted(latency for _, latency in timed)
        return (sorted(latency for sent, latency in timed if sent < split),
                sorted(latency for sent, latency in timed if sent >= split))

async def main():
    before = rss_mb()
    # Every 10 ms: the connections start within a fraction of a second.
    prober, keeper = Probe(0.01), Probe(0.01, kept=True)
    started = time.monotonic()
    # Each tab opens (a new tab of the same browser: its cookie, no ?tab=): its
    # unlock page, whose script lets it in with the browser's key, then its list.
    tabs = []
    for _ in range(count):
        page, _ = await request("/unlock")
        tab, token = re.search(r'<body data-tab="([0-9a-f]+)"', page), re.search(r'data-token="([0-9a-f]+)"', page)
        if not tab or not token:
            fail("the unlock page carries no tab id or token")
        answer, _ = await request("/unlock/resume", form=f"tab={tab.group(1)}&token={token.group(1)}&key={key}")
        if not answer.startswith("HTTP/1.1 204"):
            fail("the browser's key did not let a new tab in: " + answer.splitlines()[0])
        page, _ = await request(f"/?tab={tab.group(1)}")
        shown = re.search(r'<section id="rows" data-shown="([0-9a-f]+)"', page)
        if '<li class="account"' not in page or not shown:
            fail("a new tab let in shows no list, or not the id of its rows")
        tabs.append(Tab(tab.group(1), shown.group(1)))
    connecting = time.monotonic()
    tasks = [asyncio.create_task(tab.follow()) for tab in tabs]
    deadline = time.monotonic() + 60
    while not all(tab.events for tab in tabs):
        if time.monotonic() > deadline:
            fail(f"{sum(1 for tab in tabs if not tab.events)} of {count} live connections sent nothing within 60 s")
        await asyncio.sleep(0.1)
    opened = time.monotonic() - started
    pages, connections = prober.stop(split=connecting)
    _, kept_connections = keeper.stop(split=connecting)
    # The next 30-second boundary at least 3 s away: /health is timed from 1 s before it to 4 s after.
    boundary = (int(time.time()) // 30 + 1) * 30
    if boundary - time.time() < 3:
        boundary += 30
    await asyncio.sleep(boundary - 1 - time.time())
    marks = [(tab.bytes, len(tab.events)) for tab in tabs]
    prober, keeper = Probe(0.02), Probe(0.02, kept=True)
    await asyncio.sleep(boundary + 4 - time.time())
    latencies, kept_latencies = prober.stop(), keeper.stop()
    with_tabs = rss_mb()
    sent = [tab.bytes - mark[0] for tab, mark in zip(tabs, marks)]
    kinds = {}
    for tab, mark in zip(tabs, marks):
        for _, kind, _ in tab.events[mark[1]:]:
            kinds[kind] = kinds.get(kind, 0) + 1
    reached = sum(1 for tab, mark in zip(tabs, marks) if len(tab.events) > mark[1])
    for tab in tabs:
        tab.writer.close()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    # The server notices the closed connections; memory is read once it has settled,
    # and again once the closed tabs' sessions have expired (60 s after their
    # connections closed) and been swept (every 30 s), their memory given back
    # by that sweep and the next.
    await asyncio.sleep(5)
    after = rss_mb()
    await asyncio.sleep(120)
    swept = rss_mb()
    gone, _ = await request(f"/events?tab={tabs[0].tab}&page=list", timeout=10)
    print(f"    a closed tab's live connection, asked for again: {gone.splitlines()[0] if gone else 'no answer'}")
    print(f"    tabs: {count} live connections of one browser, boundary at {time.strftime('%H:%M:%S', time.gmtime(boundary))} UTC")
    print(f"    tabs that received the boundary's update: {reached} of {count}; events: "
          + (", ".join(f"{kind} {number}" for kind, number in sorted(kinds.items())) or "none"))
    print(f"    opening the {count} tabs and their connections took {opened:.1f} s ({connecting - started:.1f} s for their pages, one after"
          f" the other, then {started + opened - connecting:.1f} s for their connections, all at once)")
    def timed(times):
        return f"{len(times)} requests" + (f", median {times[len(times) // 2] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms" if times else "")
    print(f"    /health while the pages open: {timed(pages)}")
    print(f"    /health while the connections start: {timed(connections)}; on a connection kept open: {timed(kept_connections)}")
    print(f"    bytes per tab across the boundary: {sum(sent) / len(sent) / 1024:.1f} KB (largest {max(sent) / 1024:.1f} KB)")
    print(f"    /health across the boundary: {timed(latencies)}; on a connection kept open: {timed(kept_latencies)}")
    print(f"    VmRSS: before {before:.1f} MB, with {count} tabs open {with_tabs:.1f} MB, 5 s after they closed {after:.1f} MB"
          f" ({(after / before - 1) * 100:+.0f}% of before), once their sessions were swept {swept:.1f} MB"
          f" ({(swept / before - 1) * 100:+.0f}%)")

asyncio.run(main())
PYTHON
kill -0 "$server_pid" 2>/dev/null || { tail -n 30 "$work/server.log"; fail "the server died with $tabs tabs open"; }

# The list in a tab of the browser opened now (the tabs above made the
# least recently seen sessions go, as they would in a browser left open).
# It is let in by the browser's key, as the unlock page's script does.
page=$(curl -fsS -H "Cookie: $cookie" "$base/unlock")
tab=$(sed -n 's|.*<body data-tab="\([0-9a-f]*\)".*|\1|p' <<<"$page" | head -n 1)
token=$(sed -n 's|.*data-token="\([0-9a-f]*\)".*|\1|p' <<<"$page" | head -n 1)
[ -n "$tab" ] || fail "a new tab of the unlocked browser got no page"
status=$(curl -sS -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" -H "X-Keel-Live: 1" --data-urlencode "tab=$tab" \
    --data-urlencode "token=$token" --data-urlencode "key=$key" "$base/unlock/resume")
[ "$status" = 204 ] || fail "the browser's key did not let a new tab in ($status)"
run_wrk 2 "/?tab=… (the list, $accounts accounts, unlocked tab)" "/?tab=$tab" "Cookie: $cookie"
# Still the list (not redirections to the unlock page after an auto-lock: reading is not a use).
rows=$(curl -fsS -H "Cookie: $cookie" "$base/?tab=$tab" | grep -c '<li class="account"' || true)
[ "$rows" = "$shown" ] || fail "after the load the list shows $rows accounts, not $shown (did the vault lock?)"
print_wrk_results "$build"
echo
echo "$tabs open tabs across a period boundary:"
cat "$work/tabs.txt"
