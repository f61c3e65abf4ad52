"""``datasetkit view``: prints the page's address, serves it until Ctrl-C, refuses bad input."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

from tests.conftest import ROOT


def _write(path: Path) -> Path:
    rows = [{"query": "Who approves leave?", "ground_truth": "Your manager."}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_view_prints_the_address_and_serves_until_interrupted(tmp_path: Path) -> None:
    _write(tmp_path / "data.jsonl")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "datasetkit", "view", "data.jsonl", "--no-browser"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        parts = urlsplit(url)
        assert parts.scheme == "http" and parts.hostname == "127.0.0.1", url
        conn = http.client.HTTPConnection("127.0.0.1", parts.port, timeout=30)
        conn.request("GET", f"/api/data?{parts.query}")
        res = conn.getresponse()
        assert res.status == 200
        assert json.loads(res.read())["cases"][0]["p"] == "Who approves leave?"
        conn.request("GET", "/api/data")
        refused = conn.getresponse()
        assert refused.status == 403
        refused.read()
        conn.close()
    finally:
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "press Ctrl-C to stop it" in err and "stopped" in err and "Traceback" not in err


def test_view_refuses_what_it_cannot_review(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    missing = cli("view", "nope.jsonl", "--no-browser")
    assert missing.exit_code == 2 and "nope.jsonl" in missing.stderr
    _write(tmp_path / "a.jsonl")
    _write(tmp_path / "b.jsonl")
    two = cli("view", "a.jsonl", "b.jsonl", "-o", "out.jsonl", "--no-browser")
    assert two.exit_code == 2 and "one dataset" in two.stderr
    bad_to = cli("view", "a.jsonl", "-o", "out.txt", "--no-browser")
    assert bad_to.exit_code == 2 and "--to" in bad_to.stderr
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    broken = cli("view", "broken.json", "--no-browser")
    assert broken.exit_code == 2 and "broken.json" in broken.stderr
    assert "Traceback" not in broken.output
