"""The one-pass CSV body writes the bytes of the full writer's spooled two passes.

writer_fast_csv.CsvBody writes records under the columns known so far and lays the
file out again when a column is first seen after the header was written. Compared
here with writer._write_spooled (the full path's second pass) on random rows: columns
first seen early, late and very late, datasetkit's carried column (always last),
cells with quotes, commas, line breaks, formula leads and non-ASCII text; with and
without a byte order mark or the spreadsheet-safe prefix; and end to end, through
convert, with the rows held before the header made as few as possible.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from datasetkit.core.carry import CARRY_KEY
from datasetkit.formats import WriteOptions
from datasetkit.formats.csv_safety import ExcelSafe
from datasetkit.formats.foundry import writer
from datasetkit.formats.foundry.fast import csv_body as writer_fast_csv
from datasetkit.formats.foundry.fast.csv_body import CsvBody, csv_header
from tests.convert.test_fast import (
    _TARGETS,
    _built_rows,
    _compare,
    _corpus_files,
    _tool_row,
    _write,
)

_TEXTS = ["plain", "a, b", 'say "hi"', "line\nbreak", "cr\ronly", "=1+1", "+44 1", "-x", "@me"]
_TEXTS += ["\ttab", "\rlead", "-5", "", "ünï ☃ 😀", "x" * 300, '"', ",", "\r\n", "'quoted"]


class _Stop(Exception):
    pass


def _random_rows(rng: random.Random, n: int, columns: list[str]) -> list[dict[str, str]]:
    rows = []
    known = 1
    for _ in range(n):
        if rng.random() < 0.08 and known < len(columns):
            known += 1  # a column first seen here
        picked = rng.sample(columns[:known], rng.randint(0, known))
        rows.append({c: rng.choice(_TEXTS) for c in picked})
    return rows


def _by_body(rows: list[dict[str, str]], tmp: Path, options: WriteOptions) -> tuple[bytes, int]:
    safe = ExcelSafe(options)
    out_path = tmp / "body.csv"
    with out_path.open("w+b") as out:  # read back to lay out again, as atomic_writer's is
        body = CsvBody(out, safe, _Stop, bool(options.extra.get("bom")))
        for cells in rows:
            body.add(cells)
        body.finish(tmp)
    return out_path.read_bytes(), safe.changed


def _by_spool(rows: list[dict[str, str]], tmp: Path, options: WriteOptions) -> tuple[bytes, int]:
    """writer.write_csv's passes: every row spooled, then written under the header."""
    columns: dict[str, None] = {}
    spool = tmp / "spool.jsonl"
    with spool.open("w", encoding="utf-8", newline="\n") as fh:
        for cells in rows:
            columns.update(dict.fromkeys(cells))
            fh.write(json.dumps(cells, ensure_ascii=False) + "\n")
    safe = ExcelSafe(options)
    out_path = tmp / "spool.csv"
    header = csv_header(list(columns))
    writer._write_spooled(out_path, str(spool), header, safe, bool(options.extra.get("bom")))
    return out_path.read_bytes(), safe.changed


@pytest.mark.parametrize("hold", [0, 1, 200, 1 << 20])
@pytest.mark.parametrize("extra", [{}, {"bom": True}, {"excel_safe": False}])
def test_body_writes_the_spooled_bytes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, hold: int, extra: dict[str, Any]
) -> None:
    monkeypatch.setattr(writer_fast_csv, "HOLD", hold)
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)
    options = WriteOptions(extra=extra)
    rng = random.Random(hold * 7 + len(extra))
    for n in (0, 1, 3, 40, 400):
        for columns in (["query", "response"], ["id", CARRY_KEY, "query", "a", "b", "ctx"]):
            rows = _random_rows(rng, n, columns)
            assert _by_body(rows, tmp_path, options) == _by_spool(rows, tmp_path, options)


def test_body_lays_out_again_for_a_late_column(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(writer_fast_csv, "HOLD", 100)
    rows: list[dict[str, str]] = [{"query": "q", "response": "r"}] * 3000
    with (tmp_path / "o.csv").open("w+b") as out:
        body = CsvBody(out, ExcelSafe(None), _Stop, False)
        for cells in rows:
            body.add(cells)
        assert body.header is not None  # past HOLD: header and records written
        body.add({"query": "q", "late": "L"})
        body.add({CARRY_KEY: "{}", "query": "q"})
        body.add({"later": "=x"})
        assert len(body.segments) == 4
        body.finish(tmp_path)
    lines = (tmp_path / "o.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == f"query,response,late,later,{CARRY_KEY}"
    assert lines[1] == "q,r,,,"
    assert lines[-3:] == ["q,,L,,", "q,,,,{}", ",,,'=x,"]
    assert [p.name for p in tmp_path.iterdir()] == ["o.csv"]  # the spool is gone


def test_a_record_past_the_row_limit_stops(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("datasetkit.formats.foundry.reader.MAX_ROW_BYTES", 100)
    with (tmp_path / "o.csv").open("w+b") as out:
        body = CsvBody(out, ExcelSafe(None), _Stop, False)
        body.add({"query": "é" * 50})  # 100 bytes: at the limit, written
        with pytest.raises(_Stop):
            body.add({"query": "é" * 50 + "x"})
            body.finish(tmp_path)


def _late_rows() -> list[dict[str, Any]]:
    """Rows whose columns are first seen late, carried fields, formula-leading cells,
    multi-turn rows (left out of CSV) and rows that hand over to the full path."""
    rows: list[dict[str, Any]] = [_tool_row(i) for i in range(5)]
    rows.append({"query": "=SUM(A1)", "response": "@r", "context": "-c", "notes": "+n"})
    rows += _built_rows()[16:18]
    rows.append({"query": "q", "response": "r", "datasetkit": {"v": 1, "case": {"name": "x"}}})
    rows.append({"messages": [{"content": "Hi", "role": "user"}, {"role": "assistant"}]})
    rows.append({"query": "q", "response": "r", "late_column": "first seen here"})
    rows.append({"query": "q", "category": "k", "another": ["a", "b"]})
    return rows


@pytest.mark.parametrize("hold", [0, 150, 1 << 20])
def test_late_columns_match_the_full_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, hold: int
) -> None:
    monkeypatch.setattr(writer_fast_csv, "HOLD", hold)
    src = _write(tmp_path / "late.jsonl", _late_rows())
    built = _write(tmp_path / "built.jsonl", _built_rows())
    for target in _TARGETS[1:]:
        assert all(_compare(monkeypatch, [src], tmp_path, targets=[target]))
        assert (tmp_path / target[0]).read_text(encoding="utf-8").count("\n") > 8  # written
        _compare(monkeypatch, [built, src], tmp_path, targets=[target])
    assert all(_compare(monkeypatch, [src], tmp_path, strict=True, targets=_TARGETS[1:2]))


@pytest.mark.skipif(not _corpus_files(), reason="the shared corpus is not here")
def test_corpus_files_match_with_nothing_held(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(writer_fast_csv, "HOLD", 0)
    for path in _corpus_files():
        _compare(monkeypatch, [path], tmp_path, targets=_TARGETS[1:3])


def test_rows_held_are_bounded_by_count_too(tmp_path: Path) -> None:
    # Rows of empty cells add no bytes: the header is written after so many rows.
    with (tmp_path / "o.csv").open("w+b") as out:
        body = CsvBody(out, ExcelSafe(None), _Stop, False)
        for _ in range(writer_fast_csv._HOLD_ROWS):
            body.add({})
        assert body.header == ["query", "response"] and not body.held
        body.add({"id": "late"})
        body.finish(tmp_path)
    lines = (tmp_path / "o.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "id" and lines[1:] == [""] * writer_fast_csv._HOLD_ROWS + ["late"]
