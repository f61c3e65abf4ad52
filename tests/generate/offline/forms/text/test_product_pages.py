"""A product page (specifications, a user guide, warranty, returns, an FAQ) is asked what
a customer asks of it, each question naming the product."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Product sheet: item 4021
Harbor Lantern 300, price $45

## Features
- 300 lumen LED with three brightness levels
- Rechargeable battery that lasts up to 40 hours on low

## FAQ
1) How long does the Harbor Lantern 300 take to charge?
   A full charge takes about 5 hours with the supplied USB-C cable.

2) Can the Harbor Lantern 300 be left outside in the rain?
   Yes, the lantern is rated IPX4 and withstands splashing water from any direction.

3) Does the Harbor Lantern 300 work as a power bank?
   No, the battery only powers the lantern itself.
"""


def _asked(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "lantern.md"
    doc.write_text(PAGE, encoding="utf-8")
    return _pairs(_cases([doc], 20)[0])


def test_each_question_of_a_numbered_faq_is_asked_with_its_answer(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    assert pairs.get("How long does the Harbor Lantern 300 take to charge?", "").startswith(
        "A full charge takes about 5 hours"
    ), list(pairs)
    rain = pairs.get("Can the Harbor Lantern 300 be left outside in the rain?", "")
    assert "IPX4" in rain, list(pairs)
    assert "Does the Harbor Lantern 300 work as a power bank?" in pairs, list(pairs)


RETURNS = """# Information about product item_number: 88
Harbor Lantern 300, price $45

## Warranty Information

The Harbor Lantern 300 is covered by a two-year warranty against defects in materials \
and workmanship.

For warranty claims, contact our care team:

- Phone: 1-800-555-0188
- Email: care@harbor-lights.example

## Return Policy

Returns are accepted within 30 days of purchase. Customer is responsible for the cost of \
return shipping. A refund is issued once the returned item is received.
"""


def test_a_title_s_opening_word_and_a_terse_note_name_no_one(tmp_path: Path) -> None:
    doc = tmp_path / "lantern.md"
    doc.write_text(RETURNS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    # "Information about product ..." names no company: no "Information's return policy".
    assert not [q for q in pairs if "Information's" in q or "Information’s" in q], list(pairs)
    # "Customer is responsible for ...": no "What is customer responsible for?".
    assert not [q for q in pairs if "is customer" in q], list(pairs)
    # A heading that names what the reader wants owns no phone number.
    assert not [q for q in pairs if "of the warranty information" in q.lower()], list(pairs)
    assert [q for q in pairs if q.startswith("What email address can I use for warranty")]
    # A thing that does something is asked in the active voice, not "What is X covered by?".
    assert not [q for q in pairs if q.endswith(" covered by?")], list(pairs)
    assert "What warranty covers the Harbor Lantern 300?" in pairs, list(pairs)


GUIDE = """# Product sheet: item 512
Harbor Pack 20, price $80

## User Guide

Packing and Organizing: The Harbor Pack 20 offers three compartments to keep your gear in order.

Shipping: Free delivery on orders over $50 within the mainland.
"""


def test_a_label_that_joins_activities_is_no_term(tmp_path: Path) -> None:
    doc = tmp_path / "pack.md"
    doc.write_text(GUIDE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    assert not [q for q in pairs if "packing and organizing" in q.lower()], list(pairs)
    assert [q for q in pairs if "shipping" in q.lower()], list(pairs)


CHECKLIST = """# Reviewing a loan applicant

Reviewers put these prompts to the applicant's records before a decision.

1. Income Stability: How stable is the applicant's income? Reviewers look at two years of pay slips and any gaps between jobs.
2. Existing Debt: What debts does the applicant already carry? Reviewers list loans, card balances and their monthly payments.
3. Collateral Value: What is the collateral worth? Reviewers compare the appraisal with recent sales nearby.
"""


def test_the_labelled_prompts_of_a_checklist_are_not_asked_as_faq_items(tmp_path: Path) -> None:
    doc = tmp_path / "checklist.md"
    doc.write_text(CHECKLIST, encoding="utf-8")
    asked = list(_pairs(_cases([doc], 20)[0]))
    assert not [q for q in asked if ":" in q or "the applicant's" in q], asked
