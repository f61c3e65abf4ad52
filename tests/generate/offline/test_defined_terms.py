"""A term a policy defines in its own glossary is asked as the policy's term."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.defined_terms import defines_itself
from tests.generate.offline.test_doc_subject import _questions

POLICY_MD = """\
# Northwind Traders Returns Policy

## Return window

Unused items can be returned within 45 days of delivery for a full refund.

## Glossary

- Store credit: a voucher for the value of a return, valid for 6 months.
- Restocking fee: a charge of 15% for returns of opened items.
- Faulty item: an item that does not work as described when it arrives.
"""


def test_a_glossary_term_of_a_policy_says_whose_term_it_is(tmp_path: Path) -> None:
    path = tmp_path / "returns.md"
    path.write_text(POLICY_MD, encoding="utf-8")
    questions = _questions([path])
    terms = [q for q in questions if q.startswith("What is a ")]
    assert len(terms) >= 2, questions
    assert all("Northwind Traders" in q for q in terms), questions


def test_a_textbook_entry_of_a_glossary_is_anyones_term() -> None:
    glossary = ("Returns Policy", "Glossary")
    assert defines_itself("Store credit: a voucher valid for 6 months.", glossary)
    assert not defines_itself("Faulty item: an item that does not work.", glossary)
    assert not defines_itself("Store credit: a voucher valid for 6 months.", ("Returns",))
