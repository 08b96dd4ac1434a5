"""What the browser end-to-end suites of Keel's web front-ends share.

- `WebServerProcess`: starts a front-end's binary on a free loopback port,
  waits for the line it prints once it listens and for /health, and stops it.
  Every server started is stopped at exit (atexit), and dies with this
  process if it is killed (Linux parent-death signal), so no server outlives
  a crashed run.
- `new_driver`: headless Chromium through /usr/bin/chromedriver.
- Explicit, bounded waits (`poll`, `wait_for`, `wait`), screenshots.

Each app's suite has a `support.py` that subclasses `WebServerProcess` with
its binary and flags.
"""

from __future__ import annotations

import atexit
import http.server
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
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

REPO_ROOT = Path(__file__).resolve().parents[3]
SCREENSHOTS_FOR_DOCS = REPO_ROOT / "docs" / "screenshots"

CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM_BIN") or shutil.which("chromium") or "/usr/bin/chromium"

# How long a page may take to show something (a debug build on a busy 2-core machine).
PAGE_TIMEOUT = float(os.environ.get("E2E_PAGE_TIMEOUT", "15"))
# How long a live update (server-sent event) may take to reach another window.
LIVE_TIMEOUT = float(os.environ.get("E2E_LIVE_TIMEOUT", "3"))
POLL = 0.05


def free_port() -> int:
    """A loopback port nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def binary(variable: str, default: str) -> Path:
    """The binary `$variable` names (or `default`), relative paths taken from the repository root."""
    path = Path(os.environ.get(variable, default))
    if not path.is_absolute() and not path.exists():
        path = REPO_ROOT / path
    return path.resolve()


# MARK: - Stand-ins served by the suite


class QuietHandler(http.server.BaseHTTPRequestHandler):
    """A request handler that does not log each request to stderr."""

    def log_message(self, *args):  # noqa: ARG002
        pass


def serve_in_thread(port: int, handler: type[http.server.BaseHTTPRequestHandler]) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server of `handler` on 127.0.0.1:`port`, serving in a daemon thread."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    return server


def stop_serving(server: http.server.ThreadingHTTPServer | None) -> None:
    """Stops a server of `serve_in_thread` (nothing for None)."""
    if server is not None:
        server.shutdown()
        server.server_close()


# MARK: - Cleaning up whatever happens

_running_servers: list["WebServerProcess"] = []
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


# MARK: - A session saved as a test


def replay_in_swift(package: Path, scratch_variable: str, test: str, record_variable: str, record: Path) -> str:
    """Runs the Swift test `test` (`Suite/function`) of `package`, built in the folder
    `$scratch_variable` names, with `$record_variable` naming the record it replays; fails
    unless it ran and passed. Returns its output."""
    scratch = os.environ.get(scratch_variable)
    if not scratch:
        raise AssertionError(f"{scratch_variable} names the build of the tests (the e2e script sets it)")
    started = time.monotonic()
    run = subprocess.run(
        ["swift", "test", "--package-path", str(package), "--scratch-path", scratch, "--skip-build", "--filter", test],
        env={**os.environ, record_variable: str(record)}, capture_output=True, text=True, timeout=300)
    output = run.stdout + run.stderr
    log(f"the replay ran in {time.monotonic() - started:.1f} s")
    if run.returncode != 0 or "passed after" not in output or " skipped" in output:
        raise AssertionError(f"the replay of {record} did not pass (status {run.returncode}):\n{output[-3000:]}")
    return output


# MARK: - A server


class ServerFailed(RuntimeError):
    pass


class WebServerProcess:
    """One front-end server on loopback, with its own temporary data directory.

    Subclasses say which binary (`binary`), what it prints once it listens
    (`announcement`, a line prefix) and its flags (`arguments()`). Use as a
    context manager, or call start() and stop() (stop is idempotent). Every
    line the server prints is kept in `output`.
    """

    announcement = ""
    data_dir_prefix = "keel-e2e-"

    def __init__(self, binary: Path):
        self.binary = binary
        self.process: subprocess.Popen | None = None
        self.data_dir: str | None = None
        self.port: int | None = None
        self.output: list[str] = []
        self._announced = threading.Event()

    def arguments(self) -> list[str]:
        """The flags after the binary; `self.port` and `self.data_dir` are set."""
        raise NotImplementedError

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base_url + path

    def start(self, timeout: float = 60, port: int | None = None) -> "WebServerProcess":
        """Starts the server on `port` (a free one by default) and waits until it serves."""
        if not self.binary.is_file() or not os.access(self.binary, os.X_OK):
            raise ServerFailed(f"no server binary at {self.binary}: build it first")
        self.data_dir = self.data_dir or tempfile.mkdtemp(prefix=self.data_dir_prefix)
        self.port = port or free_port()
        self._announced.clear()
        # The announcement read below is in the server's source language
        # whatever the caller's locale (its pages follow each browser's).
        self.process = subprocess.Popen(
            _dying_with_parent([str(self.binary), *self.arguments()]), stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8", errors="replace",
            env={**os.environ, "LC_ALL": "C.UTF-8"})
        _running_servers.append(self)
        threading.Thread(target=self._read_output, args=(self.process,), daemon=True).start()
        try:
            self._wait_until_healthy(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _read_output(self, process: subprocess.Popen) -> None:
        assert process.stdout
        for line in process.stdout:
            self.output.append(line.rstrip("\n"))
            if line.startswith(self.announcement):
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

    def timeline_path(self) -> str:
        """The timeline viewer's path with its key, from the address the server printed
        (`--timeline`): the viewer answers 404 without it."""
        prefix = "Its timeline is at "
        line = next((line for line in self.output if line.startswith(prefix)), None)
        if line is None:
            raise AssertionError("the server printed no timeline address:\n" + "\n".join(self.output[-30:]))
        return "/" + line[len(prefix):].strip().split("/", 3)[3]

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

    def stop(self, keep_data: bool = False) -> None:
        """Stops the server: SIGTERM, then SIGKILL if it is still there after 5 s.
        Its data directory goes too, unless `keep_data`."""
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
        if self.data_dir and not keep_data:
            shutil.rmtree(self.data_dir, ignore_errors=True)
            self.data_dir = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


# MARK: - Browsers


def new_driver(*, javascript: bool = True, downloads: str | None = None, language: str = "en-US") -> webdriver.Chrome:
    """A headless Chromium window, 1280×900, whose user reads `language`
    (its Accept-Language); files it downloads go to `downloads`."""
    options = webdriver.ChromeOptions()
    if Path(CHROMIUM).exists():
        options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", f"--lang={language}", "--no-first-run", "--disable-extensions",
                     "--disable-background-networking", "--disable-sync", "--disable-default-apps"):
        options.add_argument(argument)
    prefs = {"intl.accept_languages": language}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if downloads:
        prefs.update({"download.default_directory": downloads, "download.prompt_for_download": False})
    if prefs:
        options.add_experimental_option("prefs", prefs)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(PAGE_TIMEOUT * 2)
    _running_drivers.append(driver)
    if downloads:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
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


def choose_option(driver, select: str, value: str) -> None:
    """Chooses `value` in the menu `#select`, finding it again if a live update replaced it meanwhile."""
    def attempt():
        try:
            Select(driver.find_element(By.ID, select)).select_by_value(value)
            return True
        except (StaleElementReferenceException, NoSuchElementException):
            return None
    wait_for(attempt, PAGE_TIMEOUT, f"the menu #{select} to choose {value}")


def screenshot(driver, folder: Path, name: str) -> Path:
    """Saves a PNG of the window to `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    if not driver.save_screenshot(str(path)):
        raise AssertionError(f"could not save the screenshot {path}")
    return path


def publish_screenshot(source: Path, name: str) -> None:
    """Copies a screenshot into docs/screenshots, for the README, when the
    environment asks for it (E2E_PUBLISH_SCREENSHOTS=1): a test run leaves the
    working tree as it found it."""
    if os.environ.get("E2E_PUBLISH_SCREENSHOTS") != "1":
        return
    SCREENSHOTS_FOR_DOCS.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, SCREENSHOTS_FOR_DOCS / name)


def log(message: str) -> None:
    print(f"    {message}", file=sys.stderr, flush=True)


def axe_violations(driver) -> list[dict]:
    """axe-core's violations on the page shown (its WCAG 2 A and AA rules and
    best practices), each as {id, help, nodes: [target, ...]}.

    axe-core's script comes from the axe-playwright-python package
    (Scripts/lib.sh installs it without Playwright); it is read as a file, not
    imported."""
    import importlib.util
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("axe-core is missing: run the suite through its script (Scripts/lib.sh installs it)")
    source = (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text()
    driver.execute_script(source)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(' '))}))))"
        ".catch(e => done({error: String(e)}));")
    if isinstance(result, dict):
        raise RuntimeError(f"axe-core failed: {result.get('error')}")
    return result


def describe_violations(violations: list[dict]) -> str:
    """The violations, one line each, for a failing test's message."""
    return "\n".join(f"{v['id']}: {v['help']} ({', '.join(v['nodes'][:4])})" for v in violations)

