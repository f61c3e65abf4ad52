"""A definition question needs a term and an answer that defines it: never a line's label
("Note:"), a person's name, or a label whose text supposes what could happen."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

DOC = """# Household cases

## The Byrne family

Aidan is an engineer earning 50,000 a year and his wife is a teacher.
Cian is 4 years old and his sister is 8 years old.
Orla is a widow aged 69, with a pension from her late husband's work.

## Outlook

Note: The figure shows prices across eighteen economies and seven regions.

Faster recovery: A drop in energy prices could lift household spending in many regions.

Trade in metals weakening: A slowdown of the trade in metals remains a source of risk for exporters.

Supporting the vulnerable: The surge in energy prices triggered a crisis for many households.

A rebate is a partial refund of a price paid, returned to the buyer after purchase.

Grace period: the time after a due date during which a payment is still accepted.
"""


def test_definitions_are_asked_of_terms_only(tmp_path: Path) -> None:
    doc = tmp_path / "cases.md"
    doc.write_text(DOC, encoding="utf-8")
    cases, _, _ = _cases([doc], 30)
    questions = "\n".join(_pairs(cases))
    for label in ("what is note?", "what is aidan?", "what is orla?", "what is cian?"):
        assert label not in questions.lower(), questions
    for clause in ("faster recovery?", "metals weakening?", "supporting the vulnerable?"):
        assert clause not in questions.lower(), questions
    # Real terms are still defined.
    assert "What is the grace period?" in questions or "What is a grace period?" in questions, (
        questions
    )


ASSETS = """# Site security handbook

## Assets to protect

Supplies: paper, forms, ribbons, magnetic media.

Documentation: on programs, hardware, systems and local administrative procedures.

Data: information stored on disks, tapes and backups.
"""


def test_a_label_over_what_it_holds_is_no_term(tmp_path: Path) -> None:
    # "What is Supplies?" answered "paper, forms, ribbons": an enumeration, no definition;
    # "Documentation: on programs, ..." says what it is about, not what it is.
    doc = tmp_path / "assets.md"
    doc.write_text(ASSETS, encoding="utf-8")
    questions = "\n".join(_pairs(_cases([doc], 20)[0])).lower()
    assert "supplies?" not in questions and "documentation?" not in questions, questions
    assert "what is data?" in questions, questions


TOOLS = """# Internal tools

## Beacon

Beacon is the main dashboard for everything that has to do with uptime and alerting.

[beacon.tailwind.example](https://beacon.tailwind.example)

## Ledger

Ledger is the invoicing system the finance team runs every month.
"""


def test_a_term_that_titles_its_section_keeps_its_capital(tmp_path: Path) -> None:
    doc = tmp_path / "tools.md"
    doc.write_text(TOOLS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    # The link's host name ("beacon.tailwind.example") is no lower-case use of the name.
    assert "What is Beacon?" in pairs, list(pairs)
    assert "What is beacon?" not in pairs


CLASSES = """# About the team

## Who we are

Northwind is a fully distributed company.

Performance reviews are a two-way dialogue between managers and employees.

Relay is a messaging service that delivers alerts to the on-call engineer.

A voucher is a prepaid meal ticket.
"""


def test_a_class_with_nothing_that_sets_the_term_apart_is_no_definition(tmp_path: Path) -> None:
    # "<Name> is a <class>" with no clause, purpose or use in it answers "What is <Name>?"
    # with an opinion of it; "A <noun> is a <class>" is a definition's own shape.
    doc = tmp_path / "team.md"
    doc.write_text(CLASSES, encoding="utf-8")
    pairs = _pairs(_cases([doc], 30)[0])
    asked = "\n".join(pairs).lower()
    assert "what is northwind?" not in asked, asked
    assert "what are performance reviews?" not in asked, asked
    relay = [a for q, a in pairs.items() if q.lower() == "what is relay?"]
    assert relay and "on-call engineer" in relay[0], pairs
    assert "prepaid meal ticket" in pairs.get("What is a voucher?", ""), pairs


COMMON_WORDS = """# Trustee handbook

## Reviews of the trustee

Audits are the starting point for judging the controls of the office and its records.
The office pays for its audits from the trust account.

The problem is that the records of the office are kept in two places.

Below is the list of the records the office keeps for each case.

A cookie is a small text file that a website stores on the device of a visitor.
"""


def test_one_common_word_with_no_subject_is_not_asked_what_it_is(tmp_path: Path) -> None:
    # "What are audits?", "What is the problem?", "What is below?": the question asks of a
    # common word as if of the word itself; a definition with its differentia stays.
    doc = tmp_path / "handbook.md"
    doc.write_text(COMMON_WORDS, encoding="utf-8")
    asked = "\n".join(_pairs(_cases([doc], 30)[0])).lower()
    assert "what are audits?" not in asked, asked
    assert "what is the problem?" not in asked, asked
    assert "what is below?" not in asked, asked
    assert "what is a cookie?" in asked, asked
