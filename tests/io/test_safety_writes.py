"""Writers: formula cells neutralised, RFC 4180 quoting, no silent folders, failing disks
give a clean exit 2 with the input untouched, temporary files cleaned on SIGTERM."""

from __future__ import annotations

import errno
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from datasetkit.io import staging

ROWS = [
    {"query": '=HYPERLINK("http://example.com/x","click")', "response": "+SUM(A1:A2)"},
    {"query": "@cmd what is the refund policy?", "response": "-5"},
    {"query": "\tTabbed question about leave?", "response": "a\rb with a bare CR"},
    {"query": "What is the notice period?", "response": "-1 day less than before, see =A1"},
]


@pytest.fixture()
def src(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    return path


def _only(tmp_path: Path, *names: str) -> None:
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)


@pytest.mark.parametrize("to", ["foundry-csv", "copilot-studio", "promptfoo"])
def test_formula_cells_are_neutralised_by_default(tmp_path, src, cli, to):
    out = tmp_path / "out.csv"
    result = cli("convert", str(src), "-o", str(out), "--to", to)
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8-sig")
    assert "'=HYPERLINK(" in text and "'@cmd" in text
    assert '"=HYPERLINK' not in text.replace("'=HYPERLINK", "")
    assert "formula" in result.output and "--no-excel-safe" in result.output
    if to == "foundry-csv":
        assert "'+SUM" in text and ",-5\n" in text  # a number is not a formula
        assert "'\tTabbed" in text


def test_no_excel_safe_writes_cells_verbatim(tmp_path, src, cli):
    out = tmp_path / "out.csv"
    result = cli("convert", str(src), "-o", str(out), "--to", "foundry-csv", "--no-excel-safe")
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "'=" not in text and '"=HYPERLINK(""http' in text


def test_a_bare_cr_is_quoted_and_the_output_reads_back(tmp_path, src, cli):
    out = tmp_path / "out.csv"
    assert cli("convert", str(src), "-o", str(out), "--to", "foundry-csv").exit_code == 0
    raw = out.read_bytes()
    assert b'"a\rb with a bare CR"' in raw
    assert cli("validate", str(out)).exit_code in (0, 1)
    back = tmp_path / "back.jsonl"
    assert cli("convert", str(out), "-o", str(back), "--from", "foundry-csv").exit_code == 0
    rows = [json.loads(line) for line in back.read_text(encoding="utf-8").splitlines()]
    assert "a\rb with a bare CR" in [r.get("response") for r in rows]


def test_a_missing_output_folder_is_an_error_unless_mkdir(tmp_path, src, cli):
    out = tmp_path / "no" / "such" / "out.jsonl"
    result = cli("convert", str(src), "-o", str(out))
    assert result.exit_code == 2
    assert "does not exist" in result.output and "--mkdir" in result.output
    assert not (tmp_path / "no").exists()
    assert cli("convert", str(src), "-o", str(out), "--mkdir").exit_code == 0
    assert out.is_file()


@pytest.mark.parametrize(
    ("where", "code", "words"),
    [
        ("fsync", errno.ENOSPC, "disk is full"),
        ("replace", errno.EPERM, "not permitted"),
        ("mkstemp", errno.EACCES, "permission denied"),
        ("mkdtemp", errno.EROFS, "read-only"),  # the staging folder of a split output
    ],
)
def test_write_failures_exit_2_with_the_input_untouched(
    tmp_path, src, cli, monkeypatch, where, code, words
):
    import tempfile

    def fail(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))

    target = {"fsync": os, "replace": os, "mkstemp": tempfile, "mkdtemp": tempfile}[where]
    before = src.read_bytes()
    monkeypatch.setattr(target, where, fail)
    outs = [(tmp_path / "out.jsonl", []), (tmp_path / "out.json", [])]
    if where == "mkdtemp":
        outs = [(tmp_path / "out.csv", ["--to", "copilot-studio"])]
    for out, extra in outs:
        result = cli("convert", str(src), "-o", str(out), *extra)
        assert result.exit_code == 2, result.output
        assert words in result.output and "Traceback" not in result.output
        assert out.name in result.output  # the user's file, not a temporary name
        assert not re.search(r"\.dk\d+|\.datasetkit-", result.output)
        assert not out.exists()
    monkeypatch.undo()
    assert src.read_bytes() == before
    _only(tmp_path, "in.jsonl")


FIXABLE = """{
  "items": [
    {"prompt": "How do I reset my VPN token?  ", "expected_response": "Use the portal.",
     "evaluators": {"relevance": {"threshold": 4}}}
  ]
}
"""


def test_in_place_edits_fail_cleanly_on_a_full_disk(tmp_path, cli, monkeypatch):
    doc = tmp_path / "evals.json"
    doc.write_text(FIXABLE, encoding="utf-8")
    before = doc.read_bytes()

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    for args in (("migrate", str(doc)), ("lint", str(doc), "--fix")):
        result = cli(*args)
        assert result.exit_code == 2, (args, result.output)
        assert "disk is full" in result.output and "evals.json: cannot write" in result.output
        assert doc.read_bytes() == before
    monkeypatch.undo()
    _only(tmp_path, "evals.json")


def test_sweep_removes_only_what_dead_processes_left(tmp_path):
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    pid = int(dead.stdout)
    (tmp_path / f".out.jsonl.dk{pid}.abcd1234.tmp").write_text("x")
    (tmp_path / f".out.jsonl.dk{pid}.abcd1234.jsonl").write_text("staged")
    (tmp_path / f".datasetkit-{pid}-abc").mkdir()
    (tmp_path / f".out.jsonl.dk{os.getpid()}.abcd1234.tmp").write_text("mine")
    (tmp_path / "out.jsonl").write_text("keep")
    removed = staging.sweep(tmp_path)
    assert len(removed) == 3
    _only(tmp_path, "out.jsonl", f".out.jsonl.dk{os.getpid()}.abcd1234.tmp")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_sigint_clean_up(tmp_path, sig):
    big = tmp_path / "big.jsonl"
    row = json.dumps({"query": "What is the leave policy " + "x" * 2000, "response": "ok"})
    big.write_text((row + "\n") * 40_000, encoding="utf-8")
    out = tmp_path / "out.csv"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "datasetkit",
            "convert",
            str(big),
            "-o",
            str(out),
            "--to",
            "foundry-csv",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if any(p.name.startswith(".") for p in tmp_path.iterdir()):
            break
        time.sleep(0.01)
    proc.send_signal(sig)
    _out, err = proc.communicate(timeout=30)
    assert b"Traceback" not in err, err
    leftovers = [p.name for p in tmp_path.iterdir() if p.name not in ("big.jsonl", "out.csv")]
    assert leftovers == []


def test_a_sigterm_removes_this_process_temporary_names_at_once(tmp_path):
    """A SIGTERM can land between a temporary file's creation and the code that removes
    it (inside mkstemp, or in a finally block): the handler removes this process's own
    names in the folders it writes in, and leaves other processes' names alone."""
    from datasetkit.io import staging

    pid = os.getpid()
    ours = [
        tmp_path / f".datasetkit-spool-{pid}-abcd.jsonl",
        tmp_path / f".out.csv.dk{pid}.abcd1234.tmp",
    ]
    (tmp_path / f".datasetkit-{pid}-efgh").mkdir()
    theirs = tmp_path / ".datasetkit-spool-1-abcd.jsonl"  # pid 1: alive, not ours
    for p in [*ours, theirs]:
        p.write_text("x", encoding="utf-8")
    (tmp_path / "out.csv").write_text("user's file", encoding="utf-8")
    staging.beside(tmp_path)
    before = signal.getsignal(signal.SIGTERM)
    try:
        with pytest.raises(staging.Terminated):
            staging._on_signal(signal.SIGTERM, None)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([theirs.name, "out.csv"])


def _dead_pid() -> int:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout)


# A bare array is a legacy document (migrate wraps it); a byte order mark is what
# lint --fix removes.
WORK = {
    "migrate": b'[{"prompt": "What is the refund window?", "expected_response": "30 days."}]',
    "lint": b'\xef\xbb\xbf{"schemaVersion": "1.0.0", "items": [{"prompt": "Refund window?"}]}',
}


@pytest.mark.parametrize(
    "args",
    [("migrate",), ("lint", "--fix")],
    ids=["migrate", "lint-fix"],
)
def test_every_command_that_writes_sweeps_what_a_killed_run_left(tmp_path, cli, args):
    doc = tmp_path / "evals.json"
    doc.write_bytes(WORK[args[0]])
    pid = _dead_pid()
    left = [f".evals.json.dk{pid}.k3x9q2ab.tmp", f".evals.json.dk{pid}.k3x9q2ab.json"]
    for name in left:
        (tmp_path / name).write_text("half-written")
    res = cli(*args, str(doc))
    assert res.exit_code in (0, 1), res.output
    assert doc.read_bytes() != WORK[args[0]], res.output  # the command wrote
    assert not [n for n in left if (tmp_path / n).exists()], sorted(os.listdir(tmp_path))


_SIGNAL_IN_A_CALLBACK = """
import os, signal, sys, time, weakref
from datasetkit.io.staging import install_signal_handlers
install_signal_handlers()
class Held: pass
held = Held()
# The signal's handler runs inside a weakref callback, where Python cannot pass its
# exception on (as when a SIGTERM lands in the import machinery's lock cleanup).
ref = weakref.ref(held, lambda _r: os.kill(os.getpid(), signal.SIGTERM))
del held
time.sleep(0.5)
print("still running")
"""


def test_a_signal_inside_a_callback_ends_the_run_without_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _SIGNAL_IN_A_CALLBACK], capture_output=True, timeout=30
    )
    assert b"Traceback" not in proc.stderr, proc.stderr
    assert b"still running" not in proc.stdout
    assert proc.returncode != 0
