"""Drives the Countries server as browser tabs do when they open and reload
countries the live API does not know, for a while, and says how many rounds
each tab made: the server must answer every request in time, and stay up.

Each tab, in a thread of its own, opens /country/<code>, presses "Reload from
the web" (a POST), and opens the next code at once: the details view model of
the previous country is released while its load may be receiving the API's
answer. That is the moment swift-corelibs-foundation's URLSession deadlocks
or crashes on (issue 25, item 1).

Usage: reload-storm.py SERVER_BASE_URL SECONDS TABS
Prints one line per tab and a total; exits 1 if a request times out or fails.
"""
import re
import sys
import threading
import time
import urllib.parse
import urllib.error
import urllib.request

TIMEOUT = 15  # seconds a page may take before the server counts as hung


def tab_session(base):
    """A new tab: its id and token, read from the first page."""
    with urllib.request.urlopen(base + "/", timeout=TIMEOUT) as response:
        body = response.read().decode()
    tab = re.search(r'data-tab="([0-9a-f]+)"', body).group(1)
    token = re.search(r'data-token="([0-9a-f]+)"', body).group(1)
    return tab, token


def answered(request):
    """Opens a request; a page that says the country is unknown (404) is an
    answer too. A 5xx, a timeout or a refused connection raise."""
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            response.read()
    except urllib.error.HTTPError as error:
        if error.code != 404:
            raise


def run_tab(base, deadline, index, results):
    rounds = 0
    try:
        tab, token = tab_session(base)
        form = urllib.parse.urlencode({"tab": tab, "token": token}).encode()
        while time.monotonic() < deadline:
            number = (rounds + index * 7) % 100
            code = "Z" + chr(ord("A") + number // 26) + chr(ord("A") + number % 26)
            answered(f"{base}/country/{code}?tab={tab}")
            answered(urllib.request.Request(f"{base}/country/{code}/reload", data=form, method="POST"))
            rounds += 1
        results[index] = (rounds, None)
    except Exception as error:  # a timeout, a refused connection, a 5xx
        results[index] = (rounds, repr(error))


def main():
    base, seconds, tabs = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    deadline = time.monotonic() + seconds
    results = [None] * tabs
    threads = [threading.Thread(target=run_tab, args=(base, deadline, i, results)) for i in range(tabs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    failed = False
    for index, (rounds, error) in enumerate(results):
        print(f"tab {index + 1}: {rounds} rounds (open, reload, open the next)" + (f", then FAILED: {error}" if error else ""))
        failed = failed or error is not None
    print(f"total: {sum(r for r, _ in results)} rounds in {seconds:.0f} s, {tabs} tabs at once")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
