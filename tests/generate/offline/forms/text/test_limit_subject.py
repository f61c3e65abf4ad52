"""A limit's question names the thing it counts: "up to 80 hours of award leave" is
asked "How many hours of award leave ...", never "How many hours can I receive?"."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

DOC = """# Leave

## Award leave

You can receive a maximum of 80 hours of award leave in a single fiscal year.

## Advanced sick leave

You can request up to 240 hours of advanced sick leave.

## Reporting

You must report a lost badge within 10 days of becoming aware of it.
"""


def test_a_limit_question_names_what_it_counts(tmp_path: Path) -> None:
    doc = tmp_path / "leave.md"
    doc.write_text(DOC, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    asked = {q: a for q, a in pairs.items() if q.startswith("How many hours")}
    assert asked, pairs
    for q, a in asked.items():
        thing = "award leave" if "80 hours" in a else "advanced sick leave"
        assert f"hours of {thing}" in q, q
    # A deadline's start ("of becoming aware") is no thing counted.
    assert not any("days of becoming" in q for q in pairs), pairs


ACCRUAL = """# Leave

## Annual leave

You earn 4 hours of annual leave each pay period during your first three years of service.

Part-time employees accrue 1 hour of annual leave for every 20 hours worked.
"""


def test_a_count_per_period_keeps_what_it_holds_for(tmp_path: Path) -> None:
    # "You earn 4 hours ... each pay period during your first three years" is a rate the
    # question asks with its period and its condition, not a fact left unasked.
    doc = tmp_path / "leave.md"
    doc.write_text(ACCRUAL, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    q = "How many hours of annual leave do I earn each pay period during my first three years of service?"
    assert q in pairs, pairs
