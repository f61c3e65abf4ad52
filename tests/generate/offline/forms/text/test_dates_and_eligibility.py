"""A dated event is asked when it happens, and an eligibility rule who it is for, with
whom it leaves out."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

DOC = """# Contoso Volunteer Program Guide

## Eligibility

Employees who have completed their probationary period are eligible to take part in the \
volunteer program. Contractors and interns are not eligible.

## Key dates

The 2025 volunteer week runs from October 6 to October 10, 2025.

Applications for the community grant open on March 1, 2025 and close on April 15, 2025.

The program was launched in 2019 by the Contoso Foundation.

The Contoso Foundation was established in 2012.
"""


def _asked(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "guide.md"
    doc.write_text(DOC, encoding="utf-8")
    return _pairs(_cases([doc], 20)[0])


def test_a_dated_event_is_asked_when_it_happens(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    # The guide's subject is named where the question names nothing else.
    assert "When does the 2025 volunteer week run for the Contoso Volunteer Program?" in pairs
    assert "When do applications for the community grant open" in " ".join(pairs), pairs
    assert "When was the Contoso Foundation established?" in pairs, pairs
    # "the program" names no program: the question would not say which.
    assert "When was the program launched?" not in pairs, pairs


def test_an_eligibility_rule_is_asked_with_whom_it_leaves_out(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    # "the volunteer program" is said by the subject's full name, not twice.
    answer = pairs.get("Who is eligible to take part in the Contoso Volunteer Program?")
    assert answer is not None, pairs
    assert "Contractors and interns are not eligible." in answer, answer
