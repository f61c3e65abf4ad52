"""SIGKILL at random points of migrate, lint --fix and convert -o; concurrent in-place edits.

A child process repeats one edit in a loop (so kills land at every point of it: the
backup, the temporary file, the rename); the parent kills it after a random delay and
checks the folder: the target is the complete old or new file, every backup is the
complete original, and what the dead process left is only pid-tagged temporary names
that the next run sweeps away. DATASETKIT_KILL_TRIALS sets the trials per command
(default 12; the closing note of issue 14 reports a longer run).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest

from datasetkit.io import staging
from datasetkit.io.inplace import write_backup

TRIALS = int(os.environ.get("DATASETKIT_KILL_TRIALS", "12"))

LEGACY = json.dumps(
    [
        {"prompt": f"What is the leave policy for case {i}?", "expected_response": "20 days."}
        for i in range(200)
    ],
    indent=2,
).encode()

FIXABLE = json.dumps(
    {
        "schemaVersion": "1.11.0",
        "items": [
            {
                "prompt": f"How do I reset my VPN token number {i}?  ",
                "expected_response": "Use the portal.",
                "evaluators": {"relevance": {"threshold": 4}},
            }
            for i in range(20)
        ],
    },
    indent=2,
).encode()

CHILD = """
import os, sys
from pathlib import Path
from datasetkit import migrate
from datasetkit.convert.entry import convert
from datasetkit.io.inplace import locked
from datasetkit.io.files import atomic_write_bytes
from datasetkit.lint import LintConfig
from datasetkit.lint.fix.apply import fix_file
kind, target, original = sys.argv[1], sys.argv[2], Path(sys.argv[3]).read_bytes()
src = sys.argv[4] if len(sys.argv) > 4 else None
print("ready", flush=True)
while True:
    if kind == "convert":
        convert([src], target, target="foundry-csv", force=True)
        continue
    with locked(target):
        atomic_write_bytes(target, original)  # back to the old file, atomically
        if kind == "migrate":
            migrate.apply(migrate.plan(target))
        else:
            fix_file(target, None, LintConfig(), write=True)
"""


def _expected(kind: str, tmp: Path, original: bytes, src: Path | None) -> bytes:
    """The new file one uninterrupted run writes."""
    ref = tmp / "ref"
    ref.mkdir()
    if kind == "convert":
        from datasetkit.convert.entry import convert

        out = ref / "out.csv"
        convert([str(src)], str(out), target="foundry-csv")
        return out.read_bytes()
    path = ref / "evals.json"
    path.write_bytes(original)
    if kind == "migrate":
        from datasetkit import migrate

        migrate.apply(migrate.plan(str(path)))
    else:
        from datasetkit.lint import LintConfig
        from datasetkit.lint.fix.apply import fix_file

        fix_file(str(path), None, LintConfig(), write=True)
    return path.read_bytes()


@pytest.mark.parametrize("kind", ["migrate", "fix", "convert"])
def test_sigkill_at_random_points(tmp_path, kind):
    rng = random.Random(14)
    original = LEGACY if kind == "migrate" else FIXABLE
    src = None
    if kind == "convert":
        src = tmp_path / "in.jsonl"
        rows = [{"query": f"What is rule {i}?", "response": "r" * 200} for i in range(1000)]
        src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    new = _expected(kind, tmp_path, original, src)
    work = tmp_path / "work"
    work.mkdir()
    (tmp_path / "original").write_bytes(original)
    target = work / ("out.csv" if kind == "convert" else "evals.json")
    if kind != "convert":
        target.write_bytes(original)
    left_behind = 0
    states: dict[bool | None, int] = {True: 0, False: 0, None: 0}
    for _ in range(TRIALS):
        args = [kind, str(target), str(tmp_path / "original")] + ([str(src)] if src else [])
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, *args], stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 1.2))
        child.send_signal(signal.SIGKILL)
        child.wait()
        if target.exists() or kind != "convert":
            assert target.read_bytes() in (original, new), "a torn target"
        for backup in work.glob("evals.json.bak.*"):
            assert backup.read_bytes() == original, f"a torn backup {backup.name}"
        others = [
            p.name
            for p in work.iterdir()
            if p != target and not p.name.startswith("evals.json.bak.")
        ]
        states[target.read_bytes() == new if target.exists() else None] += 1
        left_behind += len(others)
        # What a killed process leaves is only its own pid-tagged names, swept by the next run.
        staging.sweep(work)
        rest = [
            p.name
            for p in work.iterdir()
            if p != target and not p.name.startswith("evals.json.bak.")
        ]
        assert rest == [], rest
    print(
        f"{kind}: {TRIALS} kills (target new {states[True]}, old {states[False]}, "
        f"absent {states[None]}), {left_behind} temporary names left and swept, "
        f"{len(list(work.glob('evals.json.bak.*')))} backups whole"
    )


def _run(*args: str, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "datasetkit", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("kind", ["migrate", "fix"])
def test_concurrent_in_place_edits_lose_nothing(tmp_path, kind):
    original = LEGACY if kind == "migrate" else FIXABLE
    new = _expected(kind, tmp_path, original, None)
    for trial in range(3):
        folder = tmp_path / f"t{trial}"
        folder.mkdir()
        target = folder / "evals.json"
        target.write_bytes(original)
        args = ("migrate", "evals.json") if kind == "migrate" else ("lint", "evals.json", "--fix")
        procs = [_run(*args, cwd=folder) for _ in range(2)]
        outs = [p.communicate(timeout=60) for p in procs]
        assert all("Traceback" not in err for _, err in outs), outs
        assert target.read_bytes() == new, outs
        backups = sorted(folder.glob("evals.json.bak.*"))
        # One run edited; the other waited for the lock, then found nothing left to do.
        assert len(backups) == 1, (backups, outs)
        assert backups[0].read_bytes() == original
        assert sorted(p.name for p in folder.iterdir()) == ["evals.json", backups[0].name]


def test_backups_in_the_same_second_never_collide(tmp_path):
    target = tmp_path / "evals.json"
    target.write_bytes(LEGACY)
    when = datetime(2026, 1, 2, 3, 4, 5)
    made: list[Path] = []
    threads = [
        threading.Thread(target=lambda: made.append(write_backup(target, when))) for _ in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    names = sorted(p.name for p in made)
    assert len(set(names)) == 8
    assert "evals.json.bak.20260102030405" in names  # runevals' name first
    assert "evals.json.bak.20260102030405.7" in names
    assert all(p.read_bytes() == LEGACY for p in made)


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path):
    from datasetkit.core.findings import DatasetkitError
    from datasetkit.io.inplace import replace_in_place

    target = tmp_path / "evals.json"
    target.write_bytes(b"edited by someone else")
    with pytest.raises(DatasetkitError, match="changed since it was read"):
        replace_in_place(target, b"what we read", b"what we would write")
    assert target.read_bytes() == b"edited by someone else"
    assert [p.name for p in tmp_path.iterdir()] == ["evals.json"]
