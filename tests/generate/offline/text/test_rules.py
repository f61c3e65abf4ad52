"""A policy's caps, refusals and amounts it pays are asked as a reader asks them, and
answered whole."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

POLICY = """# Expense Policy

At Northwind, we trust you to spend company money as if it were your own. This page \
explains what Northwind pays for and how you get reimbursed at Northwind.

## Travel

Hotel stays are capped at $250 per night in most cities and $350 per night in New York.

## Meals

Northwind covers meals while travelling up to $75 per day. Alcohol is not reimbursed.
"""


def test_caps_refusals_and_amounts_paid_are_asked(tmp_path: Path) -> None:
    doc = tmp_path / "expenses.md"
    doc.write_text(POLICY, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    cap = [a for q, a in pairs.items() if q.startswith("What is the cap on hotel stays")]
    assert cap and "$250" in cap[0] and "$350" in cap[0], list(pairs)
    meals = [a for q, a in pairs.items() if q.startswith("How much does Northwind cover for meals")]
    assert meals and "$75 per day" in meals[0], list(pairs)
    alcohol = [a for q, a in pairs.items() if q.startswith("Is alcohol reimbursed")]
    assert alcohol and alcohol[0].startswith("No."), list(pairs)
