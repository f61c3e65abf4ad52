"""The output of a file with broken rows is checked on those rows alone, with the errors a
check of the whole output finds, at the same places."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from datasetkit import formats
from tests.convert.test_fast import _compare, _tool_row, _write


def _rows() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = [_tool_row(i) for i in range(60)]
    rows[7] = {"query": "", "response": "r"}  # an error the output keeps
    rows[31] = {"messages": [{"role": "customer", "content": "x"}]}
    rows[44] = {"query": "q", "response": "r", "datasetkit": {"v": 1}}  # read the full way
    return rows


def _checked_rows(monkeypatch: pytest.MonkeyPatch, name: str = "foundry") -> list[int]:
    """The number of lines in every file the check of format ``name`` reads."""
    seen: list[int] = []
    fmt = formats.get(name)
    real = type(fmt).check

    def spy(self: Any, source: Any, *args: Any, **kwargs: Any) -> Any:
        with open(source.path, "rb") as fh:
            seen.append(sum(1 for _ in fh))
        return real(self, source, *args, **kwargs)

    monkeypatch.setattr(type(fmt), "check", spy)
    return seen


def test_broken_rows_are_checked_alone_with_the_full_checks_errors(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    src = _write(tmp_path / "broken.jsonl", _rows())
    seen = _checked_rows(monkeypatch)
    taken = _compare(monkeypatch, [src], tmp_path, targets=[("out.jsonl", "foundry", {})])
    assert taken == [True]
    # The full path checks the whole output (60 rows); the fast path the three rows aside.
    assert 3 in seen and max(seen) <= 60, seen
    assert not [p for p in os.listdir(tmp_path) if ".aside" in p or ".check" in p]


def test_a_clean_file_past_the_row_limit_is_not_checked_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("datasetkit.formats.foundry.spec.MAX_ROWS", 20)
    src = tmp_path / "many.jsonl"
    src.write_text("".join(json.dumps(_tool_row(i)) + "\n" for i in range(30)))
    monkeypatch.delenv("DATASETKIT_FULL_CONVERT", raising=False)
    seen = _checked_rows(monkeypatch)
    from datasetkit.convert.entry import convert

    result = convert([str(src)], str(tmp_path / "o.jsonl"), target="foundry", force=True)
    assert result.ok and result.cases_written == 30
    assert seen == []  # a clean row is written clean: no second pass over the output
    (found,) = result.input_findings[str(src)]
    assert found.code == "foundry.rows.too-many" and found.location.line == 21


def test_the_rows_aside_are_checked_without_locating_what_is_placed_at_the_output(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The output is not written when it has errors: each is said at its row's pointer,
    # so the check of the rows aside does not work out columns nobody sees.
    from datasetkit.formats.foundry.fast import aside as aside_mod

    said: list[Any] = []
    real = aside_mod._placed

    def spy(f: Any, *args: Any) -> Any:
        said.append(f)
        return real(f, *args)

    monkeypatch.setattr(aside_mod, "_placed", spy)
    src = _write(tmp_path / "in.jsonl", _rows())
    assert all(_compare(monkeypatch, [src], tmp_path))
    assert said and all(f.location.column is None for f in said)
