"""A question keeps what its sentence says: the degree word of a condition ("if too much
is withheld"), the limit a negation holds up to ("cannot ... until"), the term a
definition defines without the adverb before its verb; and a sentence that is no
definition ("<X> is an interesting example of <Y>", "<X> is a more efficient <Y>") or no
purpose ("uses a <thing> that is known for ...") is not asked as one."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

GUIDE = """# Payroll withholding guide

## Withholding

If too much is withheld, you will generally be due a refund when you file your return.
If too little is withheld, you will generally owe tax when you file and may owe a penalty.
You cannot change your withholding election until the next payroll period has started.

## Terms

Gross pay simply means your pay before any tax or deduction is taken out of it.
Glass blowing is an interesting example of an art form that is also a technology.
Batch filing is a more efficient procedure that can be adapted to large employers.

## Late payments

When a payment is late, the payroll office has two choices. First, it can hold the payment until the next run. The other choice is to pay it at once by a separate transfer.

## Tools

The payroll team uses a ledger system that is known for its audit trail in every office.
"""


def test_a_question_keeps_its_sentence_s_degree_and_limit(tmp_path: Path) -> None:
    doc = tmp_path / "guide.md"
    doc.write_text(GUIDE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert "What happens if too much is withheld?" in pairs, pairs
    assert "What happens if too little is withheld?" in pairs, pairs
    assert not any(q.endswith(("if much is withheld?", "if little is withheld?")) for q in pairs)
    # "Can I change my withholding election until ...?" - "No." says the reverse of the rule
    assert not any("until" in q for q in pairs), pairs


def test_a_definition_is_read_by_its_term_and_predicate(tmp_path: Path) -> None:
    doc = tmp_path / "guide.md"
    doc.write_text(GUIDE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert "What does gross pay mean?" in pairs, pairs
    assert not any("simply" in q for q in pairs), pairs
    assert "What is glass blowing?" not in pairs, pairs
    assert "What is batch filing?" not in pairs, pairs
    assert not any("known for" in q or q.endswith("for?") for q in pairs), pairs


def test_a_count_of_what_the_next_sentences_name_is_not_asked(tmp_path: Path) -> None:
    # "<X> has two choices." announces the choices the next sentences name: "How many
    # choices does <X> have?" answered "two" leaves out what the reader wants.
    doc = tmp_path / "guide.md"
    doc.write_text(GUIDE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert not any(q.startswith("How many choices") for q in pairs), pairs
