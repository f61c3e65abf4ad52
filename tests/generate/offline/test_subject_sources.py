"""Questions name the subject a document states outside its title: the registrant on a
filing's cover, the company a press release's lead says announces it, the product on the
first line under a generic title, the policy a file's name gives; never a place, a
public body or a form's name."""

from __future__ import annotations

import re
from pathlib import Path

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import DocWords
from datasetkit.generate.offline.subject_said import Subject, with_subject
from datasetkit.knowledge.model import Provenance, Section
from tests.helpers.offline_prompts import offline_prompts


def _questions(path: Path, text: str, count: int = 12) -> list[str]:
    return offline_prompts(path, text, count)


# Rules any organisation's document could state; each gives a question naming nothing.
RULES = """
## Dividends

Dividends are paid twice a year, in March and September.

## Travel

Business travel must be approved at least 7 days in advance.

## Expenses

Expense reports must be submitted within 30 days after the trip ends.
"""

FILING = (
    """\
# UNITED STATES

SECURITIES AND EXCHANGE COMMISSION

Washington, D.C. 20549

## FORM 10-K

## FABRIKAM CORPORATION

## ONE FABRIKAM WAY, SPRINGFIELD 12345

Fabrikam Corporation makes garden tools. Fabrikam sells them in the United States and
in 40 other countries, and Fabrikam employs 5,000 people. Fabrikam was founded in 1950 and has grown every year.
"""
    + RULES
    + """
## Revenue by segment

| Segment | Revenue (in millions) |
| --- | --- |
| Garden tools | $1,200 |
| Power tools | $3,400 |
| Seeds | $800 |
| Services | $650 |
"""
)


def test_a_filing_names_the_registrant_its_cover_names_never_the_country(
    tmp_path: Path,
) -> None:
    questions = _questions(tmp_path / "annual.md", FILING)
    assert len(questions) >= 3, questions
    assert not any(re.search(r"\bUnited\b|\bStates\b|Commission|FORM", q) for q in questions)
    asked = [q for q in questions if "Fabrikam" in q]
    # Every rule and every figure is said as the registrant's, as the body names it.
    assert len(asked) == len(questions), questions
    assert not any("FABRIKAM" in q or "Corporation" in q for q in questions), questions


RELEASE = (
    """\
# Strong Cloud Demand Drives Record Quarter

SEATTLE, Wash. — May 1, 2024 — Contoso Ltd. today announced results for the quarter
ended March 31, 2024, as compared to the same period of last year. Contoso grew revenue
in every region, and Contoso opened two offices. Contoso will report again in August.
"""
    + RULES
)


def test_a_press_release_names_the_company_its_lead_says_announces_it(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "release.md", RELEASE)
    assert questions
    assert all("Contoso" in q for q in questions), questions
    assert not any("SEATTLE" in q or "Ltd" in q for q in questions), questions


PRODUCT = """\
# Information about product item_number: 7
Northwind Trail Stove, price $80,

## Features
- Two burners for fast cooking
- Folding legs for easy carrying

## Warranty
The Northwind Trail Stove comes with a warranty. The warranty period is 2 years from the
date of purchase. The warranty does not cover damage from misuse.

## Care
Clean the stove after every use. Store the stove in a dry place.
"""


def test_the_first_line_under_a_generic_title_names_the_product(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "item_7.md", PRODUCT)
    assert questions
    unnamed = [q for q in questions if "Northwind Trail Stove" not in q]
    assert not unnamed, questions


POLICY = """\
# Overview

This guide explains the Travel Insurance Policy that Tailspin offers to its customers.
Tailspin pays claims within 30 days, and Tailspin covers trips of up to 90 days.

## Claims

Claims must be filed within 60 days after the trip ends.

## Cancellations

A trip cancelled for medical reasons is refunded in full.
"""


def test_a_file_name_names_the_policy_the_body_has_no_better_title_for(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "Tailspin - Travel Insurance Policy_Retail.md", POLICY)
    assert questions
    assert all("Tailspin" in q for q in questions), questions


AGENCY = (
    """\
# STATE OF NORTH DAKOTA

DEPARTMENT OF TRANSPORTATION

## FORM SFN 2150

## Contract Information

The contract sets the terms under which vendors deliver road salt. The contract runs for
two years and may be renewed once. The contract ends when either party gives notice.
"""
    + RULES
)


def test_a_cover_of_places_agencies_forms_and_labels_gives_no_subject(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "contract.md", AGENCY)
    assert questions
    for word in ("Dakota", "DAKOTA", "Transportation", "TRANSPORTATION", "SFN", "Information"):
        assert not any(word in q for q in questions), questions


def test_a_term_a_policy_defines_is_asked_as_the_policys() -> None:
    section = Section(kind="paragraph", text="x", provenance=Provenance(file="f.md"))
    policy = Subject("the Tailspin Travel Policy", "rules", "cover", ("Tailspin",), "policy")
    defined = "Waiting Period means the hours after an outage before income loss is paid."
    textbook = "A waiting period is a time before something starts."
    words = DocWords(())
    for evidence, expected in (
        (defined, "What does Waiting Period mean under the Tailspin Travel Policy?"),
        (textbook, "What does Waiting Period mean?"),
    ):
        c = Candidate(
            "What does Waiting Period mean?", evidence, evidence, section, "definition", 1
        )
        assert with_subject(c, policy, words).question == expected


TITLE_OVER_LINES = (
    """\
# U.S. Department of Labor

Office of Workplace Standards

Handbook for

Contract Reviewers

October 1, 2024

The Handbook explains how reviewers read contracts. The Handbook is updated every
year, and the Handbook is sent to every reviewer.
"""
    + RULES
)


def test_a_title_set_over_several_cover_lines_is_no_organisation(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "handbook.md", TITLE_OVER_LINES)
    assert questions
    assert not any(re.search(r"Handbook for|Labor|Workplace", q) for q in questions), questions


def test_a_question_on_a_term_a_policy_defines_names_the_policy() -> None:
    section = Section(kind="paragraph", text="x", provenance=Provenance(file="f.md"))
    policy = Subject("the Tailspin Travel Policy", "rules", "cover", ("Tailspin",), "policy")
    evidence = (
        "Electronic Data means information stored on a computer; it does not include Software."
    )
    c = Candidate("Does Electronic Data include Software?", "No.", evidence, section, "yes_no", 1)
    named = with_subject(c, policy, DocWords(()))
    assert (
        named.question == "Does Electronic Data include Software under the Tailspin Travel Policy?"
    )


AGREEMENT = """\
# Department of Transportation Master Agreement

| Item | Unit price | Delivery |
| --- | --- | --- |
| Road salt | $85 per ton | 5 days |
| Sand | $40 per ton | 3 days |
| Gravel | $55 per ton | 4 days |
"""


def test_a_documents_title_above_a_table_is_not_whose_figures_they_are(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "agreement.md", AGREEMENT)
    assert not any("Department" in q for q in questions), questions


def test_the_subject_takes_the_place_of_a_part_of_the_document_named_by_its_kind() -> None:
    section = Section(kind="paragraph", text="x", provenance=Provenance(file="f.md"))
    stove = Subject("the Trail Stove", "product", "first line", ("Trail Stove",), "stove")
    asked = "What are the safety instructions for user guide?"
    c = Candidate(asked, "Keep it dry.", "Keep it dry.", section, "list", 1)
    named = with_subject(c, stove, DocWords(()))
    assert named.question == "What are the safety instructions for the Trail Stove?"


def test_naming_the_subject_never_hides_what_the_gate_turns_down() -> None:
    section = Section(kind="paragraph", text="x", provenance=Provenance(file="f.md"))
    acme = Subject("Acme Outdoor", "organisation", "cover", ("Acme Outdoor",))
    for asked in ("What is the following?", "What are the above?"):
        c = Candidate(asked, "Three plans.", "Three plans.", section, "faq", 1)
        assert with_subject(c, acme, DocWords(())).question == asked


SECTIONS_AFTER_TITLE = """\
# Role Descriptions

## Leadership Roles

Updated: 2024-01-01

## Head of Support

Position: Head of Support

Responsibilities:

- Lead the Head of Support team. The Head of Support reports to the board.
- The Head of Support sets yearly goals. Each Head of Support serves two years.

## Head of Sales

Responsibilities:

- Grow revenue in every region.
- Report progress to the board every quarter.
"""


def test_the_first_section_of_the_body_is_not_the_cover(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "roles.md", SECTIONS_AFTER_TITLE)
    assert not any("Head of Support's" in q or "at Head of Support" in q for q in questions)


def test_a_cover_name_the_body_sets_partly_in_capitals_is_said_in_title_case(
    tmp_path: Path,
) -> None:
    text = (
        "# TAILSPIN ASSET MANAGEMENT FUNDS\n\n"
        "This prospectus describes TAILSPIN ASSET MANAGEMENT Funds and the shares they issue "
        "to institutional investors.\n"
        "Shares of TAILSPIN ASSET MANAGEMENT Funds are dealt daily, and TAILSPIN ASSET "
        "MANAGEMENT Funds publish prices every day.\n" + RULES
    )
    questions = _questions(tmp_path / "prospectus.md", text)
    assert questions
    assert not [q for q in questions if "TAILSPIN" in q], questions
    assert [q for q in questions if "Tailspin Asset Management Funds" in q], questions


PAPER = """# Why journal ranks should not be used for judging research

Ana M Ruiz

Judging research by journal ranks is common, and it should not be: this is why. A rank
is used because it is quick, but judging research should be done by reading it. Ranks
should not be used for hiring, and they should not be used for grants.

## Skewed citations

Most citations go to a few articles, which is why a journal's rank says little about any
one of its articles. Judging research by the rank of its journal should be avoided.

## About the author

Institute for Studies in Research, Oslo. Ana M Ruiz, professor.
"""


def test_the_authors_name_under_a_papers_title_is_no_subject(tmp_path: Path) -> None:
    from datasetkit.generate.offline.language.words import doc_words
    from datasetkit.generate.offline.subject_sources import from_first_line
    from datasetkit.knowledge import load

    f = tmp_path / "paper.md"
    f.write_text(PAPER, encoding="utf-8")
    doc = load([f])[0]
    assert from_first_line(doc, doc_words(doc)) is None
