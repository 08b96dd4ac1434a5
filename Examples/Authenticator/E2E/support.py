"""Support for the browser end-to-end suite of the Authenticator app.

- `AuthenticatorServer`: the `authenticator-web` binary on a free loopback
  port (a fresh vault in a temporary data directory, or the demo phase),
  logging at trace level, behind a `RecordingProxy`.
- `RecordingProxy`: the browser talks to the server through it; it keeps
  every response body and every event-stream message, for the leak scan.
- `LeakScan`: searches bodies, messages and the server's log for the test
  secrets, in every form a secret could take.
- Independent computations: codes with `pyotp`, Google migration links
  encoded here from the .proto's field numbers, Aegis vaults through
  `Scripts/aegis_compat.py`.
- Browsers, waits and screenshots: `Packages/KeelWeb/E2E/keelweb_e2e.py`
  (importing this module puts it on the path).
"""

from __future__ import annotations

import base64
import http.client
import http.server
import os
import re
import secrets
import sys
import threading
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

E2E_DIR = Path(__file__).resolve().parent
APP_DIR = E2E_DIR.parent
REPO_ROOT = APP_DIR.parent.parent
sys.path.insert(0, str(REPO_ROOT / "Packages" / "KeelWeb" / "E2E"))
sys.path.insert(0, str(APP_DIR / "Scripts"))

import aegis_compat  # noqa: E402,F401 - re-exported for the suite
import pyotp  # noqa: E402
import keelweb_e2e  # noqa: E402
from keelweb_e2e import WebServerProcess, free_port  # noqa: E402

ARTIFACTS = Path(os.environ.get("E2E_ARTIFACTS", E2E_DIR / "artifacts"))


def authenticator_binary() -> Path:
    """The server binary: $AUTHENTICATOR_WEB_BIN, relative paths taken from the repository root."""
    return keelweb_e2e.binary("AUTHENTICATOR_WEB_BIN", "Examples/Authenticator/.build/debug/authenticator-web")


def screenshot(driver, name: str) -> Path:
    """Saves a PNG of the window to the artifacts folder."""
    return keelweb_e2e.screenshot(driver, ARTIFACTS, name)


# MARK: - Secrets and codes


@dataclass
class TestSecret:
    """A random secret made for one test: no response or log line may ever hold it."""

    raw: bytes = field(default_factory=lambda: secrets.token_bytes(20))

    @property
    def base32(self) -> str:
        return base64.b32encode(self.raw).decode("ascii").rstrip("=")

    def totp(self, *, digits: int = 6, period: int = 30, digest: str = "sha1") -> pyotp.TOTP:
        import hashlib
        return pyotp.TOTP(self.base32, digits=digits, interval=period, digest=getattr(hashlib, digest))

    def hotp(self, *, digits: int = 6) -> pyotp.HOTP:
        return pyotp.HOTP(self.base32, digits=digits)

    def needles(self) -> list[bytes]:
        """Every form the secret could take in a response or a log line."""
        padded = base64.b32encode(self.raw)
        forms = {padded, padded.rstrip(b"="), padded.lower(), padded.rstrip(b"=").lower(),
                 self.raw.hex().encode(), self.raw.hex().upper().encode(), base64.b64encode(self.raw), self.raw}
        return sorted(forms)


def otpauth_link(secret: TestSecret, issuer: str, name: str, **parameters) -> str:
    """An otpauth:// link, as a service's QR code carries it."""
    kind = parameters.pop("kind", "totp")
    query = {"secret": secret.base32, "issuer": issuer, **{key: str(value) for key, value in parameters.items()}}
    label = urllib.parse.quote(f"{issuer}:{name}")
    return f"otpauth://{kind}/{label}?{urllib.parse.urlencode(query)}"


# MARK: - Google Authenticator's export, encoded here


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _field(number: int, value) -> bytes:
    if isinstance(value, int):
        return _varint(number << 3) + _varint(value)
    data = value.encode() if isinstance(value, str) else value
    return _varint(number << 3 | 2) + _varint(len(data)) + data


def google_migration_link(entries: list[dict]) -> str:
    """An `otpauth-migration://offline?data=…` link of one page, from entries with
    secret (bytes), name, issuer and optionally algorithm (1 SHA1 … 4 MD5), digits
    (1 six, 2 eight), type (1 HOTP, 2 TOTP), counter: MigrationPayload's field numbers."""
    payload = b""
    for entry in entries:
        parameters = (_field(1, entry["secret"]) + _field(2, entry["name"]) + _field(3, entry["issuer"])
                      + _field(4, entry.get("algorithm", 1)) + _field(5, entry.get("digits", 1))
                      + _field(6, entry.get("type", 2)))
        if "counter" in entry:
            parameters += _field(7, entry["counter"])
        payload += _field(1, parameters)
    payload += _field(2, 1) + _field(3, 1) + _field(4, 0) + _field(5, 4242)
    data = urllib.parse.quote(base64.b64encode(payload).decode("ascii"), safe="")
    return f"otpauth-migration://offline?data={data}"


# MARK: - The recording proxy


class RecordingProxy:
    """A reverse proxy on loopback in front of `upstream_port` that keeps every
    response body (`bodies`, with their paths), every response's headers
    (`headers`: a Location or a Content-Disposition could hold one too) and
    every event-stream message (`messages`); event streams are passed on line
    by line, as they come.
    Request bodies are kept too (`requests`): they carry the secrets typed,
    which shows the scan would find one."""

    def __init__(self, upstream_port: int):
        self.upstream_port = upstream_port
        self.port = free_port()
        self.bodies: list[tuple[str, bytes]] = []
        self.headers: list[tuple[str, bytes]] = []
        self.messages: list[str] = []
        self.requests: list[bytes] = []
        self._lock = threading.Lock()
        self._server: http.server.ThreadingHTTPServer | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base_url + path

    def start(self) -> "RecordingProxy":
        proxy = self

        class Handler(keelweb_e2e.QuietHandler):
            def do_GET(self):  # noqa: N802
                self._forward()

            def do_POST(self):  # noqa: N802
                self._forward()

            def _forward(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                if body:
                    proxy._record_request(body)
                upstream = http.client.HTTPConnection("127.0.0.1", proxy.upstream_port, timeout=120)
                headers = {key: value for key, value in self.headers.items()
                           if key.lower() not in ("connection", "keep-alive", "proxy-connection")}
                try:
                    upstream.request(self.command, self.path, body=body, headers=headers)
                    response = upstream.getresponse()
                    proxy._record_headers(self.path, response.getheaders())
                    streaming = (response.getheader("Content-Type") or "").startswith("text/event-stream")
                    self.send_response_only(response.status, response.reason)
                    for key, value in response.getheaders():
                        if key.lower() not in ("content-length", "transfer-encoding", "connection"):
                            self.send_header(key, value)
                    if streaming:
                        self._stream(response)
                    else:
                        data = response.read()
                        proxy._record_body(self.path, data)
                        self.send_header("Content-Length", str(len(data)))
                        self.send_header("Connection", "close")
                        self.end_headers()
                        self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    upstream.close()

            def _stream(self, response):
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.flush()
                event: list[str] = []
                while True:
                    line = response.readline()
                    if not line:
                        break
                    self.wfile.write(line)
                    self.wfile.flush()
                    text = line.decode("utf-8", "replace").rstrip("\r\n")
                    if text:
                        event.append(text)
                    elif event:
                        proxy._record_message("\n".join(event))
                        event = []
                if event:
                    proxy._record_message("\n".join(event))

        self._server = keelweb_e2e.serve_in_thread(self.port, Handler)
        return self

    def _record_body(self, path: str, data: bytes) -> None:
        with self._lock:
            self.bodies.append((path, data))

    def _record_headers(self, path: str, headers: list[tuple[str, str]]) -> None:
        text = "\n".join(f"{key}: {value}" for key, value in headers)
        with self._lock:
            self.headers.append((path, text.encode("latin-1", "replace")))

    def _record_request(self, data: bytes) -> None:
        with self._lock:
            self.requests.append(data)

    def _record_message(self, message: str) -> None:
        with self._lock:
            self.messages.append(message)

    def stop(self) -> None:
        server, self._server = self._server, None
        keelweb_e2e.stop_serving(server)


# MARK: - The server


class AuthenticatorServer(WebServerProcess):
    """One `authenticator-web` server on loopback (a fresh vault in its own
    temporary data directory, or the demo phase), logging at trace level,
    reached through a `RecordingProxy` (`url()` is the proxy's)."""

    announcement = "The Authenticator is served on "
    data_dir_prefix = "authenticator-e2e-"

    def __init__(self, *, phase: str = "device", timeline: bool = False):
        super().__init__(authenticator_binary())
        self.phase = phase
        self.timeline = timeline
        self.proxy: RecordingProxy | None = None

    def arguments(self) -> list[str]:
        return ["--host", "127.0.0.1", "--port", str(self.port), "--data-dir", self.data_dir,
                "--phase", self.phase, "--log-level", "trace"] + (["--timeline"] if self.timeline else [])

    def start(self, timeout: float = 60) -> "AuthenticatorServer":
        super().start(timeout)
        self.proxy = RecordingProxy(self.port).start()
        return self

    def url(self, path: str) -> str:
        return self.proxy.url(path) if self.proxy else super().url(path)

    def restart(self) -> None:
        """Stops the server's process and starts it again on the same port with the
        same vault (the proxy, and so the browser's address, stay)."""
        port = self.port
        WebServerProcess.stop(self, keep_data=True)
        WebServerProcess.start(self, port=port)

    def stop(self, keep_data: bool = False) -> None:
        if self.proxy:
            self.proxy.stop()
        super().stop(keep_data)

    def demo_passphrase(self) -> str:
        """The passphrase the demo phase printed."""
        prefix = "Demo vault: unlock it with the passphrase "
        line = next((line for line in self.output if line.startswith(prefix)), None)
        if line is None:
            raise AssertionError("the demo phase printed no passphrase:\n" + "\n".join(self.output))
        return line[len(prefix):].strip()


# MARK: - The leak scan


@dataclass
class LeakScan:
    """What the suite scanned for secrets, and what it found."""

    bodies: int = 0
    headers: int = 0
    messages: int = 0
    log_lines: int = 0
    needles: int = 0
    hits: list[str] = field(default_factory=list)
    # Requests that carried a test secret (typed, pasted, uploaded): found
    # there, it shows the scan can find what it looks for.
    found_in_requests: int = 0

    def scan(self, server: AuthenticatorServer, secrets_: list[TestSecret], name: str) -> None:
        """Searches what `server` answered and logged for `secrets_`, each place
        as it is and normalised (URL-decoded, without white space, `+` or `-`,
        in capitals), so that a secret spaced, lowercased or encoded is found too."""
        needles = [needle for secret in secrets_ for needle in secret.needles()]
        self.needles += len(needles)
        proxy = server.proxy
        places: list[tuple[str, bytes]] = []
        if proxy:
            places += [(f"{name}: the response to {path}", body) for path, body in proxy.bodies]
            places += [(f"{name}: the headers of {path}", text) for path, text in proxy.headers]
            places += [(f"{name}: an event-stream message", message.encode()) for message in proxy.messages]
            self.bodies += len(proxy.bodies)
            self.headers += len(proxy.headers)
            self.messages += len(proxy.messages)
        places += [(f"{name}: a log line", line.encode()) for line in server.output]
        self.log_lines += len(server.output)
        for where, data in places:
            normalised = _normalised(data)
            for needle in needles:
                if needle in data or _normalised(needle) in normalised:
                    self.hits.append(f"{where} holds a secret")
                    break
        if proxy:
            self.found_in_requests += sum(
                1 for body in proxy.requests if any(_normalised(needle) in _normalised(body) for needle in needles))


def _normalised(data: bytes) -> bytes:
    """`data` URL-decoded, without white space, `+` or `-`, in capitals (raw bytes stay as they are)."""
    text = urllib.parse.unquote_plus(data.decode("latin-1"))
    return re.sub(r"[\s+\-]", "", text).upper().encode("latin-1", "replace")
