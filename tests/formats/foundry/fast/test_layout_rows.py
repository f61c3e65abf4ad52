"""writer_fast's shortcuts lay out a clean row exactly as its general layout does.

plan_clean returns a row that is already in the written layout as it is (JSONL), and
works out a CSV row's turn in one pass, leaving multi-turn rows out first. Each row
here (built rows, corpus rows, every order of their keys, messages with ``content``
before ``role``, values of other types) is laid out both ways and compared: the JSONL
row with its key order at every depth, the CSV cells and what CSV loses.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from datasetkit.formats.foundry.clean import clean_row
from datasetkit.formats.foundry.fast import layout as writer_fast
from datasetkit.formats.foundry.fast.layout import Turns, csv_cells, plan_clean
from datasetkit.formats.foundry.loss import Loss
from tests.convert.test_fast import _TARGETS, _built_rows, _compare, _corpus_files, _mutate, _write

_TURN_FIELDS = ("count", "prompt", "response", "context", "expected", "plain")


def _ordered(value: Any) -> str:
    """The value with every key order showing (json.dumps keeps insertion order)."""
    return json.dumps(value, ensure_ascii=False)


def _cells(planned: tuple[dict[str, Any], Turns] | None) -> Any:
    if planned is None:
        return None
    loss = Loss()
    cells = csv_cells(planned[0], planned[1], loss)
    return list(cells.items()) if cells is not None else None, loss.kinds


def _same_as_general(row: dict[str, Any]) -> None:
    before = _ordered(row)
    quick, general = plan_clean(row, False), writer_fast._plan_any(copy.deepcopy(row), False)
    assert (quick is None) == (general is None), row
    if quick is not None and general is not None:
        assert _ordered(quick[0]) == _ordered(general[0]), row
        for f in ("count", "context", "expected", "response"):
            assert getattr(quick[1], f) == getattr(general[1], f), (f, row)
    quick_csv = plan_clean(row, True)
    general_csv = writer_fast._plan_any(copy.deepcopy(row), True)
    assert _cells(quick_csv) == _cells(general_csv), row
    if quick_csv is not None and general_csv is not None and general_csv[1].count <= 1:
        for f in _TURN_FIELDS:
            assert getattr(quick_csv[1], f) == getattr(general_csv[1], f), (f, row)
    assert _ordered(row) == before  # the row read is never changed


def _reordered(row: dict[str, Any], limit: int = 24) -> list[dict[str, Any]]:
    """The row with its keys in other orders (up to ``limit`` of them)."""
    orders = itertools.islice(itertools.permutations(list(row)), limit)
    return [{k: row[k] for k in keys} for keys in orders]


def _content_first(row: dict[str, Any]) -> dict[str, Any]:
    """The row with every message's ``content`` before its ``role``."""
    row = copy.deepcopy(row)
    if isinstance(row.get("messages"), list):
        row["messages"] = [
            {"content": m.get("content"), **m} if isinstance(m, dict) else m
            for m in row["messages"]
        ]
    return row


def _rows() -> list[dict[str, Any]]:
    rows = _built_rows() + _shortcut_rows()
    for path in _corpus_files():
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                value = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(value, dict):
                rows.append(value)
    return rows


def _shortcut_rows() -> list[dict[str, Any]]:
    """Rows at the edges of the shortcuts: own fields out of order or of other types,
    row-level context and ground truth agreeing or not with the messages."""
    one = [{"role": "user", "content": "Q", "context": "c"}, {"role": "assistant", "content": "A"}]
    two = [
        {"role": "user", "content": "Q1"},
        {"role": "assistant", "content": "A1", "ground_truth": "G1"},
        {"role": "user", "content": "Q2"},
        {"role": "assistant", "content": [{"type": "text", "text": "A2"}]},
    ]
    return [
        {"messages": one, "context": "c", "ground_truth": "g", "id": "1", "category": "k"},
        {"messages": one, "context": "other", "ground_truth": "g"},
        {"messages": two, "ground_truth": "G1"},
        {"messages": two, "ground_truth": "G2", "context": "c2", "extra": 1},
        {"messages": one, "id": 5, "category": "k", "tool_definitions": "text"},
        {"messages": one, "category": None, "tool_definitions": [{"name": "f", "parameters": {}}]},
        {"messages": one, "tool_definitions": {"name": "f", "parameters": {}}, "x": [1]},
        {"messages": one, "tool_definitions": [{"function": {"name": "f"}}]},
        {"query": "q", "id": "i", "response": "r", "notes": "n", "context": "c"},
        {"query": "=1+1", "response": "-r", "ground_truth": 3, "context": None, "tags": ["a"]},
        {"notes": "first", "query": "q", "response": "r"},
        {"query": "q", "tool_calls": [], "response": "r"},
        {
            "messages": [
                {"role": "assistant", "content": "before any user"},
                {"role": "user", "content": [{"type": "input_text", "text": "Q"}]},
                {"role": "assistant", "content": [{"type": "output_text", "text": "A"}]},
            ]
        },
        {
            "messages": [
                {"role": "assistant", "content": "greeting", "ground_truth": "hello"},
                {"role": "user", "content": "Q, with no answer"},
            ]
        },
        {
            "messages": [
                {"role": "user", "content": [{"type": "text", "text": "Q"}], "name": "me"},
                {"role": "assistant", "content": "A"},
            ]
        },
        {
            "messages": [
                {"role": "user", "content": [{"text": "Q", "type": "text"}]},
                {"role": "assistant", "content": [{"type": "text", "text": "A", "x": 1}]},
            ]
        },
    ]


def test_shortcuts_lay_out_every_row_as_the_general_layout() -> None:
    clean = 0
    for base in _rows():
        for row in [base, _content_first(base), *_reordered(base)]:
            if clean_row(row):
                clean += 1
                _same_as_general(row)
    assert clean > 400  # (without the corpus too)


def test_shortcuts_on_mutated_rows() -> None:
    rng = random.Random(7)
    base = _rows()
    clean = 0
    for _ in range(3000):
        row = _mutate(rng.choice(base), rng)
        if isinstance(row, dict) and clean_row(row):
            clean += 1
            _same_as_general(row)
    assert clean > 300


def test_a_row_in_the_written_layout_is_returned_as_it_is() -> None:
    row = {
        "messages": [{"role": "user", "content": "Q"}, {"role": "assistant", "content": "A"}],
        "ground_truth": "A",
        "id": "r1",
        "notes": "kept",
    }
    planned = plan_clean(row)
    assert planned is not None and planned[0] is row
    moved = _content_first(row)
    planned = plan_clean(moved)
    assert planned is not None and planned[0] is not moved
    assert list(planned[0]["messages"][0]) == ["role", "content"]
    assert list(moved["messages"][0]) == ["content", "role"]  # the row read is kept


@pytest.mark.parametrize("users", [2, 3])
def test_a_multi_turn_row_is_left_out_of_csv_before_anything_else(users: int) -> None:
    msgs: list[dict[str, Any]] = []
    for i in range(users):
        msgs += [{"role": "user", "content": f"Q{i}"}, {"role": "assistant", "content": "A"}]
    # Even a column the fast path does not cover: CSV leaves the row out all the same.
    planned = plan_clean({"messages": msgs, "tool_definitions": [{"function": {}}]}, True)
    assert planned is not None and planned[1].count == users
    loss = Loss()
    assert csv_cells(planned[0], planned[1], loss) is None
    assert list(loss.kinds) == ["conversation"]


def test_rows_in_other_layouts_convert_as_the_full_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rows = []
    for base in _built_rows() + _shortcut_rows():
        if "big" not in base:  # (read by json, not orjson: the file would hand over)
            rows += [r for r in (base, _content_first(base), *_reordered(base, 6)) if clean_row(r)]
    src = _write(tmp_path / "layouts.jsonl", rows)
    for target in _TARGETS:
        assert all(_compare(monkeypatch, [src], tmp_path, targets=[target]))
        assert (tmp_path / target[0]).stat().st_size > 1000  # written, not refused
