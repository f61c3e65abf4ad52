"""Offline generation on documents of a kind its forms were not written from: one small
document per mechanism blind reviewers edited or discarded (a reverse lookup on a figure,
a table question that does not say whose figures they are, an answer made of questions,
a figure asked again after the answer that holds it, a leftover "also")."""

from __future__ import annotations

import re
from pathlib import Path

from datasetkit.generate.run import GenerateOptions, generate_knowledge


def _run(tmp_path: Path, name: str, text: str, count: int = 30) -> dict[str, str]:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    outcome = generate_knowledge(
        GenerateOptions(
            files=[str(f)],
            count=count,
            output=str(tmp_path / f"{name}.json"),
            seed=1,
            provider="offline",
            max_size=None,
            force=True,
        )
    )
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


SALARIES_MD = """# Graduate Employment Report

| Region | Hires | Median monthly salary |
| --- | --- | --- |
| Northeast | 40 | $7,500 |
| Southeast | 12 | $7,500 |
| Midwest | 55 | $7,000 |
| Southwest | 9 | $7,000 |
| West | 31 | $8,355 |
| Mountain | 2 | Insufficient data |
| Pacific | 3 | Insufficient data |
"""


def test_a_column_of_figures_is_never_asked_in_reverse(tmp_path: Path) -> None:
    # "Which regions have a median monthly salary of $7,500?" is a question nobody asks;
    # the salary of a region is.
    pairs = _run(tmp_path, "salaries.md", SALARIES_MD)
    assert pairs, "a table of regions gives questions"
    reverse = [q for q in pairs if re.search(r"(?i)^(?:which|how many) regions?\b.*\bsalary\b", q)]
    assert not reverse, reverse
    assert any("salary" in q and ("West" in q or "Midwest" in q) for q in pairs), list(pairs)
