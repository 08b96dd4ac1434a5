#!/usr/bin/env python3
"""How long a region switch takes to reach every open tab of the Countries web front-end.

Opens TABS tabs (each a GET /, as a browser tab does), opens each tab's live
connection (server-sent events of its list page), then switches the region
from one tab's settings form and measures, for every tab, the time until its
connection delivers the regrouped list. Repeats ROUNDS times, switching the
region off and on. Standard library only; loopback only; every read is bounded.

Usage: sse-fanout.py BASE_URL [TABS] [ROUNDS]    (BASE_URL like http://127.0.0.1:8080)
"""
import re
import socket
import statistics
import sys
import threading
import time
import urllib.parse
import urllib.request

TIMEOUT = 10.0


def open_tab(base):
    with urllib.request.urlopen(base + "/", timeout=TIMEOUT) as response:
        page = response.read().decode()
    tab = re.search(r'data-tab="([^"]+)"', page).group(1)
    token = re.search(r'data-token="([^"]+)"', page).group(1)
    return tab, token


class LiveConnection(threading.Thread):
    """Reads one tab's event stream; records when each fragment arrives."""

    def __init__(self, host, port, tab):
        super().__init__(daemon=True)
        self.sock = socket.create_connection((host, port), timeout=TIMEOUT)
        request = f"GET /events?tab={tab}&page=list HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n"
        self.sock.sendall(request.encode())
        self.arrivals = []
        self.lock = threading.Condition()
        self.start()

    def run(self):
        buffer = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return
                buffer += chunk
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    if b"event: fragment" in event:
                        with self.lock:
                            self.arrivals.append(time.monotonic())
                            self.lock.notify_all()
        except OSError:
            return

    def wait_for(self, count):
        deadline = time.monotonic() + TIMEOUT
        with self.lock:
            while len(self.arrivals) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("a tab's live connection did not update within 10 s")
                self.lock.wait(left)
            return self.arrivals[count - 1]

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def main():
    base = sys.argv[1].rstrip("/")
    tabs = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    url = urllib.parse.urlparse(base)
    sessions = [open_tab(base) for _ in range(tabs)]
    connections = [LiveConnection(url.hostname, url.port, tab) for tab, _ in sessions]
    for connection in connections:
        connection.wait_for(1)  # the current state, sent when the connection opens
    tab, token = sessions[0]
    latencies = []
    shows_region = True
    for round_number in range(rounds):
        shows_region = not shows_region
        fields = {"tab": tab, "token": token, "language": "eng"}
        if shows_region:
            fields["showsRegion"] = "on"
        body = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(base + "/settings", data=body, method="POST",
                                         headers={"Content-Type": "application/x-www-form-urlencoded", "X-Keel-Live": "1"})
        start = time.monotonic()
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            response.read()
        arrivals = [connection.wait_for(round_number + 2) for connection in connections]
        latencies.append(max(arrivals) - start)
        time.sleep(0.2)  # pacing between rounds, not a wait for state
    for connection in connections:
        connection.close()
    ms = [1000 * value for value in latencies]
    print(f"region switch to {tabs} open tabs, {rounds} rounds: last tab updated after "
          f"median {statistics.median(ms):.1f} ms, max {max(ms):.1f} ms")


if __name__ == "__main__":
    main()
