"""The review server answers its user only: 127.0.0.1, a token on every request, its own
Host names, same-origin JSON for changes, and a page that may reach nothing else."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import datasetkit
from datasetkit.viewer.server import POLICY


@pytest.fixture()
def page(review_folder: Path) -> Iterator[datasetkit.Viewer]:
    viewer = datasetkit.view(["gen.jsonl", "foundry.jsonl"], knowledge=["kb"], open_browser=False)
    yield viewer
    viewer.stop()


def _request(
    viewer,
    method: str,
    path: str,
    *,
    token: str | None = "",
    host: str | None = None,
    body=None,
    headers=None,
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", viewer.port, timeout=30)
    sent = {"Host": host or f"127.0.0.1:{viewer.port}", **(headers or {})}
    if token == "":
        token = viewer.url.split("token=", 1)[1]
    if token is not None:
        sent["X-Datasetkit-Token"] = token
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent.setdefault("Content-Type", "application/json")
    conn.request(method, path, body=data, headers=sent)
    res = conn.getresponse()
    out = res.status, {k.lower(): v for k, v in res.getheaders()}, res.read()
    conn.close()
    return out


def test_the_page_is_on_127_0_0_1_at_a_free_port_behind_a_token(page) -> None:
    assert page.url.startswith(f"http://127.0.0.1:{page.port}/?token=")
    assert page._server.httpd.server_address[0] == "127.0.0.1"
    status, _, body = _request(page, "GET", "/", token=None, headers={})
    assert status == 403 and b"token" in body
    # The token in the address (what the user opens) or in the header lets it in.
    token = page.url.split("token=", 1)[1]
    assert _request(page, "GET", f"/?token={token}", token=None)[0] == 200
    assert _request(page, "GET", "/api/data")[0] == 200
    for path in ("/api/data", "/static/app.js", "/api/case?file=0&index=0"):
        assert _request(page, "GET", path, token=None)[0] == 403, path
        assert _request(page, "GET", path, token="x" * len(token))[0] == 403, path
    # Two reviews at once each take a port of their own.
    other = datasetkit.view("foundry.jsonl", open_browser=False)
    try:
        assert other.port != page.port and other.url != page.url
    finally:
        other.stop()


def test_a_wrong_host_is_refused(page) -> None:
    # DNS rebinding: a site whose name resolves to 127.0.0.1 sends its own name as Host.
    status, _, body = _request(page, "GET", "/api/data", host=f"evil.example:{page.port}")
    assert status == 403 and b"Host" in body
    assert _request(page, "GET", "/api/data", host=f"localhost:{page.port}")[0] == 200
    assert _request(page, "GET", "/api/data", host="127.0.0.1:1")[0] == 403


def test_the_page_may_reach_nothing_but_its_server(page) -> None:
    status, headers, body = _request(page, "GET", "/")
    assert status == 200 and headers["content-security-policy"] == POLICY
    policy = dict(p.strip().split(" ", 1) for p in POLICY.split(";"))
    assert policy["default-src"] == "'none'" and policy["connect-src"] == "'self'"
    assert policy["script-src"] == "'self'" and "unsafe" not in POLICY
    assert headers["x-frame-options"] == "DENY" and headers["referrer-policy"] == "no-referrer"
    # The page loads its own two files, with the token, and nothing from elsewhere.
    assert b"http" not in body.replace(b"http-equiv", b"")
    assert _request(page, "GET", "/static/app.css")[0] == 200


def test_changes_come_only_as_json_from_the_page_s_own_origin(page) -> None:
    save = {"files": []}
    assert _request(page, "POST", "/api/save", body=save)[0] == 200
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    assert _request(page, "POST", "/api/save", body=save, headers=form)[0] == 403
    other = {"Origin": "http://evil.example"}
    assert _request(page, "POST", "/api/save", body=save, headers=other)[0] == 403
    cross = {"Sec-Fetch-Site": "cross-site"}
    assert _request(page, "POST", "/api/save", body=save, headers=cross)[0] == 403


def test_the_page_names_files_by_number_only(page) -> None:
    status, _, body = _request(page, "GET", "/api/case?file=7&index=0")
    assert status == 400 and b"no file 7" in body
    status, _, body = _request(page, "POST", "/api/save", body={"files": [{"file": "/etc/passwd"}]})
    assert status == 400 and b"no file" in body
    status, _, body = _request(page, "GET", "/api/case?file=0&index=999")
    assert status == 400 and b"no case 999" in body
    assert _request(page, "GET", "/etc/passwd")[0] == 404
    data = json.loads(_request(page, "GET", "/api/data")[2])
    assert [f["name"] for f in data["files"]] == ["foundry.jsonl", "gen.jsonl"]
    assert len(data["cases"]) == 10 and data["knowledge"]
