"""Every cell a CSV writer emits goes through the formula neutraliser, header cells
included: column names come from the input as freely as the values under them."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from datasetkit.convert import fast as fast_mod
from datasetkit.formats.csv_safety import is_formula_like

NAMES = ['=HYPERLINK("http://example.com/x","click")', "=col()", "@evil", "+cmd", "-x"]


@pytest.fixture()
def src(tmp_path: Path) -> Path:
    row = {"query": "What is the refund window?", "response": "30 days."}
    row.update({name: "v" for name in NAMES})
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return path


def _header(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8-sig")
    return next(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("full_path", [False, True], ids=["fast", "full"])
@pytest.mark.parametrize("to", ["foundry-csv", "promptfoo"])
def test_column_names_that_run_as_formulas_are_neutralised(
    tmp_path, src, cli, monkeypatch, to, full_path
):
    if full_path:
        monkeypatch.setenv(fast_mod.FULL_PATH_ENV, "1")
    out = tmp_path / "out.csv"
    result = cli("convert", str(src), "--from", "foundry", "-o", str(out), "--to", to)
    assert result.exit_code == 0, result.output
    header = _header(out)
    assert not [h for h in header if is_formula_like(h)], header
    # Every name is kept (promptfoo files extra fields under a prefix of its own).
    assert all(any(h.endswith(name) for h in header) for name in NAMES), header
    if to == "foundry-csv":
        assert {"'" + name for name in NAMES} <= set(header)


def test_no_excel_safe_writes_column_names_verbatim(tmp_path, src, cli):
    out = tmp_path / "out.csv"
    args = ["convert", str(src), "--from", "foundry", "-o", str(out), "--to", "foundry-csv"]
    result = cli(*args, "--no-excel-safe")
    assert result.exit_code == 0, result.output
    assert set(NAMES) <= set(_header(out))
