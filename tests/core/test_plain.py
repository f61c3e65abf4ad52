"""A field nested deeper than pydantic's serialiser goes (255 levels) is checked and
counted like any other: lint reports no internal error and stats counts the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


def _nested(levels: int) -> Any:
    value: Any = "x"
    for _ in range(levels):
        value = {"a": value}
    return value


@pytest.fixture(params=[260, 900], ids=["past-pydantic", "near-the-parser"])
def deep(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    rows = [
        {
            "query": "What is the refund window?",
            "response": "30 days.",
            "x": _nested(request.param),
        },
        {"query": "How long is the notice period?", "response": "Four weeks."},
    ]
    path = tmp_path / "deep.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_lint_checks_a_deep_extra_without_an_internal_error(cli, deep: Path) -> None:
    res = cli("lint", str(deep), "--format", "json")
    assert "internal-error" not in res.output and res.exit_code == 0, res.output


def test_stats_counts_a_file_with_a_deep_extra(cli, deep: Path) -> None:
    res = cli("stats", str(deep), "--format", "json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["files"][0]["cases"] == 2


def test_a_copy_of_a_deep_case_is_still_a_duplicate(cli, tmp_path: Path) -> None:
    row = {"query": "What is the refund window?", "response": "30 days.", "x": _nested(300)}
    path = tmp_path / "twice.jsonl"
    path.write_text((json.dumps(row) + "\n") * 2, encoding="utf-8")
    res = cli("lint", str(path), "--format", "json")
    assert "lint.case.duplicate" in res.output and "internal-error" not in res.output
