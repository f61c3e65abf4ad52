"""The case view of a generated case: the reviews it passed and the quality gate's reasons."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit.lint.settings import LintConfig
from datasetkit.viewer.session import ReviewSession


def _with_reviews(folder: Path) -> Path:
    """The generated set, its first case judged and criticised as an LLM run records it,
    its second case's question made one the gate rejects (it holds its own answer)."""
    rows = [json.loads(x) for x in (folder / "gen.jsonl").read_text(encoding="utf-8").splitlines()]
    rows[0]["datasetkit"]["critic"] = {"verdict": "rewrite", "reason": "two questions in one"}
    rows[0]["datasetkit"]["judge"] = {"verdict": "supported", "reason": "quoted", "model": "m-1"}
    rows[1]["query"] = f"{rows[1]['query']} {rows[1]['ground_truth']}"
    out = folder / "reviewed.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return out


def test_a_generated_case_shows_its_reviews_and_the_gate_s_reasons(
    generated_set: Path, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(generated_set)
    path = _with_reviews(generated_set)
    session = ReviewSession([path.name], knowledge=["kb"], config=LintConfig())
    first = session.case(0, 0)["generated"]
    assert first["judge"] == {"verdict": "supported", "reason": "quoted", "model": "m-1"}
    assert first["critic"]["verdict"] == "rewrite"
    assert first["gate"]["passed"] is True
    second = session.case(0, 1)["generated"]
    assert second["judge"] is None and second["gate"]["passed"] is False
    assert second["gate"]["code"] == "answer_in_question" and second["gate"]["meaning"]
    assert second["source"]["label"]  # still beside its source passage
