"""Support for the browser end-to-end suite of the Countries app.

- `CountriesServer`: the `countries` binary on a free loopback port with a
  fresh data directory (the shared `WebServerProcess` of KeelWeb's E2E module).
- `FakeCountryAPI`: a tiny restcountries v3.1 stand-in on loopback, serving the
  app's bundled snapshot.
- Browsers, waits and screenshots: `Packages/KeelWeb/E2E/keelweb_e2e.py`.
"""

from __future__ import annotations

import http.server
import json
import os
import sys
import urllib.parse
from pathlib import Path

E2E_DIR = Path(__file__).resolve().parent
COUNTRIES_DIR = E2E_DIR.parent
REPO_ROOT = COUNTRIES_DIR.parent.parent
sys.path.insert(0, str(REPO_ROOT / "Packages" / "KeelWeb" / "E2E"))

import keelweb_e2e  # noqa: E402
from keelweb_e2e import (  # noqa: E402,F401 - re-exported for the suite
    LIVE_TIMEOUT,
    PAGE_TIMEOUT,
    POLL,
    ServerFailed,
    WebServerProcess,
    free_port,
    log,
    new_driver,
    poll,
    publish_screenshot,
    quit_driver,
    wait,
    wait_for,
)

SNAPSHOT = COUNTRIES_DIR / "Sources" / "Data" / "Resources" / "countries.json"
ARTIFACTS = Path(os.environ.get("E2E_ARTIFACTS", E2E_DIR / "artifacts"))


def countries_binary() -> Path:
    """The server binary: $COUNTRIES_BIN, relative paths taken from the repository root."""
    return keelweb_e2e.binary("COUNTRIES_BIN", "Examples/Countries/.build/debug/countries")


def snapshot_countries() -> list[dict]:
    """The countries of the bundled snapshot, in the API's shape."""
    with open(SNAPSHOT, encoding="utf-8") as file:
        return json.load(file)


# MARK: - The server


class CountriesServer(WebServerProcess):
    """One `countries` server on loopback, with its own temporary data directory.

    Use as a context manager, or call start() and stop() (stop is idempotent).
    """

    announcement = "Countries is served on "
    data_dir_prefix = "countries-e2e-"

    def __init__(self, *, phase: str = "bundled", api_base_url: str | None = None, log_level: str = "notice",
                 timeline: bool = False):
        super().__init__(countries_binary())
        self.phase = phase
        self.api_base_url = api_base_url
        self.log_level = log_level
        self.timeline = timeline

    def arguments(self) -> list[str]:
        arguments = ["--host", "127.0.0.1", "--port", str(self.port), "--data-dir", self.data_dir,
                     "--phase", self.phase, "--log-level", self.log_level]
        if self.api_base_url:
            arguments += ["--api-base-url", self.api_base_url]
        if self.timeline:
            arguments.append("--timeline")
        return arguments


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

        class Handler(keelweb_e2e.QuietHandler):
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

        self._server = keelweb_e2e.serve_in_thread(self.port, Handler)
        return self

    def stop(self) -> None:
        server, self._server = self._server, None
        keelweb_e2e.stop_serving(server)


# MARK: - Screenshots and links


def screenshot(driver, name: str) -> Path:
    """Saves a PNG of the window to the artifacts folder."""
    return keelweb_e2e.screenshot(driver, ARTIFACTS, name)


def link_quoted(link: str) -> str:
    """A deep link as the `url` query parameter of /open."""
    return urllib.parse.quote(link, safe="")
