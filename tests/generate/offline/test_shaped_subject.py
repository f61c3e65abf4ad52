"""Questions name the subject a document's shape gives: a CV's person, a reference page's
function, the company and period of a call transcript, the company a letter speaks for."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.shaped_said import sequence_only
from tests.generate.offline.forms.test_forms import _cases
from tests.helpers.knowledge_fixtures import make_pdf

REFERENCE_MD = """\
---
title: text.Wrap
description: Wraps the given text at a line width, returning a string.
---

The `text.Wrap` function wraps the given text at the given width and returns the wrapped
string. The result depends on two factors:

- Line width: A narrower width gives more lines for the same text.
- Break mode: The break mode decides whether long words are split across lines.

## Options

The `text.Wrap` function accepts an options map.

`mode`
: (`string`) The break mode to use, one of `word`, `char` or `none`. Default is `word`.

  Break mode|Average lines per paragraph
  :--|:--
  word|12
  char|10
  none|15

`width`
: (`int`) The number of characters per line. Must be greater than or equal to `8`.

## Examples

To wrap a paragraph at the default width, pass the text alone.
"""


def _questions(path: Path, count: int = 12) -> list[str]:
    cases, _, _ = _cases([path], count)
    return list(cases)


def test_a_reference_page_names_the_function_it_documents(tmp_path: Path) -> None:
    path = tmp_path / "wrap.md"
    path.write_text(REFERENCE_MD, encoding="utf-8")
    asked = [q for q in _questions(path) if not q.startswith("What is a ")]
    assert len(asked) >= 4, asked
    # "Which break mode has the most average lines per paragraph?" has an answer in
    # every page with such a table: each says it is the text.Wrap function's.
    assert all("text.Wrap function" in q for q in asked), asked
    # ... not with the same words at the end of every question.
    assert len({q.rsplit(" for ", 1)[-1] for q in asked}) > 1, asked


def _cv(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("MARIA LOPEZ, MBA", style="Title")
    d.add_paragraph("maria.lopez@example.org | (555) 201-3344 | Denver, CO")
    d.add_heading("SUMMARY", level=1)
    d.add_paragraph("Supply chain analyst with 6 years of experience in retail logistics.")
    d.add_heading("SKILLS", level=1)
    d.add_paragraph("Planning Tools: SAP APO, Kinaxis, Excel")
    d.add_paragraph("Languages: English, Spanish, Portuguese")
    d.add_heading("EXPERIENCE", level=1)
    d.add_heading("SENIOR ANALYST", level=2)
    d.add_paragraph("Northwind Retail, Denver, CO")
    d.add_paragraph("Reduced stock-outs by 18% across 40 stores by rebuilding the forecast.")
    d.add_heading("EDUCATION", level=1)
    d.add_paragraph("MBA, University of Colorado, 2018")
    d.save(path)
    return path


def test_a_cv_question_names_its_person(tmp_path: Path) -> None:
    asked = _questions(_cv(tmp_path / "cv.docx"))
    assert asked
    assert all("Maria Lopez" in q for q in asked), asked
    # A label under its section is asked as what the person lists there, never as
    # "the <label> for <section>".
    assert not any(" for skills?" in q.lower() for q in asked), asked


def _call(path: Path) -> Path:
    lines = [
        "Fabrikam (FBKM) Q2 2026 Earnings Call Transcript",
        "",
        "Good afternoon, and welcome to Fabrikam's conference call for the second quarter "
        "of fiscal 2026.",
        "",
        "More than 900 companies are using the Fabrikam Edge platform to run their factories.",
        "",
        "Investments in warehouse automation are surging because labour is scarce and robots "
        "have become cheaper.",
    ]
    return make_pdf(path, [lines])


def test_a_call_transcript_question_says_whose_call_and_which_period(tmp_path: Path) -> None:
    asked = _questions(_call(tmp_path / "call.pdf"))
    assert any("900" not in q and "companies" in q for q in asked), asked
    # "How many companies are using ...?" holds for the quarter of the call only.
    assert all("Fabrikam's Q2 fiscal 2026 earnings call" in q for q in asked), asked


LETTER_MD = """\
Dear Shareholders:

This year Northwind grew in every region, and we thank our customers for it. Our revenue
rose by 9% to $3.1 billion.

We think about our business in three layers. The bottom layer is for merchants who want
to build their own stores. The primary building blocks are the storage needed to hold
their goods and the software that makes it easier to list them.

Northwind opened 12 new warehouses, and Northwind now ships to 40 countries. Northwind
customers placed more orders than ever, and Northwind kept its promise.

Sincerely,

Jane Smith Chief Executive Officer Northwind.com, Inc.
"""


def test_a_letter_names_the_company_it_is_signed_for(tmp_path: Path) -> None:
    path = tmp_path / "letter.md"
    path.write_text(LETTER_MD, encoding="utf-8")
    asked = _questions(path)
    goals = [q for q in asked if "building blocks" in q]
    assert goals, asked
    assert all("Northwind" in q for q in goals), goals


def test_a_place_in_a_sequence_alone_is_not_asked() -> None:
    assert sequence_only("What is the next category of image?")
    assert sequence_only("What is a second challenge?")
    assert sequence_only("What is the score of the second example?")
    assert not sequence_only("What is the last day to register for classes at Duke?")
    assert not sequence_only("What are the primary primitives?")
