"""A stand-in for the restcountries API, on 127.0.0.1, for the reload storm:
it answers every request after DELAY milliseconds, with 404 for /alpha/<code>
(a country it does not know) and an empty list otherwise. /stats answers at
once with how many requests it answered and how many the client gave up on.

Usage: stand-in-api.py PORT_FILE [DELAY_MS]
Writes the port it listens on to PORT_FILE, then serves until killed.
"""
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    delay = 0.05
    lock = threading.Lock()
    answered = 0
    abandoned = 0

    def do_GET(self):
        if self.path == "/stats":
            with Handler.lock:
                body = b'{"answered": %d, "abandoned": %d}' % (Handler.answered, Handler.abandoned)
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        time.sleep(self.delay)
        if "/alpha/" in self.path:
            body, status = b'{"status":404,"message":"Not Found"}', 404
        else:
            body, status = b"[]", 200
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
            with Handler.lock:
                Handler.answered += 1
        except (BrokenPipeError, ConnectionResetError):
            with Handler.lock:
                Handler.abandoned += 1  # the client gave up: a cancelled request

    def log_message(self, *args):
        pass


def main():
    port_file = sys.argv[1]
    Handler.delay = (float(sys.argv[2]) if len(sys.argv) > 2 else 50) / 1000
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    with open(port_file, "w") as file:
        file.write(str(server.server_address[1]))
    server.serve_forever()


if __name__ == "__main__":
    main()
