"""A clause of a filing asked in words that fit it: "What drives ...?" of a thing that
drives or decides something ("Who ... by?" only of people and bodies), a frequency said as one hyphenated
word ("semi-annually") asked whole, never split into "paid semi-?"; a reference such as
"exclusion J." does not end a sentence, a lead that only links a sentence to the text
around it is not asked, and a yes/no question never ends in a dangling preposition."""

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
    # A thing that drives something is asked in the active voice.
    assert "What drives cloud revenue?" in pairs, questions
    assert not [q for q in pairs if q.endswith("cloud revenue driven by?")], questions
    assert "Who issues badges?" in pairs, questions  # people still "Who"
    assert "How often is interest on the senior notes paid?" in pairs, questions
    assert not any(q.startswith("When do examples") for q in pairs), questions
    assert "semi-?" not in questions and "semi-annually?" not in questions, questions


CONTRACT = """# Harbor Cyber Policy

## Section III. Exclusions

### H. Outage

The Insurer will not pay for any loss from an electrical or mechanical failure of utility service providers not under the Insured's control. For the avoidance of doubt, this exclusion will not apply to any failure or outage in, or disruption of, power or telecommunications services under the direct operational control of the Insured.

### J. Intellectual Property

The Insurer will not pay for any infringement of any intellectual property right; however, this exclusion will not apply to an otherwise covered Media Incident, provided that this exception to exclusion J. Intellectual Property will not apply to any infringement described in items 1. and 2. above.
"""


def test_contract_clauses_are_not_asked_from_pieces(tmp_path: Path) -> None:
    doc = tmp_path / "policy.md"
    doc.write_text(CONTRACT, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    questions = "\n".join(_pairs(cases))
    assert "avoidance of doubt" not in questions, questions
    assert "Will intellectual property apply" not in questions, questions
    assert not any(q.endswith((" in?", " of?")) for q in questions.splitlines()), questions
