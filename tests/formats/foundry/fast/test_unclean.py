"""Rows that are not clean, laid out for JSONL without the model, as the full path writes them.

Each file here holds clean rows and rows with a problem the row checks report (an
unknown role, a message without content, ``messages`` that is not a list, a ``query``
that is neither text nor messages, no user message, columns of the wrong type...). It
is converted the full way and the default way, and the bytes written and every field
of the result are compared; the rows :func:`plan_unclean` lays out are counted, so the
comparison is known to cover them. A file whose rows are all laid out so converts to
JSONL without loading the model.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from datasetkit.core.findings import Location
from datasetkit.formats.foundry.clean import clean_row
from datasetkit.formats.foundry.fast.unclean import plan_unclean
from tests.convert.test_fast import _TARGETS, _built_rows, _compare, _mutate, _write

Break = Callable[[dict[str, Any]], dict[str, Any] | None]


def _message(
    row: dict[str, Any], change: Callable[[dict[str, Any]], None]
) -> dict[str, Any] | None:
    """``row`` with ``change`` made to its second message (None without messages)."""
    msgs = row.get("messages")
    if not isinstance(msgs, list) or len(msgs) < 2:
        return None
    change(msgs[1])
    return row


def _set(**values: Any) -> Break:
    def brk(row: dict[str, Any]) -> dict[str, Any]:
        row.update(values)
        return row

    return brk


def _no_user(row: dict[str, Any]) -> dict[str, Any] | None:
    msgs = row.get("messages")
    if not isinstance(msgs, list):
        return None
    for m in msgs:
        if m.get("role") == "user":
            m["role"] = "customer"
    return row


_BREAKS: list[Break] = [
    lambda r: _message(r, lambda m: m.update(role="customer")),
    lambda r: _message(r, lambda m: m.pop("content", None)),
    lambda r: _message(r, lambda m: m.update(content=None)),
    lambda r: _message(r, lambda m: m.update(content="")),
    lambda r: _message(r, lambda m: m.update(name="n", role=m.pop("role"))),
    _no_user,
    lambda r: _no_user(r) and {**r, "context": "c", "ground_truth": ["g"]},
    _set(messages={"role": "user"}),
    _set(messages="text"),
    _set(query=["not", "a", "string"]),
    _set(query=5, response=["r"]),
    _set(ground_truth=3, context=["x"]),
    _set(id=5, category=["c"]),
    lambda r: {"note": 1, **r, "messages": [{"content": "Q"}], "tool_definitions": {"name": "f"}},
]


def _broken_rows() -> list[dict[str, Any]]:
    rows = []
    for base in _built_rows():
        for brk in _BREAKS:
            row = brk(copy.deepcopy(base))
            if row is not None and not clean_row(row):
                rows.append(row)
    rng = random.Random(31)
    bases = _built_rows()
    rows += [_mutate(rng.choice(bases), rng) for _ in range(120)]
    return [r for r in rows if isinstance(r, dict) and not clean_row(r)]


def _laid(row: dict[str, Any]) -> dict[str, Any] | None:
    """The JSONL row plan_unclean lays out (None: the full way)."""
    laid = plan_unclean(row, Location(path="in.jsonl", line=1))
    return laid.row if laid is not None else None


def test_rows_laid_out_without_the_model_match_the_full_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rows = _broken_rows()
    laid = [r for r in rows if _laid(copy.deepcopy(r)) is not None]
    assert len(laid) > 120 and len(laid) < len(rows)  # some rows still take the full way
    clean = [r for r in _built_rows() if clean_row(r) and "big" not in r]
    taken: list[bool] = []
    for n in range(0, len(rows), 12):
        src = _write(tmp_path / f"b{n}.jsonl", [clean[n % len(clean)], *rows[n : n + 12]])
        taken += _compare(monkeypatch, [src], tmp_path, targets=_TARGETS[:2])
    assert sum(taken) > len(taken) * 0.8  # (a number past 64 bits hands a file over)


def test_the_row_laid_out_is_a_new_row_in_the_written_order() -> None:
    row = {
        "note": 1,
        "messages": [{"content": "Hi", "role": "user"}, {"role": "customer", "content": "x"}],
        "id": "r1",
        "ground_truth": "g",
        "tool_definitions": {"name": "f", "parameters": {}},
    }
    before = json.dumps(row)
    laid = _laid(row)
    assert json.dumps(row) == before  # the row read is not changed
    assert laid is not None
    assert list(laid) == ["messages", "ground_truth", "tool_definitions", "id", "note"]
    assert laid["messages"][0] == {"role": "user", "content": "Hi"}
    assert list(laid["messages"][0]) == ["role", "content"]
    assert laid["tool_definitions"] == [{"name": "f", "parameters": {}}]
    # No user message: no turn takes the row's ground truth, which stays where it was.
    no_user = {"messages": [{"role": "assistant"}], "ground_truth": "g", "id": "r2"}
    assert _laid(no_user) == {
        "messages": [{"role": "assistant", "content": None}],
        "id": "r2",
        "ground_truth": "g",
    }
    assert list(_laid(no_user) or {}) == ["messages", "id", "ground_truth"]


@pytest.mark.parametrize(
    "row",
    [
        {"query": "", "response": "r"},  # a turn of empty text: the carry may say it
        {"messages": [{"role": "assistant", "tool_calls": [{"id": "c"}], "content": None}]},
        {"messages": [{"role": "tool", "content": "result"}]},  # rewritten as a list
        {"messages": "x", "tool_calls": "nope"},
        {"test_case_description": 5},
        {"messages": "x", "datasetkit": {"v": 1}},
        {"query": [{"role": "user", "content": "Q"}], "response": 5},
    ],
)
def test_rows_read_by_rules_of_their_own_take_the_full_way(row: dict[str, Any]) -> None:
    assert _laid(row) is None


def _models_loaded(src: Path, out: Path, to: str) -> str:
    probe = (
        "import sys; from datasetkit.convert.entry import convert; "
        "convert([sys.argv[1]], sys.argv[2], target=sys.argv[3], force=True); "
        "print('datasetkit.core.model' in sys.modules, 'pydantic' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(src), str(out), to], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_file_whose_rows_are_all_laid_out_converts_without_the_model(
    tmp_path: Path,
) -> None:
    clean = [r for r in _built_rows() if clean_row(r) and "big" not in r]
    broken = [
        {"messages": {"role": "user"}, "id": "a"},
        {"query": ["not", "a", "string"], "response": "r"},
        {"messages": [{"role": "user", "content": "Q"}, {"role": "customer", "content": "x"}]},
        {"messages": [{"role": "user", "content": "Q"}, {"role": "assistant"}]},
    ]
    src = _write(tmp_path / "broken.jsonl", [*clean, *broken, *clean])
    assert _models_loaded(src, tmp_path / "out.jsonl", "foundry") == "False False"
    assert _models_loaded(src, tmp_path / "out.csv", "foundry-csv") == "False False"
    # A row read by rules of its own still loads them.
    seed = _write(tmp_path / "seed.jsonl", [*clean, {"test_case_description": 5}])
    assert _models_loaded(seed, tmp_path / "out.jsonl", "foundry") == "True True"
