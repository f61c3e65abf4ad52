"""A clause of a filing asked in words that fit it: "What" of a thing that drives or
decides something ("Who" only of people and bodies), and a frequency said as one
hyphenated word ("semi-annually") asked whole, never split into "paid semi-?"."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

FILING = """# Northwind Annual Report

## Revenue

Cloud revenue is driven by the number of users licensed and the continued shift to cloud services.

Badges are issued by the security team.

Examples include invoicing at the start of a term, and multi-year licenses that are invoiced annually.

## Debt

Interest on the senior notes is paid semi-annually, except for the euro notes, which are paid annually.
"""


def test_clauses_are_asked_with_the_right_question_word(tmp_path: Path) -> None:
    doc = tmp_path / "report.md"
    doc.write_text(FILING, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    pairs = _pairs(cases)
    questions = "\n".join(pairs)
    assert "What is cloud revenue driven by?" in pairs, questions
    assert "Who is cloud revenue driven by?" not in pairs, questions
    assert "Who are badges issued by?" in pairs, questions  # people still "Who"
    assert "How often is interest on the senior notes paid?" in pairs, questions
    assert not any(q.startswith("When do examples") for q in pairs), questions
    assert "semi-?" not in questions and "semi-annually?" not in questions, questions
