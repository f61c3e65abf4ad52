"""Converting a file in parts, in forked processes, gives one process's output and result.

Each case converts the same input in one process (``DATASETKIT_JOBS=1``) and in
several (the size limit lowered so small files are cut), and compares the bytes
written and every field of the result, including findings and their lines.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import datasetkit.formats.foundry.fast.parts as parts_mod
from datasetkit.convert.entry import convert
from datasetkit.formats.foundry.clean import clean_row
from datasetkit.formats.foundry.fast.layout import plan_clean
from tests.convert.test_fast import (
    _TARGETS,
    _built_rows,
    _corpus_files,
    _mutate,
    _run,
    _tool_row,
    _write,
)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="files are converted in parts on Linux only"
)


@pytest.fixture(autouse=True)
def _small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)
    monkeypatch.setattr(parts_mod, "MIN_BYTES", 1)


def _clean_rows() -> list[dict[str, Any]]:
    rows = [r for r in _built_rows() if clean_row(r) and plan_clean(r) and "big" not in r]
    return rows + [_tool_row(i) for i in range(40)]


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """The cut points of every conversion made in parts."""
    seen: list[list[int]] = []
    real = parts_mod.convert_in_parts

    def spy(scan: Any, points: list[int], *args: Any) -> Any:
        seen.append(points)
        return real(scan, points, *args)

    monkeypatch.setattr(parts_mod, "convert_in_parts", spy)
    return seen


def _both(
    monkeypatch: pytest.MonkeyPatch,
    src: Path,
    tmp: Path,
    jobs: int = 2,
    targets: list[tuple[str, str, dict[str, Any]]] = _TARGETS,
) -> list[list[int]]:
    """One process and ``jobs`` processes on ``src`` for every target, compared."""
    seen = _spy(monkeypatch)
    for name, to, extra in targets:
        out = tmp / name
        monkeypatch.setenv(parts_mod.JOBS_ENV, "1")
        one = _run([src], out, to, extra)
        monkeypatch.setenv(parts_mod.JOBS_ENV, str(jobs))
        many = _run([src], out, to, extra)
        assert many == one, (src.name, to, extra)
        assert not [p for p in os.listdir(tmp) if ".dk" in p], "a temporary file was left"
    return seen


def test_clean_file_in_two_three_and_four_parts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(parts_mod, "jobs", lambda: int(os.environ[parts_mod.JOBS_ENV]))
    src = _write(tmp_path / "clean.jsonl", _clean_rows() * 3)
    for jobs in (2, 3, 4):
        seen = _both(monkeypatch, src, tmp_path, jobs)
        assert seen and all(len(points) == jobs - 1 for points in seen)


def test_rows_needing_the_full_way_in_a_later_part(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The part's process stops at the first such row; this one converts the rest, so
    # the findings, their lines and the loss counts are one reading's.
    rows = _clean_rows()
    bad = [
        {"query": "", "response": "empty query"},
        {"messages": [{"role": "user", "content": "Q"}], "id": 5},
        {"query": "x", "tool_calls": "nope"},
    ]
    half = len(rows) // 2
    mixed = rows[:half] + rows[half:] + bad + rows[:10] + bad[:1] + rows[10:30]
    src = _write(tmp_path / "mixed.jsonl", mixed)
    assert _both(monkeypatch, src, tmp_path)
    # With more parts, the processes after the one that stopped are ended unfinished.
    monkeypatch.setattr(parts_mod, "jobs", lambda: int(os.environ[parts_mod.JOBS_ENV]))
    assert _both(monkeypatch, src, tmp_path, jobs=4, targets=_TARGETS[:2])


def test_a_line_the_reader_reports_in_a_later_part(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rows = _clean_rows()
    src = _write(tmp_path / "blank.jsonl", rows)
    with src.open("a", encoding="utf-8") as fh:
        fh.write("\n" + json.dumps(rows[0]) + "\n{not json\n" + json.dumps(rows[1]) + "\n")
    assert _both(monkeypatch, src, tmp_path)


def test_csv_columns_first_seen_in_a_later_part(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Each part's header differs: the parts are written again under the merged one.
    first = [{"query": f"q{i}", "response": "r"} for i in range(60)]
    later = [
        {"query": f"q{i}", "response": "r", "zeta": f"z{i}", "context": "c"} for i in range(60)
    ]
    src = _write(tmp_path / "columns.jsonl", first + later)
    assert _both(monkeypatch, src, tmp_path, targets=_TARGETS[1:3])


def test_a_part_with_nothing_csv_can_hold(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # The later part holds only conversations of several turns, which CSV leaves out.
    multi = {
        "messages": [
            {"role": "user", "content": "Q1"},
            {"role": "assistant", "content": "A1"},
            {"role": "user", "content": "Q2"},
            {"role": "assistant", "content": "A2"},
        ]
    }
    single = [{"query": f"q{i}", "response": f"=r{i}"} for i in range(50)]
    for name, rows in (
        ("tail.jsonl", single + [multi] * 50),
        ("head.jsonl", [multi] * 50 + single),
    ):
        src = _write(tmp_path / name, rows)
        assert _both(monkeypatch, src, tmp_path, targets=_TARGETS[1:])


def test_a_part_that_fails_is_converted_here(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def broken(*args: Any) -> dict[str, Any]:
        raise OSError("no space left on device")

    monkeypatch.setattr(parts_mod, "_convert_part", broken)
    src = _write(tmp_path / "clean.jsonl", _clean_rows())
    assert _both(monkeypatch, src, tmp_path, targets=_TARGETS[:2])


def test_more_rows_than_the_service_takes_stay_in_parts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Each part is under the limit; together they are over it, as the whole file is. The
    # first row past it may fall in this process's part or another's.
    rows = _clean_rows()
    for limit in (5, len(rows) - 5):
        monkeypatch.setattr("datasetkit.formats.foundry.spec.MAX_ROWS", limit)
        src = _write(tmp_path / "many.jsonl", rows)
        assert _both(monkeypatch, src, tmp_path, targets=_TARGETS[:2])
        result = _run([src], tmp_path / "o.jsonl", "foundry", {})
        (found,) = result["input_findings"][str(src)]
        assert (found["code"], found["location"]["line"]) == ("foundry.rows.too-many", limit + 1)


def test_progress_counts_every_part_and_ends_at_the_total(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("datasetkit.formats.foundry.fast.scan._BLOCK", 512)
    monkeypatch.setattr("datasetkit.formats.foundry.fast.scan._REPORT", 1024)
    src = _write(tmp_path / "clean.jsonl", _clean_rows() * 4)
    total = src.stat().st_size
    monkeypatch.setenv(parts_mod.JOBS_ENV, "2")
    seen = _spy(monkeypatch)
    calls: list[tuple[int, int]] = []
    convert([str(src)], str(tmp_path / "o.jsonl"), force=True, progress=lambda d, t: calls.append((d, t)))  # fmt: skip
    assert seen
    assert calls[-1] == (total, total)
    assert all(t == total and 0 <= d <= total for d, t in calls)
    assert len(calls) > 10


def test_jobs_follow_the_setting_and_the_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(parts_mod.JOBS_ENV, "1")
    assert parts_mod.jobs() == 1
    monkeypatch.setenv(parts_mod.JOBS_ENV, "not a number")
    assert parts_mod.jobs() == min(parts_mod.MAX_JOBS, len(os.sched_getaffinity(0)))
    monkeypatch.setattr(parts_mod.sys, "platform", "darwin")
    assert parts_mod.jobs() == 1


def test_processes_ended_early_leave_nothing_behind(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The first part's process fails at once; the later ones, still writing, are ended,
    # and the temporary files they were writing are removed.
    import time

    def slow(scan: Any, start: int, end: Any, path: Path, *args: Any) -> dict[str, Any]:
        slot = args[-1]
        if slot == 1:
            raise OSError("failed")
        # What io.atomic_writer makes while it writes the part.
        (path.parent / f".{path.name}.dk{os.getpid()}.half.tmp").write_bytes(b"{")
        time.sleep(60)
        raise AssertionError("not ended")

    monkeypatch.setattr(parts_mod, "_convert_part", slow)
    monkeypatch.setattr(parts_mod, "jobs", lambda: 4)
    src = _write(tmp_path / "clean.jsonl", _clean_rows())
    started = time.monotonic()
    assert _both(monkeypatch, src, tmp_path, jobs=4, targets=_TARGETS[:1])
    assert time.monotonic() - started < 30


def test_corpus_files_in_parts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    files = _corpus_files()
    if not files:
        pytest.skip("the shared corpus (../shared/corpus) is not beside this checkout")
    cut = 0
    for path in files:
        cut += len(_both(monkeypatch, path, tmp_path, targets=_TARGETS[:2]))
    assert cut  # files of one line are not cut


def test_mutated_files_in_parts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Clean rows with a few changed ones anywhere: wherever the first row that is not
    # clean falls (before, at or after a cut), the output and result are one process's.
    rng = random.Random(29)
    base = _clean_rows()
    for n in range(24):
        rows = [rng.choice(base) for _ in range(rng.randint(8, 40))]
        for _ in range(rng.randint(0, 3)):
            i = rng.randrange(len(rows))
            rows[i] = _mutate(rows[i], rng)
        src = _write(tmp_path / f"m{n}.jsonl", rows, ascii_only=n % 4 == 0)
        _both(monkeypatch, src, tmp_path, targets=_TARGETS[:2])


def test_a_broken_row_near_the_start_loads_the_full_way_before_the_cut(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The processes forked after the load share it; a clean start loads nothing.
    import subprocess

    rows = _clean_rows()
    broken = _write(tmp_path / "broken.jsonl", [{"query": "", "response": "r"}, *rows])
    clean = _write(tmp_path / "clean.jsonl", rows)
    probe = (
        "import sys; from datasetkit.formats.foundry.fast.scan import preload_full_way as p; "
        "print(p(sys.argv[1], 1 << 20), 'datasetkit.core.model' in sys.modules)"
    )
    for path, said in ((broken, "True True"), (clean, "False False")):
        out = subprocess.run(
            [sys.executable, "-c", probe, str(path)], capture_output=True, text=True
        )
        assert out.stdout.strip() == said, out.stderr
    assert _both(monkeypatch, broken, tmp_path)


def test_findings_past_the_cap_in_a_later_part_are_all_counted(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A part's process counts the findings of a code past MAX_PER_CODE without keeping
    # them; the "N more findings like ..." line says them all, as one process does.
    from datasetkit.formats.foundry.spec import MAX_PER_CODE

    rows = _clean_rows()
    broken = [{"query": ["not", "a", "string"], "id": f"b{i}"} for i in range(MAX_PER_CODE + 30)]
    src = _write(tmp_path / "late.jsonl", rows * 2 + broken)
    assert _both(monkeypatch, src, tmp_path, targets=_TARGETS[:1])
    monkeypatch.setenv(parts_mod.JOBS_ENV, "2")
    found = _run([src], tmp_path / "out.jsonl", "foundry", {})["input_findings"][str(src)]
    more = [f["message"] for f in found if f["code"] == "foundry.message.not-object"][-1]
    assert f"({3 * len(broken):,} in all)" in more
