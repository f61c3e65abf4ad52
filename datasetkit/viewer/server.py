"""The review page's HTTP server (the standard library's), and what keeps it to its user.

- It listens on 127.0.0.1 only, on a free port unless one is asked for.
- Every request carries a random token (in the URL the user opens, then in a header),
  as Jupyter's does: another user of the machine, or a web page that guesses the port,
  gets 403.
- The Host header must name this server (``127.0.0.1:PORT`` or ``localhost:PORT``): a
  site whose name resolves to 127.0.0.1 (DNS rebinding) is refused.
- Changes come as JSON POSTs from this origin only (a form on another site cannot send them).
- The page's Content-Security-Policy allows its own scripts, styles and requests to this
  server and nothing else: no request leaves the machine, no inline script runs.
- The page names files by number, so only the files named on the command line are read
  or written (:mod:`.session`).
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from datasetkit.core.findings import DatasetkitError
from datasetkit.viewer.session import ReviewSession, page_file

TOKEN_HEADER = "X-Datasetkit-Token"
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
_HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
_ASSETS = {
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/app.css": ("app.css", "text/css; charset=utf-8"),
}
# A save carries only the changed cases; more than this is no page of ours.
MAX_BODY = 32 * 1024 * 1024


class ReviewServer:
    """The server of one review session, on 127.0.0.1."""

    def __init__(self, session: ReviewSession, port: int = 0) -> None:
        self.session = session
        self.token = secrets.token_urlsafe(32)
        try:
            self.httpd = ThreadingHTTPServer(("127.0.0.1", port), _handler(self))
        except OSError as exc:
            raise DatasetkitError(
                f"cannot listen on 127.0.0.1 port {port}: {exc.strerror or exc}",
                "leave --port out to take a free port",
            ) from None
        self.httpd.daemon_threads = True
        self.port: int = self.httpd.server_address[1]
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        self.origins = {f"http://{h}" for h in self.hosts}
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The page's address, with the token."""
        return f"http://127.0.0.1:{self.port}/?token={self.token}"

    def start(self) -> None:
        """Serve in a background thread."""
        self._thread = threading.Thread(
            target=self.httpd.serve_forever, name="datasetkit-view", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop serving and free the port."""
        self.httpd.shutdown()
        self.httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def allows(self, token: str | None) -> bool:
        """Whether ``token`` is this server's (compared in constant time)."""
        return bool(token) and hmac.compare_digest(str(token), self.token)


def _handler(server: ReviewServer) -> type[BaseHTTPRequestHandler]:
    class Handler(_ReviewHandler):
        review = server

    return Handler


class _ReviewHandler(BaseHTTPRequestHandler):
    review: ReviewServer
    server_version = "datasetkit-view"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing: request lines carry the token."""

    # -- checks ----------------------------------------------------------------------

    def _refusal(self) -> str | None:
        """Why this request is refused (None: it is not)."""
        host = (self.headers.get("Host") or "").lower()
        if host not in self.review.hosts:
            return "unknown Host: this server answers only to 127.0.0.1 and localhost"
        query = parse_qs(urlsplit(self.path).query)
        token = self.headers.get(TOKEN_HEADER) or next(iter(query.get("token") or []), None)
        if not self.review.allows(token):
            return "missing or wrong token: open the address datasetkit printed"
        return None

    def _post_refusal(self) -> str | None:
        origin = self.headers.get("Origin")
        if origin is not None and origin not in self.review.origins:
            return "a request from another site"
        if self.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            return "a request from another site"
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        if kind != "application/json":
            return "not a JSON request"
        return None

    # -- answers ---------------------------------------------------------------------

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        for name, value in _HEADERS.items():
            self.send_header(name, value)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, value: Any) -> None:
        body = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        self._send(status, body, "application/json; charset=utf-8")

    def _forbid(self, why: str) -> None:
        self._send(403, f"forbidden: {why}\n".encode(), "text/plain; charset=utf-8")

    def do_GET(self) -> None:
        """The page, its two files, the list and a case."""
        why = self._refusal()
        if why is not None:
            return self._forbid(why)
        route = urlsplit(self.path).path
        if route in ("/", "/index.html"):
            html = page_file("index.html").decode("utf-8").replace("{{TOKEN}}", self.review.token)
            return self._send(200, html.encode("utf-8"), "text/html; charset=utf-8")
        if route in _ASSETS:
            name, kind = _ASSETS[route]
            return self._send(200, page_file(name), kind)
        query = {k: v[0] for k, v in parse_qs(urlsplit(self.path).query).items()}
        if route == "/api/data":
            return self._answer(lambda: (200, self.review.session.data_json()))
        if route == "/api/case":
            return self._answer(
                lambda: (200, self.review.session.case(_int(query, "file"), _int(query, "index")))
            )
        self._send(404, b"not found\n", "text/plain; charset=utf-8")

    def do_POST(self) -> None:
        """A live check, or a save."""
        why = self._refusal() or self._post_refusal()
        if why is not None:
            return self._forbid(why)
        route = urlsplit(self.path).path
        session = self.review.session
        if route == "/api/check":
            return self._answer(
                lambda: (
                    200,
                    session.check(
                        _field(self._body(), "file"),
                        _field(self._body(), "index"),
                        self._body().get("edit") or {},
                    ),
                )
            )
        if route == "/api/save":
            return self._answer(lambda: session.save(self._body()))
        self._send(404, b"not found\n", "text/plain; charset=utf-8")

    def _body(self) -> dict[str, Any]:
        cached: dict[str, Any] | None = getattr(self, "_cached_body", None)
        if cached is not None:
            return cached
        length = int(self.headers.get("Content-Length") or 0)
        if not 0 < length <= MAX_BODY:
            raise DatasetkitError("the request has no body, or one too large", "reload the page")
        try:
            body = json.loads(self.rfile.read(length))
        except ValueError:
            raise DatasetkitError("the request is not JSON", "reload the page") from None
        if not isinstance(body, dict):
            raise DatasetkitError("the request is not a JSON object", "reload the page")
        self._cached_body = body
        return body

    def _answer(self, work: Any) -> None:
        """Run ``work`` (status and value); errors become JSON the page shows."""
        try:
            status, value = work()
        except DatasetkitError as exc:
            return self._json(400, {"error": exc.message, "hint": exc.hint})
        except Exception as exc:  # the server keeps serving; the page says what failed
            from datasetkit.io.safety import explain

            err = explain(exc, "the review")
            return self._json(500, {"error": err.message, "hint": err.hint})
        if isinstance(value, bytes):  # JSON made already
            return self._send(status, value, "application/json; charset=utf-8")
        self._json(status, value)


def _int(query: dict[str, str], name: str) -> int:
    try:
        return int(query[name])
    except (KeyError, ValueError):
        raise DatasetkitError(f"the request has no number {name!r}", "reload the page") from None


def _field(body: dict[str, Any], name: str) -> int:
    value = body.get(name)
    if not isinstance(value, int):
        raise DatasetkitError(f"the request has no number {name!r}", "reload the page")
    return value
