#!/usr/bin/env python3
"""What open timeline viewers cost the app: ACTIONS searches in one tab, timed,
with 0, 5 and 50 viewers' live connections open that never read, and the
slowest /health answer meanwhile.

The server must run with --timeline; TIMELINE_PATH is the viewer's address it
printed (/timeline?key=…). Each viewer loads the viewer's page, then opens its live
connection (as the page's script does) and never reads it: the server must
neither wait for it nor do more work per action because of it than sending
it what is new. Standard library only;
loopback only; every read is bounded.

Usage: timeline-viewers.py BASE_URL TIMELINE_PATH [ACTIONS]
"""
import re
import socket
import sys
import threading
import time
import urllib.parse
import urllib.request

TIMEOUT = 30.0


def open_tab(base):
    with urllib.request.urlopen(base + "/", timeout=TIMEOUT) as response:
        page = response.read().decode()
    return re.search(r'data-tab="([^"]+)"', page).group(1), re.search(r'data-token="([^"]+)"', page).group(1)


def search(base, tab, token, text):
    body = urllib.parse.urlencode({"tab": tab, "token": token, "q": text}).encode()
    request = urllib.request.Request(base + "/search", data=body, headers={"X-Keel-Live": "1"})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        response.read()


def health(base):
    started = time.monotonic()
    with urllib.request.urlopen(base + "/health", timeout=TIMEOUT) as response:
        response.read()
    return time.monotonic() - started


def silent_viewer(base, host, port, path):
    """A viewer's page, loaded, then its live connection, which never reads what it is sent."""
    with urllib.request.urlopen(base + path, timeout=TIMEOUT) as response:
        page = response.read().decode()
    live = re.search(r'data-live="([^"]+)"', page).group(1).replace("&amp;", "&")
    sock = socket.create_connection((host, port), timeout=TIMEOUT)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.sendall(f"GET {live} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
    return sock


def measure(base, path, viewers, actions):
    url = urllib.parse.urlsplit(base)
    sockets = [silent_viewer(base, url.hostname, url.port, path) for _ in range(viewers)]
    tab, token = open_tab(base)
    slowest = [0.0]
    done = threading.Event()

    def probe():
        while not done.is_set():
            slowest[0] = max(slowest[0], health(base))
            time.sleep(0.05)

    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    started = time.monotonic()
    for index in range(actions):
        search(base, tab, token, "ko" if index % 2 else "kor")
    elapsed = time.monotonic() - started
    done.set()
    prober.join(TIMEOUT)
    for sock in sockets:
        sock.close()
    return elapsed, slowest[0]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base, path = sys.argv[1].rstrip("/"), sys.argv[2]
    actions = int(sys.argv[3]) if len(sys.argv) > 3 else 400
    print(f"| open viewers that never read | {actions} searches | per search | slowest /health meanwhile |")
    print("|---:|---:|---:|---:|")
    for viewers in (0, 5, 50):
        elapsed, slowest = measure(base, path, viewers, actions)
        print(f"| {viewers} | {elapsed:.2f} s | {elapsed / actions * 1000:.1f} ms | {slowest * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
