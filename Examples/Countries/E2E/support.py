"""Support for the browser end-to-end suite of the Countries app.

- `CountriesServer`: starts the `countries` binary on a free loopback port with
  a fresh data directory, waits for /health, and stops it. Every server started
  is also stopped at exit (atexit), and dies with this process if it is killed
  (Linux parent-death signal), so no server outlives a crashed run.
- `FakeCountryAPI`: a tiny restcountries v3.1 stand-in on loopback, serving the
  app's bundled snapshot.
- `new_driver`: headless Chromium through /usr/bin/chromedriver.
- Small waiting helpers: explicit waits only.
"""

from __future__ import annotations

import atexit
import http.server
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

E2E_DIR = Path(__file__).resolve().parent
COUNTRIES_DIR = E2E_DIR.parent
REPO_ROOT = COUNTRIES_DIR.parent.parent
SNAPSHOT = COUNTRIES_DIR / "Sources" / "Data" / "Resources" / "countries.json"
ARTIFACTS = Path(os.environ.get("E2E_ARTIFACTS", E2E_DIR / "artifacts"))
SCREENSHOTS_FOR_DOCS = REPO_ROOT / "docs" / "screenshots"

CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM_BIN") or shutil.which("chromium") or "/usr/bin/chromium"

# How long a page may take to show something (a debug build on a busy 2-core machine).
PAGE_TIMEOUT = float(os.environ.get("E2E_PAGE_TIMEOUT", "15"))
# How long a live update (server-sent event) may take to reach another window.
LIVE_TIMEOUT = float(os.environ.get("E2E_LIVE_TIMEOUT", "3"))
POLL = 0.05


def countries_binary() -> Path:
    """The server binary: $COUNTRIES_BIN, relative paths taken from the repository root."""
    value = os.environ.get("COUNTRIES_BIN", "Examples/Countries/.build/debug/countries")
    path = Path(value)
    if not path.is_absolute() and not path.exists():
        path = REPO_ROOT / path
    return path.resolve()


def free_port() -> int:
    """A loopback port nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def snapshot_countries() -> list[dict]:
    """The countries of the bundled snapshot, in the API's shape."""
    with open(SNAPSHOT, encoding="utf-8") as file:
        return json.load(file)


# MARK: - Cleaning up whatever happens

_running_servers: list["CountriesServer"] = []
_running_drivers: list[webdriver.Chrome] = []


def _stop_everything() -> None:
    for driver in list(_running_drivers):
        quit_driver(driver)
    for server in list(_running_servers):
        server.stop()


atexit.register(_stop_everything)


def _on_sigterm(signum, frame):  # noqa: ARG001
    # Turn SIGTERM into a normal exit, so that atexit and finally blocks run.
    raise SystemExit(128 + signum)


if threading.current_thread() is threading.main_thread():
    signal.signal(signal.SIGTERM, _on_sigterm)


def _dying_with_parent(command: list[str]) -> list[str]:
    """`command`, made to receive SIGTERM when this process dies (Linux's parent-death
    signal, set by util-linux's setpriv), for the runs that end without atexit (SIGKILL)."""
    setpriv = shutil.which("setpriv")
    return [setpriv, "--pdeathsig", "TERM", "--", *command] if setpriv else command


# MARK: - The server


class ServerFailed(RuntimeError):
    pass


class CountriesServer:
    """One `countries` server on loopback, with its own temporary data directory.

    Use as a context manager, or call start() and stop() (stop is idempotent).
    """

    def __init__(self, *, phase: str = "bundled", api_base_url: str | None = None, log_level: str = "notice"):
        self.binary = countries_binary()
        self.phase = phase
        self.api_base_url = api_base_url
        self.log_level = log_level
        self.process: subprocess.Popen | None = None
        self.data_dir: str | None = None
        self.port: int | None = None
        self.output: list[str] = []
        self._announced = threading.Event()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base_url + path

    def start(self, timeout: float = 60) -> "CountriesServer":
        if not self.binary.is_file() or not os.access(self.binary, os.X_OK):
            raise ServerFailed(f"no countries binary at {self.binary}: build it, or set COUNTRIES_BIN")
        self.data_dir = tempfile.mkdtemp(prefix="countries-e2e-")
        self.port = free_port()
        command = [
            str(self.binary), "--host", "127.0.0.1", "--port", str(self.port),
            "--data-dir", self.data_dir, "--phase", self.phase, "--log-level", self.log_level,
        ]
        if self.api_base_url:
            command += ["--api-base-url", self.api_base_url]
        self.process = subprocess.Popen(
            _dying_with_parent(command), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, encoding="utf-8", errors="replace")
        _running_servers.append(self)
        threading.Thread(target=self._read_output, daemon=True).start()
        try:
            self._wait_until_healthy(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _read_output(self) -> None:
        assert self.process and self.process.stdout
        for line in self.process.stdout:
            self.output.append(line.rstrip("\n"))
            if line.startswith("Countries is served on "):
                self._announced.set()

    def _wait_until_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerFailed(
                    f"the server exited with {self.process.returncode}:\n" + "\n".join(self.output[-30:]))
            if self._announced.is_set() and self.health() == "ok":
                return
            time.sleep(POLL)
        raise ServerFailed(f"the server did not answer /health within {timeout} s:\n" + "\n".join(self.output[-30:]))

    def health(self) -> str | None:
        """The body of /health, or None when the server does not answer it with 200."""
        try:
            with urllib.request.urlopen(self.url("/health"), timeout=5) as response:
                return response.read().decode() if response.status == 200 else None
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            return None

    def is_running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def terminate(self, timeout: float) -> float | None:
        """Sends SIGTERM and waits up to `timeout` s; returns how long the server took to exit, or None."""
        if self.process is None or self.process.poll() is not None:
            return 0.0
        started = time.monotonic()
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        return time.monotonic() - started

    def stop(self) -> None:
        """Stops the server: SIGTERM, then SIGKILL if it is still there after 5 s."""
        process = self.process
        if process is not None:
            if self.terminate(timeout=5) is None:
                process.kill()
                process.wait(timeout=10)
            self.process = None
            if process.stdout:
                process.stdout.close()
        if self in _running_servers:
            _running_servers.remove(self)
        if self.data_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)
            self.data_dir = None

    def __enter__(self) -> "CountriesServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


# MARK: - A fake restcountries API


class FakeCountryAPI:
    """A stand-in for restcountries v3.1 on 127.0.0.1:`port`, in a thread.

    GET /v3.1/all?fields=… answers every country (whole, whatever the fields);
    GET /v3.1/alpha/CODE answers an array of one country, or 404. Each request's
    path is recorded in `requests`. `overrides` maps a code to fields replaced in
    what is served, so a test can tell served data from bundled data.
    """

    def __init__(self, port: int, overrides: dict[str, dict] | None = None):
        self.port = port
        self.requests: list[str] = []
        countries = snapshot_countries()
        for country in countries:
            country.update((overrides or {}).get(country["cca3"], {}))
        self.countries = countries
        self.by_code = {country["cca3"].upper(): country for country in countries}
        self.by_code.update({country["cca2"].upper(): country for country in countries})
        self._server: http.server.ThreadingHTTPServer | None = None

    def start(self) -> "FakeCountryAPI":
        api = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                api.requests.append(self.path)
                url = urllib.parse.urlsplit(self.path)
                if url.path == "/v3.1/all":
                    return self._json(200, api.countries)
                if url.path.startswith("/v3.1/alpha/"):
                    code = urllib.parse.unquote(url.path.rsplit("/", 1)[-1]).upper()
                    country = api.by_code.get(code)
                    if country is None:
                        return self._json(404, {"status": 404, "message": "Not Found"})
                    return self._json(200, [country])
                return self._json(404, {"status": 404, "message": "Not Found"})

            def _json(self, status, value):
                body = json.dumps(value, ensure_ascii=False).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):  # quiet
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
        return self

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()


# MARK: - Browsers


def new_driver(*, javascript: bool = True) -> webdriver.Chrome:
    """A headless Chromium window, 1280×900."""
    options = webdriver.ChromeOptions()
    if Path(CHROMIUM).exists():
        options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--lang=en-US", "--no-first-run", "--disable-extensions",
                     "--disable-background-networking", "--disable-sync", "--disable-default-apps"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(PAGE_TIMEOUT * 2)
    _running_drivers.append(driver)
    return driver


def quit_driver(driver: webdriver.Chrome) -> None:
    if driver in _running_drivers:
        _running_drivers.remove(driver)
    try:
        driver.quit()
    except Exception:  # noqa: BLE001 - the browser may already be gone
        pass


def wait(driver, timeout: float = PAGE_TIMEOUT) -> WebDriverWait:
    return WebDriverWait(driver, timeout, poll_frequency=POLL)


def poll(predicate, timeout: float):
    """Polls `predicate` until it returns a truthy value, which it returns; None after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            return None
        time.sleep(POLL)


def wait_for(predicate, timeout: float, message: str):
    """Polls `predicate` until it returns a truthy value; fails with `message` after `timeout` s."""
    value = poll(predicate, timeout)
    if value is None:
        raise AssertionError(f"timed out after {timeout} s: {message}")
    return value


def screenshot(driver, name: str) -> Path:
    """Saves a PNG of the window to the artifacts folder."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    if not driver.save_screenshot(str(path)):
        raise AssertionError(f"could not save the screenshot {path}")
    return path


def publish_screenshot(source: Path, name: str) -> None:
    """Copies a screenshot into docs/screenshots, for the README."""
    SCREENSHOTS_FOR_DOCS.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, SCREENSHOTS_FOR_DOCS / name)


def link_quoted(link: str) -> str:
    """A deep link as the `url` query parameter of /open."""
    return urllib.parse.quote(link, safe="")


def log(message: str) -> None:
    print(f"    {message}", file=sys.stderr, flush=True)
