"""A deadline or limit question asks the verb group its figure belongs to, with what the
deadline counts from, and never a clause cut before "<noun> of"."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

DOC = """# Procurement Rules

## Disclosure

Where a contract is awarded by competitive bid, the disclosure statement shall be required \
only from the person receiving the contract and shall be submitted within ten (10) days of \
the award.

## Trading

The registrar may only suspend trading under limited conditions and for a period of up to \
28 days.

## Membership

Members must register with the office and must pay a fee of up to $50 per year.
"""


def _asked(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "rules.md"
    doc.write_text(DOC, encoding="utf-8")
    return _pairs(_cases([doc], 20)[0])


def test_a_deadline_is_asked_for_its_own_verb_group_and_what_it_counts_from(
    tmp_path: Path,
) -> None:
    pairs = _asked(tmp_path)
    asked = [q for q, a in pairs.items() if "ten (10) days" in a and q.startswith("Within")]
    assert asked, pairs
    for q in asked:
        assert "days of the award must the disclosure statement be submitted" in q, q
        assert "required" not in q, q


def test_a_period_said_through_a_noun_is_asked_for_how_long(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    asked = [q for q, a in pairs.items() if "28 days" in a]
    assert asked, pairs
    for q in asked:
        assert q.startswith("For how many days"), q
        assert "period of" not in q, q


def test_no_question_ends_a_clause_in_the_noun_its_figure_completes(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    assert not [q for q in pairs if q.rstrip("?").endswith((" of", " of per year"))], pairs
    assert not [q for q in pairs if "register with the office" in q and "How much" in q], pairs
