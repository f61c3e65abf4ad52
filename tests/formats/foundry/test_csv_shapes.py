"""Rows that cannot share one Foundry CSV file are refused at the row that brings the
column, on the fast path, the full path and in parts alike, in one pass."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import datasetkit.formats.foundry.fast.parts as parts_mod
from datasetkit.convert.entry import convert
from datasetkit.core.findings import Finding
from tests.formats.foundry.fast.test_aside import _checked_rows


def _qa(i: int) -> dict[str, Any]:
    return {"query": f"What is item {i}?", "response": f"Item {i} is a thing.", "id": f"r{i}"}


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _errors(
    monkeypatch: pytest.MonkeyPatch, src: Path, tmp: Path, full: bool
) -> tuple[list[Finding], bool]:
    if full:
        monkeypatch.setenv("DATASETKIT_FULL_CONVERT", "1")
    else:
        monkeypatch.delenv("DATASETKIT_FULL_CONVERT", raising=False)
    out = tmp / "out.csv"
    result = convert([str(src)], str(out), target="foundry-csv", force=True)
    return result.errors, out.exists()


@pytest.mark.parametrize("full", [False, True], ids=["fast", "full"])
def test_a_later_row_bringing_messages_is_blamed_not_the_clean_rows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, full: bool
) -> None:
    rows = [_qa(i) for i in range(6)]
    rows.append({"messages": {"role": "user", "content": "x"}})  # written as JSON text
    rows += [_qa(i) for i in range(6, 9)]
    src = _write(tmp_path / "in.jsonl", rows)
    errors, written = _errors(monkeypatch, src, tmp_path, full)
    assert not written
    (e,) = errors  # one error, not one per query/response row
    assert e.code == "foundry.row.mixed"
    assert (e.location.path, e.location.line, e.location.field) == (str(src), 7, "messages")
    assert "brings the column 'messages'" in e.message and "'query'/'response'" in e.message
    assert "--to foundry" in e.hint


@pytest.mark.parametrize("full", [False, True], ids=["fast", "full"])
def test_the_row_bringing_messages_is_blamed_when_it_comes_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, full: bool
) -> None:
    rows = [{"messages": {"role": "user", "content": "x"}}] + [_qa(i) for i in range(4)]
    src = _write(tmp_path / "in.jsonl", rows)
    errors, written = _errors(monkeypatch, src, tmp_path, full)
    assert not written
    assert [(e.code, e.location.line) for e in errors] == [("foundry.row.mixed", 1)]


def test_rows_that_can_share_a_file_are_written_without_checking_it_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A row read the full way brings a column the clean rows lack, harmlessly: the
    # output is written, and only the rows read the full way are checked again.
    rows = [_qa(i) for i in range(20)]
    rows[5] = {**_qa(5), "notes": {"kept": True}, "datasetkit": {"v": 1}}
    src = _write(tmp_path / "in.jsonl", rows)
    seen = _checked_rows(monkeypatch, "foundry-csv")
    errors, written = _errors(monkeypatch, src, tmp_path, False)
    assert written and not errors
    assert seen and max(seen) < 20, seen


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parts are Linux only")
def test_the_row_is_named_by_its_line_in_a_later_part(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)
    monkeypatch.setattr(parts_mod, "MIN_BYTES", 1)
    monkeypatch.setattr(parts_mod, "jobs", lambda: 3)
    rows = [_qa(i) for i in range(300)]
    rows[250] = {"messages": {"role": "user", "content": "x"}}
    src = _write(tmp_path / "in.jsonl", rows)
    cuts: list[int] = []
    real = parts_mod.convert_in_parts

    def spy(scan: Any, points: list[int], *args: Any) -> Any:
        cuts.extend(points)
        return real(scan, points, *args)

    monkeypatch.setattr(parts_mod, "convert_in_parts", spy)
    errors, written = _errors(monkeypatch, src, tmp_path, False)
    assert len(cuts) >= 2  # converted in parts
    assert not written
    assert [(e.code, e.location.line) for e in errors] == [("foundry.row.mixed", 251)]
