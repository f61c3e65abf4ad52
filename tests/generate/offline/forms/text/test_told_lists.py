"""Bullets that tell an account in sentences of their own are no list of the things their
heading names ("What are the evaluations?" answered by what the team does next); bullets
that name a thing first are still asked as a whole list."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs

GUIDE = """# Buying guide

## Evaluations

- Hopefully we received interest from industry and have several responses from \
vendors. We will then review each quote against the criteria stated in the request.
- Typically the contracting officer will run the price analysis to make sure the \
winning quote is fair and reasonable. The analysis is filed with the award.

## Team rituals

- Monthly tech talks. See the events calendar to sign up for a talk.
- Weekly check-ins. Meet your supervisor for half an hour each week.
- Quarterly retrospectives. Review what went well with the whole team.
"""


def test_bullets_that_tell_an_account_are_not_asked_as_a_list(tmp_path: Path) -> None:
    page = tmp_path / "buying.md"
    page.write_text(GUIDE, encoding="utf-8")
    pairs = offline_pairs(tmp_path, page)
    assert not [q for q in pairs if q.lower().startswith("what are the evaluations")], pairs
    rituals = [a for q, a in pairs.items() if "rituals" in q.lower()]
    assert rituals and "Quarterly retrospectives" in rituals[0], pairs
