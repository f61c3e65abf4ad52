"""A question never speaks as the document's author: "our vision" is said as the
organisation's, or the question is not written."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.gate.admit import reading_problem
from datasetkit.generate.offline.speaker import said_by_owner
from tests.helpers.offline_prompts import offline_prompts


def _questions(path: Path, text: str, count: int = 12) -> list[str]:
    return offline_prompts(path, text, count)


BODY = """
## Research

To achieve our vision, our research efforts focus on three ambitions:

- Reinvent how people work together.
- Build the platform for connected devices.
- Create more personal computing.

## Accountability

We publish our progress every year. To ensure accountability over time, we publicly
disclose our progress on hiring, pay and promotion in every region.
"""

COMPANY = (
    """\
# Fabrikam Annual Report

Fabrikam makes software for schools. Fabrikam sells it in 40 countries, and Fabrikam
employs 5,000 people.
"""
    + BODY
)


def test_the_authors_we_and_our_are_said_as_the_organisations(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "report.md", COMPANY)
    assert questions
    assert not any(reading_problem(q) for q in questions), questions
    assert "How does Fabrikam achieve its vision?" in questions, questions


def test_without_an_organisation_the_authors_voice_is_not_asked(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "notes.md", "# Notes\n" + BODY)
    assert not any(" our " in f" {q} " or " we " in f" {q} " for q in questions), questions


def test_the_gate_turns_down_a_question_in_the_authors_voice() -> None:
    found = reading_problem("How do I achieve our vision?")
    assert found is not None and found[0] == "unresolved_reference"
    assert reading_problem("How does Fabrikam achieve its vision?") is None
    assert reading_problem("What are the US tax rules?") is None  # the country, not "us"


def test_the_organisation_takes_the_authors_place_in_the_question() -> None:
    cases = {
        "What is our vision?": "What is Fabrikam's vision?",
        "Do we pay dividends?": "Does Fabrikam pay dividends?",
        "Are we open on Sundays?": "Is Fabrikam open on Sundays?",
        "Can I contact us by phone?": "Can I contact Fabrikam by phone?",
        # The asker's own "I" (with "my") stays the asker's.
        "How do I reach our office from my hotel?": "How do I reach Fabrikam's office from my hotel?",
    }
    for question, expected in cases.items():
        assert said_by_owner(question, "Fabrikam") == expected
    assert said_by_owner("What do customers get when we close?", "Fabrikam") is None
    assert said_by_owner("What is our vision?", None) is None
