"""A Foundry row holding NaN or Infinity (Python's JSON reader accepts them) cannot be
written as JSONL: convert stops with a clear error naming the input line, never the
bug-report fallback, and writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.io.safety import FALLBACKS


@pytest.mark.parametrize("full", ["", "1"])
@pytest.mark.parametrize("value", ["NaN", "[Infinity]", '{"s": -Infinity}'])
def test_a_non_finite_number_stops_the_jsonl_output(
    tmp_path: Path, cli, monkeypatch, value: str, full: str
) -> None:
    if full:
        monkeypatch.setenv("DATASETKIT_FULL_CONVERT", full)
    src = tmp_path / "in.jsonl"
    src.write_text(
        '{"query": "What is 2+2?", "response": "4"}\n'
        f'{{"query": "And 3+3?", "response": "6", "score": {value}}}\n',
        encoding="utf-8",
    )
    before = len(FALLBACKS)
    result = cli("convert", str(src), "-o", str(tmp_path / "out.jsonl"))
    assert result.exit_code == 2, result.output
    assert "line 2 holds NaN or Infinity" in result.output
    assert "finite number, or null" in result.output
    assert "bug in datasetkit" not in result.output
    assert len(FALLBACKS) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]
