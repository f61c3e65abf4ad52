"""A handbook page whose title is its topic names its company only in its text: the
questions say whose rules they ask about, never "our"."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.speaks_for import speaks_for
from datasetkit.knowledge import load
from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Side Projects

Side projects are work you do outside of your job at Tailwind Traders. We’re happy when \
people grow outside work, but we want your work at Tailwind Traders to come first.

## Rules

You can’t work for a company that competes with our products.

You must tell your manager before you accept a paid side project.

Questions? Ask the people team at Tailwind Traders.
"""

NEWS = """# Harbour news

We visited the harbour at Portsmouth last week. Our boat stayed at Portsmouth for a day, \
and we sailed on to Brighton, where we met friends at Brighton marina.
"""


def _doc(tmp_path: Path, name: str, text: str) -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def test_the_company_a_first_person_page_places_its_reader_at_is_its_own(tmp_path: Path) -> None:
    doc = load([str(_doc(tmp_path, "side.md", PAGE))], None)[0]
    assert speaks_for(doc) == "Tailwind Traders"


def test_two_places_named_alike_give_no_company(tmp_path: Path) -> None:
    doc = load([str(_doc(tmp_path, "news.md", NEWS))], None)[0]
    assert speaks_for(doc) is None


def test_a_rule_said_with_our_and_a_typographic_apostrophe_names_the_company(
    tmp_path: Path,
) -> None:
    pairs = _pairs(_cases([_doc(tmp_path, "side.md", PAGE)], 20)[0])
    asked = "Can I work for a company that competes with Tailwind Traders' products?"
    assert asked in pairs, list(pairs)
    assert pairs[asked].startswith("No.")
    assert not [q for q in pairs if " our " in f" {q} "], list(pairs)


CLINIC = """# Primary care after the reforms

We argue that our health service must change. Many nurses could join GPs in new \
practices, and we think our patients gain when nurses work at GPs' surgeries.

GPs want to buy hospitals, and GPs may merge with trusts. We expect more nurses to \
join GPs next year.
"""


def test_an_acronym_in_the_plural_names_a_kind_of_people_not_an_organisation(
    tmp_path: Path,
) -> None:
    doc = load([str(_doc(tmp_path, "care.md", CLINIC))], None)[0]
    assert speaks_for(doc) is None
    questions = list(_pairs(_cases([_doc(tmp_path, "care.md", CLINIC)], 20)[0]))
    assert not [q for q in questions if "GPs'" in q or "at GPs" in q], questions


GROUP = """# Sponsorship Information

Brackwater SQL Guild is a nonprofit user group for data professionals in the river valley. We meet every month, and our members come from companies of every size.

## Sponsorship levels

- Single meeting: $150, a short talk at one meeting
- Annual: $1,200, a talk at four meetings during the year

## How we meet

We announce every meeting at Meetup, where members sign up. Our group at Meetup has 900 members. Join Brackwater SQL Guild at Meetup to hear about new meetings.

Brackwater SQL Guild thanks every sponsor. Sponsors help Brackwater SQL Guild pay for food and rooms, and Brackwater SQL Guild lists each sponsor on its page.
"""


def test_a_platform_a_group_meets_at_is_not_the_group_its_body_defines(tmp_path: Path) -> None:
    questions = list(_pairs(_cases([_doc(tmp_path, "group.md", GROUP)], 20)[0]))
    assert questions and not [q for q in questions if "Meetup" in q], questions
    assert [q for q in questions if "Brackwater SQL Guild" in q], questions
