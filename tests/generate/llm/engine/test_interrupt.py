"""Stopping: Ctrl-C during slow replies cancels them at once and --resume pays for
nothing twice; a server that is not there, or that keeps failing, stops the run soon
with a clear message and exit 2."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from datasetkit.generate.llm.wire.client import unreachable_reason
from tests.conftest import ROOT
from tests.helpers.llm_helpers import POLICY, TEST_KEY, generate_args, generator, make_plan
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)


def _command(server_url: str, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "datasetkit",
        *generate_args("policy.md", output="evals.json", count=6, seed=3, url=server_url),
        "--no-critic",
        "--no-judge",
        "--concurrency",
        "2",
        *extra,
    ]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "DATASETKIT"))}
    env["TEAM_KEY"] = TEST_KEY
    env["PYTHONPATH"] = str(ROOT)
    return env


def _paid(work: Path) -> int:
    """Replies the run has journaled so far (0 before its journal exists)."""
    found = list((work / ".datasetkit" / "runs").glob("*.jsonl"))
    if not found:
        return 0
    n = 0
    for line in found[0].read_text(encoding="utf-8").splitlines():
        # The last line may be the one the run is writing right now.
        with contextlib.suppress(ValueError):
            n += json.loads(line).get("t") == "response"
    return n


def _journal(work: Path) -> list[dict[str, object]]:
    (path,) = (work / ".datasetkit" / "runs").glob("*.jsonl")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_ctrl_c_cancels_slow_requests_at_once_and_resume_pays_nothing_twice(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    (tmp_path / "policy.md").write_text(
        "\n\n".join(f"# {h}\n\n{t}" for h, t in POLICY), encoding="utf-8"
    )
    llm_server.slow_after = 3  # then every reply takes 30 s
    proc = subprocess.Popen(
        _command(llm_server.url),
        cwd=tmp_path,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    # The three quick replies journaled by the run itself (not only sent by the server),
    # and the two slow requests on the wire: on a loaded machine the run can lag behind.
    while not (
        llm_server.chat_ok >= 3 and len(llm_server.chat_requests()) >= 5 and _paid(tmp_path) >= 3
    ):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.05)
    time.sleep(0.3)
    sent_at = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=10)
    # At once: well before the 30 s the slow replies would take (a loaded machine adds
    # a second or two to the process's own shutdown).
    assert time.monotonic() - sent_at < 5.0, err
    assert "stopping: 2 requests cancelled" in err
    assert "http requests 5: ok 3, retried 0, failed 0, cancelled 2" in err
    assert "Traceback" not in err
    paid = [r for r in _journal(tmp_path) if r["t"] == "response"]
    assert len(paid) == 3  # every finished reply journaled, none of the cancelled ones

    llm_server.slow_after = None
    before = len(llm_server.chat_requests())
    done = subprocess.run(
        _command(llm_server.url, "--resume"),
        cwd=tmp_path,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert len(llm_server.chat_requests()) - before == 6 - 3  # the paid three replayed
    assert len(json.loads((tmp_path / "evals.json").read_text(encoding="utf-8"))["items"]) == 6
    assert "replayed 3" in done.stderr
    # The manifest counts what both invocations paid for.
    manifest = json.loads((tmp_path / "evals.json.manifest.json").read_text(encoding="utf-8"))
    total = manifest["usage"]["all_invocations"]
    assert total["invocations"] == 2 and total["calls"] == 6
    assert total["output_tokens"] > manifest["usage"]["output_tokens"]
    assert "all 2 invocations of this run: calls 6" in done.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_server_that_is_not_running_stops_the_run_soon_with_exit_2(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "policy.md").write_text(f"# {POLICY[0][0]}\n\n{POLICY[0][1]}", encoding="utf-8")
    url = f"http://127.0.0.1:{_free_port()}/v1"
    started = time.monotonic()
    res = cli(*_command(url)[3:], env={"TEAM_KEY": TEST_KEY})
    assert time.monotonic() - started < 10
    assert res.exit_code == 2, res.stderr
    assert f"could not connect to {url} (connection refused)" in res.stderr
    assert "start the server, or fix --base-url" in res.stderr


def test_unreachable_reasons_are_read_from_the_cause_chain() -> None:
    try:
        try:
            raise OSError("[Errno -2] Name or service not known")
        except OSError as inner:
            raise RuntimeError("Connection error.") from inner
    except RuntimeError as exc:
        assert unreachable_reason(exc) == "the host name does not resolve"
    assert unreachable_reason(RuntimeError("Connection error.")) is None


def test_a_server_that_keeps_failing_stops_after_the_budget_with_the_count(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.mode.add("always_500")
    gen = generator(llm_server, tmp_path, {"error_budget": 5}, question_types=["lookup"])
    result = gen.generate_knowledge(make_plan(3))
    assert not result.cases
    stopped = result.usage["stopped"]
    assert "requests in a row with a server error (500 x" in stopped
    http = result.usage["http"]
    assert http["ok"] == 0 and http["by_status"]["500"] == http["requests"]
    assert http["requests"] <= 5 + 4  # the budget, plus what was in flight
    assert http["requests"] == http["retries"] + http["failed"] + http["cancelled"]
