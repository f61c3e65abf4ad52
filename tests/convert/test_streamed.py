"""Streamed conversion: memory stays flat as JSONL and CSV files grow."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from datasetkit.convert.entry import convert


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)


def _jsonl(path: Path, rows: int) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for i in range(rows):
            row = {
                "messages": [
                    {"role": "user", "content": f"question {i} " + "q" * 40},
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": f"c{i}",
                                "type": "function",
                                "function": {"name": "f", "arguments": '{"n": 1}'},
                            }
                        ],
                    },
                    {"role": "tool", "tool_call_id": f"c{i}", "content": '{"ok": true}'},
                    {"role": "assistant", "content": f"answer {i} " + "a" * 40},
                ],
                "tool_definitions": [{"name": "f", "parameters": {"type": "object"}}],
                "owner": "team",
            }
            fh.write(json.dumps(row) + "\n")
    return path


def _baseline_peak(src: Path) -> int:
    """Peak memory of reading the whole file into a list (what streaming avoids)."""
    tracemalloc.start()
    try:
        rows = [json.loads(line) for line in src.read_text(encoding="utf-8").splitlines()]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert rows
    return peak


def _peak(src: Path, out: Path, to: str) -> int:
    tracemalloc.start()
    try:
        # Named source: format detection reads a bounded head of the file (up to 1 MB),
        # which would blur the comparison at these small sizes.
        source = "foundry-csv" if src.suffix == ".csv" else "foundry"
        result = convert([str(src)], str(out), source=source, target=to)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.streamed and result.paths and result.cases_written > 0
    return peak


def test_jsonl_memory_does_not_grow_with_rows(tmp_path: Path) -> None:
    small = _jsonl(tmp_path / "small.jsonl", 200)
    large = _jsonl(tmp_path / "large.jsonl", 2_000)
    peak_small = _peak(small, tmp_path / "s.out.jsonl", "foundry")
    peak_large = _peak(large, tmp_path / "l.out.jsonl", "foundry")
    # 10x the rows: the peak stays within a small margin.
    assert large.stat().st_size > 9 * small.stat().st_size
    assert peak_large < peak_small * 1.5 + 256 * 1024, (peak_small, peak_large)
    # Holding the rows would take several times the file's size; streaming takes a fraction.
    assert peak_large < large.stat().st_size / 2, (peak_large, large.stat().st_size)
    # The measure can fail: the whole-file baseline grows with the file.
    assert _baseline_peak(large) > 5 * _baseline_peak(small)
    assert _baseline_peak(large) > 3 * peak_large
    first = json.loads((tmp_path / "l.out.jsonl").read_text().split("\n", 1)[0])
    assert first["messages"][1]["content"][0]["arguments"] == {"n": 1}


def test_csv_memory_does_not_grow_with_rows(tmp_path: Path) -> None:
    def csv_file(path: Path, rows: int) -> Path:
        with path.open("w", encoding="utf-8") as fh:
            fh.write("query,response,ground_truth\n")
            for i in range(rows):
                fh.write(f'"q {i}, {"x" * 60}",r {i},"gt ""{i}"""\n')
        return path

    small = csv_file(tmp_path / "small.csv", 300)
    large = csv_file(tmp_path / "large.csv", 3_000)
    peak_small = _peak(small, tmp_path / "s.csv", "foundry-csv")
    peak_large = _peak(large, tmp_path / "l.csv", "foundry-csv")
    assert peak_large < peak_small * 1.5 + 256 * 1024, (peak_small, peak_large)
    assert (tmp_path / "l.csv").read_text().count("\n") == 3_001


def test_progress_is_reported_in_bytes(tmp_path: Path) -> None:
    src = _jsonl(tmp_path / "p.jsonl", 2_500)
    seen: list[tuple[int, int]] = []
    convert(
        [str(src)],
        str(tmp_path / "o.jsonl"),
        progress=lambda done, total: seen.append((done, total)),
    )
    total = src.stat().st_size
    assert seen[-1] == (total, total)
    assert len(seen) >= 3 and all(t == total for _, t in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_in_memory_write_reports_the_batch_row_limit_without_blocking(tmp_path) -> None:
    from datasetkit.convert.readwrite import write_dataset
    from datasetkit.core.model import Case, Dataset, Turn
    from datasetkit.formats import WriteOptions

    ds = Dataset(
        cases=[Case(turns=[Turn(prompt=f"q{i}", expected_response="a")]) for i in range(100_001)]
    )
    result = write_dataset(ds, tmp_path / "big.jsonl")
    assert [(f.code, f.severity.value) for f in result.findings] == [
        ("foundry.rows.too-many", "warning")
    ]
    assert (tmp_path / "big.jsonl").read_text().count("\n") == 100_001
    strict = write_dataset(ds, tmp_path / "strict.jsonl", options=WriteOptions(strict=True))
    assert strict.paths == [] and not (tmp_path / "strict.jsonl").exists()
