"""Crash and Ctrl-C in the middle of a run, then --resume: no paid call repeated, nothing lost."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from datasetkit.generate.llm.wire.units import seed_for as _seed_for
from tests.helpers.llm_helpers import generator, make_plan
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parents[4]

CHILD = r"""
import json, sys
from tests.helpers.llm_helpers import generator, make_plan

class Srv:
    url = sys.argv[1]

gen = generator(Srv, __import__("pathlib").Path(sys.argv[2]), settings={"concurrency": 2}, question_types=["lookup"])
result = gen.generate_knowledge(make_plan(10, seed=21))
print(json.dumps({"cases": len(result.cases), "stopped": result.usage["stopped"]}), flush=True)
"""


def _journaled(journal_dir: Path) -> int:
    files = list(journal_dir.glob("*.jsonl"))
    if not files:
        return 0
    return sum(
        1 for line in files[0].read_text(encoding="utf-8").splitlines() if '"t":"response"' in line
    )


def _start(server: FakeLLMServer, tmp: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, server.url, str(tmp)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _wait_for_responses(tmp: Path, n: int, proc: subprocess.Popen[str]) -> None:
    # The child imports the package and the client first: on a loaded machine that alone
    # can take many seconds, so only a run that stalls for a minute is a failure.
    deadline = time.monotonic() + 60
    while _journaled(tmp / ".datasetkit" / "runs") < n:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert time.monotonic() < deadline, "the child run made no progress"
        time.sleep(0.02)


def _resume_and_check(server: FakeLLMServer, tmp: Path) -> None:
    journal = next((tmp / ".datasetkit" / "runs").glob("*.jsonl"))
    records = [json.loads(x) for x in journal.read_text(encoding="utf-8").splitlines() if x.strip()]
    paid_units = {r["unit"] for r in records if r.get("t") == "response"}
    paid_seeds = {_seed_for(21, u) for u in paid_units}
    fresh = generator(server, tmp / "fresh", question_types=["lookup"]).generate_knowledge(
        make_plan(10, seed=21)
    )
    before = len(server.chat_requests())
    # No cache: only the journal can save the paid calls.
    resumed = generator(
        server,
        tmp,
        settings={"concurrency": 2, "no_cache": True},
        resume=True,
        question_types=["lookup"],
    ).generate_knowledge(make_plan(10, seed=21))
    sent = server.chat_requests()[before:]
    assert resumed.usage["replayed_from_journal"] == len(paid_units)
    assert not paid_seeds & {r["body"]["seed"] for r in sent}  # no journaled request sent again
    assert len(sent) == fresh.usage["calls"] - len(paid_units)
    assert len(resumed.cases) == 10 and not resumed.shortfall
    ids = [gc.case.id for gc in resumed.cases]
    assert len(set(ids)) == 10
    assert ids == [gc.case.id for gc in fresh.cases]  # the same cases an uninterrupted run gives


def test_resume_after_a_hard_crash(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    llm_server.latency = 1.0
    proc = _start(llm_server, tmp_path)
    try:
        _wait_for_responses(tmp_path, 3, proc)
        proc.kill()  # no chance to clean up: like a power cut
    finally:
        proc.wait(timeout=10)
    llm_server.latency = 0
    _resume_and_check(llm_server, tmp_path)


def test_ctrl_c_stops_cleanly_and_resumes(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    # Slow enough replies that, on a loaded machine, the run is still going when the
    # signal lands after the third reply (7 replies left, 2 at a time: over three seconds,
    # so a second test run beside this one cannot let the run finish first).
    llm_server.latency = 1.0
    proc = _start(llm_server, tmp_path)
    try:
        _wait_for_responses(tmp_path, 3, proc)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    report = json.loads(out.strip().splitlines()[-1])
    assert "interrupted" in report["stopped"] and report["cases"] < 10, err
    llm_server.latency = 0
    _resume_and_check(llm_server, tmp_path)
