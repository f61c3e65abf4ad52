"""How much an organisation pays toward something is asked naming the organisation and
what it pays for; a rule stated for two parties is answered for both."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Benefits

We want everyone at Fabrikam to be healthy and rested. Here is what we offer everyone who \
works at Fabrikam.

## Home office

We'll pay for your internet connection up to $100 a month.

## Parental leave

Birth parents get 16 weeks of fully paid leave, and the other parent gets 12 weeks.

## Fitness

Fabrikam reimburses up to $150 a month for a gym membership, yoga classes, or other \
fitness activities.
"""


def _asked(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "benefits.md"
    doc.write_text(PAGE, encoding="utf-8")
    return _pairs(_cases([doc], 20)[0])


def test_how_much_the_organisation_pays_names_it_and_what_it_pays_for(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    internet = pairs.get("How much will Fabrikam pay for my internet connection?", "")
    assert "$100 a month" in internet, list(pairs)
    gym = pairs.get("How much does Fabrikam reimburse for a gym membership?", "")
    assert "$150 a month" in gym, list(pairs)
    assert not [q for q in pairs if " we " in f" {q.lower()} "], list(pairs)


def test_a_rule_for_two_parties_is_answered_for_both(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    asked = "How many weeks of fully paid leave do birth parents get"
    leave = next((a for q, a in pairs.items() if q.startswith(asked)), "")
    assert "16 weeks" in leave and "12 weeks" in leave, list(pairs)
